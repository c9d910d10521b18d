import { desc, eq, type Column, type SQL } from 'drizzle-orm';
import { meetingRoomState } from '../../../shared/meetings';
import type { Executor } from '../../db/client';
import { meetings } from '../../db/schema';

/** A user's current interview; `date` is ISO 8601 in UTC, as the API writes it. */
export interface LatestMeeting {
  id: number;
  date: string;
  url: string;
}

/**
 * The query that chooses a user's current interview: the latest one created (every meeting is
 * kept as history). `userId` is a value, or a column or SQL of an outer query for a lateral join.
 */
export function latestMeetingQuery(db: Executor, userId: number | Column | SQL) {
  return db
    .select({ id: meetings.id, scheduledAt: meetings.scheduledAt, url: meetings.url })
    .from(meetings)
    .where(eq(meetings.userId, userId))
    .orderBy(desc(meetings.createdAt), desc(meetings.id))
    .limit(1);
}

/** A user's current interview, as the profile, the trainer status and the admin screens show it. */
export async function latestMeeting(db: Executor, userId: number): Promise<LatestMeeting | null> {
  const [row] = await latestMeetingQuery(db, userId);
  return row ? { id: row.id, date: row.scheduledAt.toISOString(), url: row.url } : null;
}

/**
 * The room's address as the interviewed user may see it: only while the room is open
 * (shared/meetings.ts sets the window), so nobody sits in the room before the interview or reuses it after.
 */
export function attendeeRoomUrl(meeting: { date: string; url: string }, now: number = Date.now()): string | null {
  return meetingRoomState(meeting.date, now) === 'open' ? meeting.url : null;
}
