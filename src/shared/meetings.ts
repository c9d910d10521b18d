import { z } from 'zod';
import { idSchema } from './ids';

/** A meeting may start up to this long before "now" (clock skew, minutes picked in the current minute). */
export const MEETING_PAST_TOLERANCE_MS = 5 * 60 * 1000;

export const meetingMessages = {
  invalidDate: 'La date de la réunion est invalide.',
  pastDate: 'La date de la réunion ne peut pas être dans le passé.',
  meetingNotFound: 'Réunion introuvable',
} as const;

/**
 * `POST /api/admin/users/{id}/meeting`: with `meeting_date` (ISO 8601) schedules an interview;
 * without it, opens one now.
 */
export const meetingBodySchema = z
  .object({
    meeting_date: z
      .string({ message: meetingMessages.invalidDate })
      .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), { message: meetingMessages.invalidDate })
      .optional(),
  })
  .nullish();

export interface MeetingCreatedResponse {
  meeting_id: number;
  meeting_url: string;
  /** ISO 8601, UTC. */
  meeting_date: string;
}

export const meetingIdParamsSchema = z.object({ meetingId: idSchema });

/** `GET /api/admin/meetings/{meetingId}`: what the meeting page needs to embed the room. */
export interface MeetingDetail {
  id: number;
  room_name: string;
  url: string;
  meeting_date: string;
  jitsi_domain: string;
  user: { id: number; firstname: string; lastname: string; email: string };
}

/** The fixed toolbar of the embedded meeting (spec: "the toolbar buttons are a fixed list"). */
export const JITSI_TOOLBAR_BUTTONS = ['microphone', 'camera', 'desktop', 'chat', 'raisehand', 'tileview', 'hangup', 'fullscreen', 'settings'] as const;
