import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { adminMessages } from '../../../shared/admin';
import {
  MEETING_PAST_TOLERANCE_MS,
  meetingMessages,
  meetingRoomState,
  type MeetingCreatedResponse,
  type MeetingDetail,
  type UserMeetingResponse,
} from '../../../shared/meetings';
import { errorMessages } from '../../../shared/errors';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { meetings, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { latestMeeting } from './latest-meeting';
import { notify } from '../notifications';
import type { AuthUser } from '../../lib/sessions';
import { interviewInvitation } from './interview-invitation';

/**
 * A room nobody can guess: prefix, user id and timestamp (spec) plus 64 random bits, since
 * anyone who knows a Jitsi room name can walk into the interview.
 */
export function meetingRoomName(config: Pick<Config, 'meetingRoomPrefix'>, userId: number, now = Date.now()): string {
  return `${config.meetingRoomPrefix}-${userId}-${now}-${randomBytes(8).toString('hex')}`;
}

/**
 * Schedules the user's interview at `meetingDate`, the administrator's explicit choice. An interview
 * that is not over yet is moved there (same record, same room, so a shared link keeps working);
 * otherwise a new one is created and the past ones stay as history.
 */
export async function scheduleMeeting(
  db: Db,
  config: Config,
  actor: AuthUser,
  userId: number,
  meetingDate: string | undefined,
): Promise<MeetingCreatedResponse> {
  if (meetingDate === undefined) throw AppError.validation({ meeting_date: [meetingMessages.missingDate] }, errorMessages.validation_failed);
  const now = Date.now();
  const scheduledAt = new Date(meetingDate);
  if (Number.isNaN(scheduledAt.getTime())) throw AppError.validation({ meeting_date: [meetingMessages.invalidDate] }, meetingMessages.invalidDate);
  if (scheduledAt.getTime() < now - MEETING_PAST_TOLERANCE_MS) {
    throw AppError.validation({ meeting_date: [meetingMessages.pastDate] }, meetingMessages.pastDate);
  }

  return db.transaction(async (tx) => {
    // The row lock makes two administrators scheduling at once move one interview, not create two.
    const [user] = await tx
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
      .for('update');
    if (!user) throw AppError.notFound(adminMessages.userNotFound);
    const current = await latestMeeting(tx, userId);
    const attendee = { name: `${user.firstname} ${user.lastname}`, email: user.email };
    const date = scheduledAt.toISOString();
    if (current && meetingRoomState(current.date, now) !== 'over') {
      // Same event for the calendars: same UID, one more SEQUENCE.
      const [moved] = await tx
        .update(meetings)
        .set({ scheduledAt, sequence: sql`${meetings.sequence} + 1` })
        .where(eq(meetings.id, current.id))
        .returning({ sequence: meetings.sequence });
      await recordAudit(tx, {
        actor,
        target: user,
        action: 'meeting',
        details: { meeting_id: current.id, meeting_date: date, previous_date: current.date },
      });
      await notify(tx, {
        userId,
        kind: 'interview',
        data: { change: 'moved', date, previousDate: current.date },
        attachments: [await interviewInvitation(config, { meetingId: current.id, date, sequence: moved!.sequence, attendee }, 'REQUEST')],
      });
      return { meeting_id: current.id, meeting_url: current.url, meeting_date: date, moved: true };
    }
    const roomName = meetingRoomName(config, userId, now);
    const url = `https://${config.jitsiDomain}/${roomName}`;
    const [meeting] = await tx
      .insert(meetings)
      .values({ userId, createdById: actor.id, roomName, url, scheduledAt })
      .returning({ id: meetings.id, sequence: meetings.sequence });
    await recordAudit(tx, { actor, target: user, action: 'meeting', details: { meeting_id: meeting!.id, meeting_date: date } });
    await notify(tx, {
      userId,
      kind: 'interview',
      data: { change: 'scheduled', date },
      attachments: [await interviewInvitation(config, { meetingId: meeting!.id, date, sequence: meeting!.sequence, attendee }, 'REQUEST')],
    });
    return { meeting_id: meeting!.id, meeting_url: url, meeting_date: date, moved: false };
  });
}

/**
 * Cancels the user's interview that is not over: the row goes (the audit log keeps the history),
 * and the interviewee gets the cancellation with a METHOD:CANCEL invitation that removes the
 * event from their calendar. 404 when there is no such interview.
 */
export async function cancelMeeting(db: Db, config: Config, actor: AuthUser, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // The same lock as scheduling: a cancellation and a move of the same interview happen one after the other.
    const [user] = await tx
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
      .for('update');
    if (!user) throw AppError.notFound(adminMessages.userNotFound);
    const current = await latestMeeting(tx, userId);
    if (!current || meetingRoomState(current.date) === 'over') throw AppError.notFound(meetingMessages.noUpcomingMeeting);
    const [removed] = await tx.delete(meetings).where(eq(meetings.id, current.id)).returning({ sequence: meetings.sequence });
    await recordAudit(tx, { actor, target: user, action: 'meeting_cancel', details: { meeting_id: current.id, meeting_date: current.date } });
    await notify(tx, {
      userId,
      kind: 'interview',
      data: { change: 'cancelled', date: current.date },
      attachments: [
        await interviewInvitation(
          config,
          { meetingId: current.id, date: current.date, sequence: removed!.sequence + 1, attendee: { name: `${user.firstname} ${user.lastname}`, email: user.email } },
          'CANCEL',
        ),
      ],
    });
  });
}

async function meetingDetail(db: Executor, config: Config, meetingId: number): Promise<MeetingDetail | null> {
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
  if (!row) return null;
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

/** What the meeting page embeds: the room on its Jitsi server and who the admin is meeting. */
export async function getMeeting(db: Db, config: Config, meetingId: number): Promise<MeetingDetail> {
  const detail = await meetingDetail(db, config, meetingId);
  if (!detail) throw AppError.notFound(meetingMessages.meetingNotFound);
  return detail;
}

/** The user and their interview that is not over, for the page that joins it; reads only, never schedules. */
export async function getUserMeeting(db: Db, config: Config, userId: number): Promise<UserMeetingResponse> {
  const [user] = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw AppError.notFound(adminMessages.userNotFound);
  const current = await latestMeeting(db, userId);
  const meeting = current && meetingRoomState(current.date) !== 'over' ? await meetingDetail(db, config, current.id) : null;
  return { user, meeting };
}
