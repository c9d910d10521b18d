import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { adminMessages } from '../../../shared/admin';
import { MEETING_PAST_TOLERANCE_MS, meetingMessages, type MeetingCreatedResponse, type MeetingDetail } from '../../../shared/meetings';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { meetings, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { AuthUser } from '../../lib/sessions';

/**
 * A room nobody can guess: prefix, user id and timestamp (spec) plus 64 random bits, since
 * anyone who knows a Jitsi room name can walk into the interview.
 */
export function meetingRoomName(config: Pick<Config, 'meetingRoomPrefix'>, userId: number, now = Date.now()): string {
  return `${config.meetingRoomPrefix}-${userId}-${now}-${randomBytes(8).toString('hex')}`;
}

/**
 * Schedules an interview with a user at `meetingDate`, or opens one now when it is absent.
 * Every meeting is kept (history); the latest is the user's current one.
 */
export async function createMeeting(
  db: Db,
  config: Config,
  actor: AuthUser,
  userId: number,
  meetingDate: string | undefined,
): Promise<MeetingCreatedResponse> {
  const now = Date.now();
  const scheduledAt = meetingDate === undefined ? new Date(now) : new Date(meetingDate);
  if (Number.isNaN(scheduledAt.getTime())) throw AppError.validation({ meeting_date: [meetingMessages.invalidDate] }, meetingMessages.invalidDate);
  if (scheduledAt.getTime() < now - MEETING_PAST_TOLERANCE_MS) {
    throw AppError.validation({ meeting_date: [meetingMessages.pastDate] }, meetingMessages.pastDate);
  }

  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) throw AppError.notFound(adminMessages.userNotFound);
    const roomName = meetingRoomName(config, userId, now);
    const url = `https://${config.jitsiDomain}/${roomName}`;
    const [meeting] = await tx
      .insert(meetings)
      .values({ userId, createdById: actor.id, roomName, url, scheduledAt })
      .returning({ id: meetings.id });
    await recordAudit(tx, { actor, target: user, action: 'meeting', details: { meeting_id: meeting!.id, meeting_date: scheduledAt.toISOString() } });
    return { meeting_id: meeting!.id, meeting_url: url, meeting_date: scheduledAt.toISOString() };
  });
}

/** What the meeting page embeds: the room on its Jitsi server and who the admin is meeting. */
export async function getMeeting(db: Db, config: Config, meetingId: number): Promise<MeetingDetail> {
  const [row] = await db
    .select({
      id: meetings.id,
      roomName: meetings.roomName,
      url: meetings.url,
      scheduledAt: meetings.scheduledAt,
      userId: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
    })
    .from(meetings)
    .innerJoin(users, eq(users.id, meetings.userId))
    .where(eq(meetings.id, meetingId))
    .limit(1);
  if (!row) throw AppError.notFound(meetingMessages.meetingNotFound);
  return {
    id: row.id,
    room_name: row.roomName,
    url: row.url,
    meeting_date: row.scheduledAt.toISOString(),
    // The room was created on the server configured at that time; its URL says which one.
    jitsi_domain: new URL(row.url).host || config.jitsiDomain,
    user: { id: row.userId, firstname: row.firstname, lastname: row.lastname, email: row.email },
  };
}
