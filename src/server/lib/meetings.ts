import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { meetings } from '../db/schema';

/** A user's current interview: the latest one scheduled, as the profile and the status show it. */
export async function latestMeeting(db: Db, userId: number): Promise<{ id: number; date: string; url: string } | null> {
  const [row] = await db
    .select({ id: meetings.id, scheduledAt: meetings.scheduledAt, url: meetings.url })
    .from(meetings)
    .where(eq(meetings.userId, userId))
    .orderBy(desc(meetings.createdAt), desc(meetings.id))
    .limit(1);
  return row ? { id: row.id, date: row.scheduledAt.toISOString(), url: row.url } : null;
}
