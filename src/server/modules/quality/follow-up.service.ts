import { and, eq, sql } from 'drizzle-orm';
import { SURVEY_REMINDER_DAYS, type FollowUpKind } from '../../../shared/quality';
import type { Db, Executor } from '../../db/client';
import { followUpMails } from '../../db/schema';
import { notify } from '../notifications';
import { followUpSettings } from '../provider';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The key of the follow-up's transaction-level advisory lock (decision 045): with several API
 * processes, the one that takes it runs the day's follow-up, the others skip it.
 */
export const FOLLOW_UP_LOCK_KEY = 27_030_012;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Logs the mail `kind` for the enrolment, once: the unique index (enrolment, kind) makes a second
 * run, or another process, insert nothing, and then nothing is sent.
 */
async function claim(tx: Executor, enrolmentId: number, kind: FollowUpKind, now: Date): Promise<boolean> {
  const inserted = await tx.insert(followUpMails).values({ enrolmentId, kind, sentAt: now }).onConflictDoNothing().returning({ id: followUpMails.id });
  return inserted.length > 0;
}

/** When the learner last did something in the course: enrolled, opened or completed a lesson, answered a quiz. */
const lastActivity = sql`greatest(
  e.created_at,
  coalesce(e.last_activity_at, e.created_at),
  coalesce((select max(lp.completed_at) from lesson_progress lp join lessons l on l.id = lp.lesson_id join course_sections s on s.id = l.section_id
            where s.course_id = e.course_id and lp.user_id = e.user_id), e.created_at),
  coalesce((select max(qa.created_at) from quiz_attempts qa join lessons l on l.id = qa.lesson_id join course_sections s on s.id = l.section_id
            where s.course_id = e.course_id and qa.user_id = e.user_id), e.created_at)
)`;

/**
 * The inactivity reminder due for an enrolment (indicator 12), or null. The first after `days`
 * days without activity; the second, and last, after twice that, only if the first was sent after
 * the last activity and at least `days` ago. Activity after the first stops the sequence for good.
 */
export function inactivityReminderDue(
  { inactiveSince, firstSentAt, secondSent }: { inactiveSince: Date; firstSentAt: Date | null; secondSent: boolean },
  now: Date,
  days: number,
): 'inactivity_1' | 'inactivity_2' | null {
  const inactive = now.getTime() - inactiveSince.getTime();
  if (!firstSentAt) return inactive >= days * DAY_MS ? 'inactivity_1' : null;
  if (secondSent || firstSentAt < inactiveSince) return null;
  return inactive >= 2 * days * DAY_MS && now.getTime() - firstSentAt.getTime() >= days * DAY_MS ? 'inactivity_2' : null;
}

/**
 * The cold survey's mail due for a completed enrolment not yet answered (indicator 30), or null:
 * the survey `days` days after completion, then a reminder 7 and 14 days after the survey.
 */
export function coldSurveyDue(
  { completedAt, surveySentAt, remindersSent }: { completedAt: Date; surveySentAt: Date | null; remindersSent: number },
  now: Date,
  days: number,
): 'survey' | 'survey_reminder_1' | 'survey_reminder_2' | null {
  if (!surveySentAt) return now.getTime() - completedAt.getTime() >= days * DAY_MS ? 'survey' : null;
  if (remindersSent >= SURVEY_REMINDER_DAYS.length) return null;
  const wait = SURVEY_REMINDER_DAYS[remindersSent]! * DAY_MS;
  if (now.getTime() - surveySentAt.getTime() < wait) return null;
  return remindersSent === 0 ? 'survey_reminder_1' : 'survey_reminder_2';
}

const activeAccount = sql`(u.is_valid or u.role = 'formateur')`;

async function sendInactivityReminders(tx: Executor, now: Date, days: number): Promise<number> {
  const candidates = rowsOf<{ id: number; user_id: number; course_id: number; title: string; inactive_since: string | Date; first_sent_at: string | Date | null; second_sent: boolean }>(
    await tx.execute(sql`
      select e.id, e.user_id, e.course_id, c.title, ${lastActivity} as inactive_since,
        (select f.sent_at from follow_up_mails f where f.enrolment_id = e.id and f.kind = 'inactivity_1') as first_sent_at,
        exists (select 1 from follow_up_mails f where f.enrolment_id = e.id and f.kind = 'inactivity_2') as second_sent
      from enrolments e
      join courses c on c.id = e.course_id
      join users u on u.id = e.user_id
      where e.completed_at is null and ${activeAccount}
        and e.created_at <= ${now.toISOString()}::timestamptz - make_interval(days => ${days})
        and not exists (select 1 from follow_up_mails f where f.enrolment_id = e.id and f.kind = 'inactivity_2')
      order by e.id`),
  );
  let sent = 0;
  for (const row of candidates) {
    const inactiveSince = new Date(row.inactive_since);
    const due = inactivityReminderDue({ inactiveSince, firstSentAt: row.first_sent_at ? new Date(row.first_sent_at) : null, secondSent: row.second_sent }, now, days);
    if (!due || !(await claim(tx, row.id, due, now))) continue;
    const inactiveDays = Math.floor((now.getTime() - inactiveSince.getTime()) / DAY_MS);
    await notify(tx, { userId: row.user_id, kind: 'inactivity_reminder', data: { courseId: row.course_id, courseTitle: row.title, days: inactiveDays, second: due === 'inactivity_2' } });
    sent++;
  }
  return sent;
}

async function sendColdSurveys(tx: Executor, now: Date, days: number): Promise<number> {
  const candidates = rowsOf<{ id: number; user_id: number; title: string; completed_at: string | Date; survey_sent_at: string | Date | null; reminders_sent: number }>(
    await tx.execute(sql`
      select e.id, e.user_id, c.title, e.completed_at,
        (select f.sent_at from follow_up_mails f where f.enrolment_id = e.id and f.kind = 'survey') as survey_sent_at,
        (select count(*)::int from follow_up_mails f where f.enrolment_id = e.id and f.kind in ('survey_reminder_1', 'survey_reminder_2')) as reminders_sent
      from enrolments e
      join courses c on c.id = e.course_id
      join users u on u.id = e.user_id
      where e.completed_at is not null and ${activeAccount}
        and e.completed_at <= ${now.toISOString()}::timestamptz - make_interval(days => ${days})
        and not exists (select 1 from cold_survey_answers a where a.user_id = e.user_id and a.course_id = e.course_id)
        and not exists (select 1 from follow_up_mails f where f.enrolment_id = e.id and f.kind = 'survey_reminder_2')
      order by e.id`),
  );
  let sent = 0;
  for (const row of candidates) {
    const due = coldSurveyDue(
      { completedAt: new Date(row.completed_at), surveySentAt: row.survey_sent_at ? new Date(row.survey_sent_at) : null, remindersSent: Number(row.reminders_sent) },
      now,
      days,
    );
    if (!due || !(await claim(tx, row.id, due, now))) continue;
    const reminder = due === 'survey' ? 0 : due === 'survey_reminder_1' ? 1 : 2;
    await notify(tx, { userId: row.user_id, kind: 'cold_survey', data: { enrolmentId: row.id, courseTitle: row.title, reminder } });
    sent++;
  }
  return sent;
}

/**
 * The daily follow-up (decision 045): inactivity reminders and cold surveys, in one transaction
 * that first takes a transaction-level advisory lock. Another process running it at the same time
 * does not get the lock and sends nothing (answers null); a later run finds each mail already
 * logged. `now` is the clock (tests move it).
 */
export async function runFollowUps(db: Db, now: Date): Promise<{ reminders: number; surveys: number } | null> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${FOLLOW_UP_LOCK_KEY}) as locked`));
    if (!lock?.locked) return null;
    const settings = await followUpSettings(tx);
    const reminders = await sendInactivityReminders(tx, now, settings.inactivityReminderDays);
    const surveys = await sendColdSurveys(tx, now, settings.coldSurveyDays);
    return { reminders, surveys };
  });
}

/** The follow-up mails logged for an enrolment, oldest first (the evidence of indicator 12). */
export async function followUpLog(db: Executor, enrolmentId: number) {
  return db.select({ kind: followUpMails.kind, sentAt: followUpMails.sentAt }).from(followUpMails).where(and(eq(followUpMails.enrolmentId, enrolmentId))).orderBy(followUpMails.sentAt, followUpMails.id);
}
