import { apiFetch } from '../../../lib/api-client';
import type { ActivityResult } from '../../../../shared/attendance';

/** `POST /api/lessons/{id}/activity`: one beat of the player while the lesson is on screen. */
export function sendBeat(lessonId: number, seq: number): Promise<ActivityResult> {
  return apiFetch<ActivityResult>(`/api/lessons/${lessonId}/activity`, { method: 'POST', body: { seq } });
}
