import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { qualityMessages, type SurveyState } from '../../../shared/quality';
import { coldSurveyAnswers, enrolments, followUpMails, mailOutbox, notificationPreferences, notifications, users } from '../../db/schema';
import { catchMail, createTestApp } from '../../test/app';
import { authHeader, createUser, enrol, enrolCompleted, insertCourse, insertLesson, insertSection, setProviderSettings } from '../../test/factories';
import { headerValue } from '../../test/mail';
import { qualityModule } from '.';
import { coldSurveyDue, inactivityReminderDue, runFollowUps } from './follow-up.service';

const ctx = await createTestApp({ publicUrl: 'https://formation.exemple.fr' });
const { app, db } = ctx;
const mail = await catchMail(ctx);

const DAY = 86_400_000;
/** The French texts carry no-break spaces (French typography): compared with plain spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
const trainer = await createUser(db, { role: 'formateur', isValid: true });

async function call(method: 'GET' | 'POST', url: string, user: { id: number } | null, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

async function enrolment(userId: number, courseId: number) {
  const [row] = await db.select().from(enrolments).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
  return row!;
}

async function logOf(enrolmentId: number) {
  return (await db.select().from(followUpMails).where(eq(followUpMails.enrolmentId, enrolmentId)).orderBy(followUpMails.id)).map((r) => r.kind);
}

async function notesOf(userId: number, kind: 'inactivity_reminder' | 'cold_survey') {
  return db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind))).orderBy(notifications.id);
}

/** A learner enrolled in a fresh course: the enrolment's creation is the start of the clock. */
async function freshEnrolment() {
  const learner = await createUser(db, { role: 'membre', firstname: 'Lou' });
  const course = await insertCourse(db, trainer.id, { title: `Compost ${learner.id}` });
  await enrol(db, learner.id, course.id);
  const row = await enrolment(learner.id, course.id);
  return { learner, course, row, at: (days: number) => new Date(row.createdAt.getTime() + days * DAY + 60_000) };
}

async function completedEnrolment() {
  const learner = await createUser(db, { role: 'membre', firstname: 'Sam' });
  const course = await insertCourse(db, trainer.id, { title: `Haies ${learner.id}` });
  const completedAt = new Date(Date.now() - 1000);
  await enrolCompleted(db, learner.id, course.id, completedAt);
  const row = await enrolment(learner.id, course.id);
  return { learner, course, row, at: (days: number) => new Date(completedAt.getTime() + days * DAY + 60_000) };
}

describe('the rules', () => {
  const start = new Date('2026-03-01T10:00:00Z');
  const at = (days: number) => new Date(start.getTime() + days * DAY);
  it('inactivityReminderDue: first at N days, second at 2N when the first was after the last activity, never a third', () => {
    expect(inactivityReminderDue({ inactiveSince: start, firstSentAt: null, secondSent: false }, at(6.9), 7)).toBeNull();
    expect(inactivityReminderDue({ inactiveSince: start, firstSentAt: null, secondSent: false }, at(7), 7)).toBe('inactivity_1');
    expect(inactivityReminderDue({ inactiveSince: start, firstSentAt: at(7), secondSent: false }, at(13), 7)).toBeNull();
    expect(inactivityReminderDue({ inactiveSince: start, firstSentAt: at(7), secondSent: false }, at(14), 7)).toBe('inactivity_2');
    expect(inactivityReminderDue({ inactiveSince: start, firstSentAt: at(7), secondSent: true }, at(21), 7)).toBeNull();
    // Activity after the first reminder stops the sequence.
    expect(inactivityReminderDue({ inactiveSince: at(8), firstSentAt: at(7), secondSent: false }, at(30), 7)).toBeNull();
  });
  it('coldSurveyDue: the survey at N days after completion, reminders 7 and 14 days after it, then nothing', () => {
    expect(coldSurveyDue({ completedAt: start, surveySentAt: null, remindersSent: 0 }, at(59), 60)).toBeNull();
    expect(coldSurveyDue({ completedAt: start, surveySentAt: null, remindersSent: 0 }, at(60), 60)).toBe('survey');
    expect(coldSurveyDue({ completedAt: start, surveySentAt: at(60), remindersSent: 0 }, at(66), 60)).toBeNull();
    expect(coldSurveyDue({ completedAt: start, surveySentAt: at(60), remindersSent: 0 }, at(67), 60)).toBe('survey_reminder_1');
    expect(coldSurveyDue({ completedAt: start, surveySentAt: at(60), remindersSent: 1 }, at(73), 60)).toBeNull();
    expect(coldSurveyDue({ completedAt: start, surveySentAt: at(60), remindersSent: 1 }, at(74), 60)).toBe('survey_reminder_2');
    expect(coldSurveyDue({ completedAt: start, surveySentAt: at(60), remindersSent: 2 }, at(200), 60)).toBeNull();
  });
});

describe('inactivity reminders (indicator 12), with a fake clock', () => {
  it('sends one at N days, one at 2N, none at 3N; a second run the same day sends nothing', async () => {
    const { learner, row, at } = await freshEnrolment();
    await runFollowUps(db, at(6));
    expect(await logOf(row.id)).toEqual([]);
    await runFollowUps(db, at(7));
    expect(await logOf(row.id)).toEqual(['inactivity_1']);
    await runFollowUps(db, at(7));
    expect(await logOf(row.id)).toEqual(['inactivity_1']);
    await runFollowUps(db, at(14));
    await runFollowUps(db, at(14));
    expect(await logOf(row.id)).toEqual(['inactivity_1', 'inactivity_2']);
    await runFollowUps(db, at(21));
    await runFollowUps(db, at(40));
    expect(await logOf(row.id)).toEqual(['inactivity_1', 'inactivity_2']);
    const notes = await notesOf(learner.id, 'inactivity_reminder');
    expect(notes.map((n) => plain(n.title))).toEqual([`Reprenez « Compost ${learner.id} »`, `Dernier rappel : « Compost ${learner.id} » vous attend`]);
    expect(notes[0]!.body).toContain('depuis 7 jours');
    // Mailed with the notifications' one-click unsubscribe for this kind.
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, learner.email));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('any activity (a lesson opened or completed, a quiz answered) stops the sequence', async () => {
    const { learner, row, at } = await freshEnrolment();
    await runFollowUps(db, at(7));
    expect(await logOf(row.id)).toEqual(['inactivity_1']);
    await db.update(enrolments).set({ lastActivityAt: at(8) }).where(eq(enrolments.id, row.id));
    await runFollowUps(db, at(14));
    await runFollowUps(db, at(30));
    expect(await logOf(row.id)).toEqual(['inactivity_1']);
    expect(await notesOf(learner.id, 'inactivity_reminder')).toHaveLength(1);
  });

  it('opening a lesson is activity: the learning module records it on the enrolment, and inactivity counts from it', async () => {
    const { learner, course, row } = await freshEnrolment();
    const section = await insertSection(db, course.id);
    const lesson = await insertLesson(db, section.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await call('GET', `/api/lessons/${lesson.id}`, learner)).statusCode).toBe(200);
    const opened = (await enrolment(learner.id, course.id)).lastActivityAt!;
    expect(opened.getTime()).toBeGreaterThan(row.createdAt.getTime());
    await runFollowUps(db, new Date(opened.getTime() + 7 * DAY - 10));
    expect(await logOf(row.id)).toEqual([]);
    await runFollowUps(db, new Date(opened.getTime() + 7 * DAY));
    expect(await logOf(row.id)).toEqual(['inactivity_1']);
  });

  it('activity before the first reminder moves it: N days after the activity', async () => {
    const { row, at } = await freshEnrolment();
    await db.update(enrolments).set({ lastActivityAt: at(5) }).where(eq(enrolments.id, row.id));
    await runFollowUps(db, at(7));
    expect(await logOf(row.id)).toEqual([]);
    await runFollowUps(db, at(12));
    expect(await logOf(row.id)).toEqual(['inactivity_1']);
  });

  it('a completed enrolment gets no reminder; an e-mail turned off still leaves the bell', async () => {
    const done = await completedEnrolment();
    await runFollowUps(db, done.at(20));
    expect(await logOf(done.row.id)).not.toContain('inactivity_1');

    const quiet = await freshEnrolment();
    await db.insert(notificationPreferences).values({ userId: quiet.learner.id, kind: 'inactivity_reminder', email: false });
    await runFollowUps(db, quiet.at(7));
    expect(await notesOf(quiet.learner.id, 'inactivity_reminder')).toHaveLength(1);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, quiet.learner.email))).toEqual([]);
  });

  it('a disabled account gets nothing', async () => {
    const { learner, row, at } = await freshEnrolment();
    await db.update(users).set({ isValid: false }).where(eq(users.id, learner.id));
    await runFollowUps(db, at(7));
    expect(await logOf(row.id)).toEqual([]);
  });

  it('runs once across processes: two runs at the same time send each reminder once', async () => {
    const { learner, row, at } = await freshEnrolment();
    const results = await Promise.all([runFollowUps(db, at(7)), runFollowUps(db, at(7))]);
    expect(await logOf(row.id)).toEqual(['inactivity_1']);
    expect(await notesOf(learner.id, 'inactivity_reminder')).toHaveLength(1);
    expect(results.filter((r) => r !== null).reduce((n, r) => n + r!.reminders, 0)).toBeGreaterThanOrEqual(1);
  });

  it('is the module’s job, run with the context’s clock', async () => {
    const { row, at } = await freshEnrolment();
    const job = qualityModule.jobs![0]!;
    await job.run({ config: ctx.config, db, storage: ctx.storage, log: { info() {}, warn() {} }, now: at(7) });
    expect(await logOf(row.id)).toEqual(['inactivity_1']);
  });
});

describe('the cold survey (indicator 30), with a fake clock', () => {
  it('sent N days after completion, reminded at +7 and +14 days, then nothing; a rerun the same day sends nothing', async () => {
    const { learner, row, at } = await completedEnrolment();
    await runFollowUps(db, at(59));
    expect(await logOf(row.id)).toEqual([]);
    await runFollowUps(db, at(60));
    await runFollowUps(db, at(60));
    expect(await logOf(row.id)).toEqual(['survey']);
    await runFollowUps(db, at(66));
    expect(await logOf(row.id)).toEqual(['survey']);
    await runFollowUps(db, at(67));
    expect(await logOf(row.id)).toEqual(['survey', 'survey_reminder_1']);
    await runFollowUps(db, at(74));
    await runFollowUps(db, at(74));
    await runFollowUps(db, at(90));
    expect(await logOf(row.id)).toEqual(['survey', 'survey_reminder_1', 'survey_reminder_2']);
    const notes = await notesOf(learner.id, 'cold_survey');
    expect(notes).toHaveLength(3);
    expect(notes[0]!.link).toBe(`/enquete/${row.id}`);
    expect(plain(notes[1]!.title)).toMatch(/^Rappel : votre avis sur/);
    await mail.deliver();
    const mailed = mail.to(learner.email);
    expect(mailed).toHaveLength(3);
    expect(mailed[0]!.text).toContain(`https://formation.exemple.fr/enquete/${row.id}`);
    expect(headerValue(mailed[0]!, 'list-unsubscribe')).toContain('https://formation.exemple.fr/');
  });

  it('stops once the learner answered', async () => {
    const { learner, row, at } = await completedEnrolment();
    await runFollowUps(db, at(60));
    expect((await call('POST', `/api/surveys/${row.id}`, learner, { practice: 'Le compost collectif', effect: 'Moins de déchets', rating: 4 })).statusCode).toBe(201);
    await runFollowUps(db, at(67));
    await runFollowUps(db, at(74));
    expect(await logOf(row.id)).toEqual(['survey']);
  });
});

describe('answering the survey at /enquete/{enrolmentId}', () => {
  const answer = { practice: 'Un composteur partagé au bureau', effect: 'Nous trions mieux', rating: 5 };

  it('the learner answers once; a second answer is refused with 409', async () => {
    const { learner, course, row } = await completedEnrolment();
    const state = await call('GET', `/api/surveys/${row.id}`, learner);
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ enrolment_id: row.id, course_title: course.title, answered_at: null });
    const first = await call('POST', `/api/surveys/${row.id}`, learner, answer);
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as SurveyState).answered_at).not.toBeNull();
    const second = await call('POST', `/api/surveys/${row.id}`, learner, answer);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error_code: 'already_answered', message: qualityMessages.surveyAlreadyAnswered });
    expect(await db.select().from(coldSurveyAnswers).where(eq(coldSurveyAnswers.userId, learner.id))).toHaveLength(1);
  });

  it('refuses another learner (403), a visitor (401), an unknown enrolment (404), a course not completed (409)', async () => {
    const { row } = await completedEnrolment();
    const other = await createUser(db, { role: 'membre' });
    const refused = await call('POST', `/api/surveys/${row.id}`, other, answer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: qualityMessages.surveyNotYours });
    expect((await call('GET', `/api/surveys/${row.id}`, null)).statusCode).toBe(401);
    const missing = await call('GET', '/api/surveys/999999', other);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: qualityMessages.surveyNotFound });
    const open = await freshEnrolment();
    const early = await call('POST', `/api/surveys/${open.row.id}`, open.learner, answer);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: qualityMessages.surveyNotCompleted });
    expect(await db.select().from(coldSurveyAnswers).where(inArray(coldSurveyAnswers.userId, [other.id, open.learner.id]))).toEqual([]);
  });

  it('refuses bad input with the French messages, storing nothing', async () => {
    const { learner, row } = await completedEnrolment();
    const cases: Array<[object, string]> = [
      [{ ...answer, practice: '  ' }, qualityMessages.practiceRequired],
      [{ ...answer, effect: undefined }, qualityMessages.effectRequired],
      [{ ...answer, rating: 6 }, qualityMessages.ratingRange],
      [{ ...answer, rating: 0 }, qualityMessages.ratingRange],
      [{ ...answer, practice: 'x'.repeat(3001) }, qualityMessages.surveyTextTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', `/api/surveys/${row.id}`, learner, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect(await db.select().from(coldSurveyAnswers).where(eq(coldSurveyAnswers.userId, learner.id))).toEqual([]);
  });
});

describe('the delays are the provider’s settings (/admin/parametres)', () => {
  it('reminds after the set number of days and surveys after the set delay', async () => {
    await setProviderSettings({ db, storage: ctx.storage }, { inactivityReminderDays: 3, coldSurveyDays: 30 });
    try {
      const open = await freshEnrolment();
      await runFollowUps(db, open.at(2));
      expect(await logOf(open.row.id)).toEqual([]);
      await runFollowUps(db, open.at(3));
      expect(await logOf(open.row.id)).toEqual(['inactivity_1']);
      await runFollowUps(db, open.at(6));
      expect(await logOf(open.row.id)).toEqual(['inactivity_1', 'inactivity_2']);
      const done = await completedEnrolment();
      await runFollowUps(db, done.at(29));
      expect(await logOf(done.row.id)).toEqual([]);
      await runFollowUps(db, done.at(30));
      expect(await logOf(done.row.id)).toEqual(['survey']);
    } finally {
      await setProviderSettings({ db, storage: ctx.storage }, { inactivityReminderDays: 7, coldSurveyDays: 60 });
    }
  });
});
