import { downloadFile } from '../../../lib/api-client';

/** Downloads the PDF sign-in sheet of one day ('YYYY-MM-DD', Paris) of a session. */
export function downloadSheet(sessionId: number, day: string): Promise<void> {
  return downloadFile(`/api/sessions/${sessionId}/attendance-sheet?date=${day}`, `emargement-${day}.pdf`);
}
