/** When an interview's room opens and closes; no zod here: the entry chunk of the web app imports it (decision 031). */

/** A meeting may start up to this long before "now" (clock skew, minutes picked in the current minute). */
export const MEETING_PAST_TOLERANCE_MS = 5 * 60 * 1000;

/** The interview room opens this long before the scheduled time (trainer side; admins may open it any time). */
export const MEETING_ROOM_OPENS_BEFORE_MS = 15 * 60 * 1000;
/** ... and closes this long after it: the interview is then over and a new one is scheduled instead of moved. */
export const MEETING_ROOM_OPEN_AFTER_MS = 2 * 60 * 60 * 1000;

/** Where an interview stands at `now`: its room not open yet, open, or closed for good. */
export type MeetingRoomState = 'upcoming' | 'open' | 'over';

export function meetingRoomOpensAt(meetingDate: string | Date): Date {
  return new Date(new Date(meetingDate).getTime() - MEETING_ROOM_OPENS_BEFORE_MS);
}

export function meetingRoomState(meetingDate: string | Date, now: Date | number = Date.now()): MeetingRoomState {
  const at = new Date(meetingDate).getTime();
  const t = typeof now === 'number' ? now : now.getTime();
  if (t < at - MEETING_ROOM_OPENS_BEFORE_MS) return 'upcoming';
  return t <= at + MEETING_ROOM_OPEN_AFTER_MS ? 'open' : 'over';
}
