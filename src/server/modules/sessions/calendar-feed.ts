import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import type { EventAttributes } from 'ics';
import { webPaths } from '../../../shared/web-paths';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { calendarFeeds, courses, liveRegistrations, liveSessions, meetings, opportunities, opportunityResponses, settings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { INTERVIEW_CALENDAR_MINUTES } from '../meetings';
import { sessionEvent, uidHost } from './session-calendar';

/** Where the feeds are served: a path of the site, outside /api (calendar clients fetch it without a session). */
export const CALENDAR_PATH_PREFIX = '/calendrier/';
/** A feed's token: 256 bits, base64url (43 characters). */
const FEED = /^([A-Za-z0-9_-]{43})\.ics$/;
const SECRET_SETTING = 'calendar_feed_secret';

async function feedSecret(db: Executor): Promise<string> {
  const read = async () => (await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SECRET_SETTING)).limit(1))[0]?.value;
  let value = await read();
  if (!value) {
    await db.insert(settings).values({ key: SECRET_SETTING, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
    value = await read();
  }
  return value!;
}

/** The token of a nonce: an HMAC with the server's secret, so the row alone does not give the address. */
function feedToken(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`ecoforma-calendar:v1:${nonce}`).digest('base64url');
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function feedUrl(token: string): string {
  return `${CALENDAR_PATH_PREFIX}${token}.ics`;
}

async function writeFeed(db: Executor, userId: number, replace: boolean): Promise<string> {
  const secret = await feedSecret(db);
  const nonce = randomBytes(16).toString('base64url');
  const token = feedToken(secret, nonce);
  const insert = db.insert(calendarFeeds).values({ userId, nonce, tokenHash: tokenHash(token) });
  if (replace) await insert.onConflictDoUpdate({ target: calendarFeeds.userId, set: { nonce, tokenHash: tokenHash(token), createdAt: new Date() } });
  else await insert.onConflictDoNothing();
  const [row] = await db.select({ nonce: calendarFeeds.nonce }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return feedUrl(feedToken(secret, row!.nonce));
}

/** The caller's private feed address, made on first ask. */
export async function calendarFeed(db: Db, userId: number): Promise<{ url: string }> {
  const secret = await feedSecret(db);
  const [row] = await db.select({ nonce: calendarFeeds.nonce }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return { url: row ? feedUrl(feedToken(secret, row.nonce)) : await writeFeed(db, userId, false) };
}

/** A new address; the old one answers 404 from now on. */
export async function rotateCalendarFeed(db: Db, userId: number): Promise<{ url: string }> {
  return { url: await writeFeed(db, userId, true) };
}

/** The person a feed address belongs to, or 404 (a malformed, rotated or unknown address alike). */
export async function feedOwner(db: Db, feed: string): Promise<number> {
  const match = FEED.exec(feed);
  if (!match) throw AppError.notFound();
  const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash(match[1]!)));
  if (!row) throw AppError.notFound();
  return row.userId;
}

/** 'YYYY-MM-DD' as the [y, m, d] of an all-day event. */
function dayArray(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y!, m!, d!];
}

/**
 * The person's calendar: the sessions they are registered for or teach, their interviews and the
 * deadlines of the opportunities they posted or answered. Stable UIDs (the same as the invitations'),
 * times in UTC, which calendars show in Europe/Paris (decision 049).
 */
export async function calendarText(db: Db, config: Config, userId: number): Promise<string> {
  const host = uidHost(config);
  const [sessionRows, interviews, deadlines] = await Promise.all([
    db
      .selectDistinct({ session: liveSessions, courseTitle: courses.title })
      .from(liveSessions)
      .innerJoin(courses, eq(courses.id, liveSessions.courseId))
      .leftJoin(liveRegistrations, and(eq(liveRegistrations.sessionId, liveSessions.id), eq(liveRegistrations.userId, userId)))
      .where(or(isNotNull(liveRegistrations.userId), eq(courses.authorId, userId)))
      .orderBy(asc(liveSessions.startsAt)),
    db.select({ id: meetings.id, scheduledAt: meetings.scheduledAt, sequence: meetings.sequence }).from(meetings).where(eq(meetings.userId, userId)).orderBy(asc(meetings.scheduledAt)),
    db
      .selectDistinct({ id: opportunities.id, title: opportunities.title, deadline: opportunities.deadline })
      .from(opportunities)
      .leftJoin(opportunityResponses, and(eq(opportunityResponses.opportunityId, opportunities.id), eq(opportunityResponses.userId, userId)))
      .where(and(isNotNull(opportunities.deadline), or(eq(opportunities.ownerId, userId), isNotNull(opportunityResponses.userId)))),
  ]);
  const events: EventAttributes[] = [
    ...sessionRows.map(({ session, courseTitle }) =>
      sessionEvent(config, {
        id: session.id,
        title: session.title,
        courseTitle,
        modality: session.modality,
        address: session.address,
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        sequence: session.sequence,
      }),
    ),
    ...interviews.map(
      (m): EventAttributes => ({
        // The same UID as the interview's e-mailed invitation: a calendar shows one event.
        uid: `entretien-${m.id}@${host}`,
        sequence: m.sequence,
        start: m.scheduledAt.getTime(),
        startInputType: 'utc',
        startOutputType: 'utc',
        duration: { minutes: INTERVIEW_CALENDAR_MINUTES },
        title: 'Entretien EcoForma',
        url: `${config.publicUrl}${webPaths.myInterview}`,
      }),
    ),
    ...deadlines.map(
      (o): EventAttributes => ({
        uid: `echeance-opportunite-${o.id}@${host}`,
        start: dayArray(o.deadline!),
        duration: { days: 1 },
        title: `Date limite : ${o.title}`,
        url: `${config.publicUrl}${webPaths.opportunity(o.id)}`,
      }),
    ),
  ];
  const { createEvents } = (await import('ics')).default;
  const { error, value } = createEvents(events, { productId: '-//EcoForma//Agenda//FR', calName: 'EcoForma', method: 'PUBLISH' });
  if (error) throw error;
  return value ?? '';
}
