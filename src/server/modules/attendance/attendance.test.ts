import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendanceMessages, type ActivityResult, type Attendance } from '../../../shared/attendance';
import { INVALID_ID_MESSAGE } from '../../../shared/ids';
import { periodMessages } from '../../../shared/periods';
import type { MyLearning } from '../../../shared/learning';
import type { DashboardResponse } from '../../../shared/organisations';
import { attendanceSessions, enrolments, followUpMails, lessonProgress, liveSignatures, organisationEnrolments, quizAttempts } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createOrganisation, createUser, enrol, insertCourse, insertLesson, insertLiveSession, insertMembership, insertQuiz, insertSection, setProviderSettings } from '../../test/factories';
import { pdfText } from '../../test/pdf';
import { providerMessages, requiredProviderFields } from '../../../shared/provider';
import { certificateOfCompletionMentions } from './certificate-of-completion';
import { recordBeat } from './attendance.service';
import { beatDecision, isConnectionOpen } from './heartbeat';

const { app, db, storage } = await createTestApp();

const author = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Théo', lastname: 'Formateur' });
const otherTrainer = await createUser(db, { role: 'formateur', isValid: true });
const admin = await createUser(db, { role: 'admin' });
const outsider = await createUser(db, { role: 'membre' });

const T0 = new Date('2026-03-10T09:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

async function call(method: 'GET' | 'POST', url: string, user: { id: number } | null, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

/** A published course: [Introduction 5 min, Les bases 20 min] and a quiz (5 min). */
async function course() {
  const c = await insertCourse(db, author.id, { status: 'published', title: 'Compostage partagé' });
  const section = await insertSection(db, c.id, { title: 'Découvrir' });
  const intro = await insertLesson(db, section.id, { title: 'Introduction', durationMinutes: 5 });
  const basics = await insertLesson(db, section.id, { title: 'Les bases', durationMinutes: 20 });
  const quiz = await insertQuiz(db, section.id, { title: 'Quiz final' });
  return { course: c, intro, basics, quiz };
}

async function learnerOf(courseId: number, fields: { firstname?: string; lastname?: string } = {}) {
  const user = await createUser(db, { role: 'membre', ...fields });
  await enrol(db, user.id, courseId);
  const [row] = await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.userId, user.id), eq(enrolments.courseId, courseId)));
  return { user, enrolmentId: row!.id };
}

describe('beatDecision (the heartbeat rules, on a fake clock)', () => {
  it('opens a connection credited 0 when there is none', () => {
    expect(beatDecision(null, 1, T0)).toEqual({ outcome: 'opened', creditedSeconds: 0 });
  });
  it('credits the time since the previous beat of the connection', () => {
    expect(beatDecision({ lastBeatAt: T0, lastSeq: 1 }, 2, at(30))).toEqual({ outcome: 'continued', creditedSeconds: 30 });
  });
  it('credits at most 60 s per beat', () => {
    expect(beatDecision({ lastBeatAt: T0, lastSeq: 1 }, 2, at(75))).toEqual({ outcome: 'continued', creditedSeconds: 60 });
  });
  it('ignores a repeated or older number', () => {
    expect(beatDecision({ lastBeatAt: T0, lastSeq: 5 }, 5, at(30))).toEqual({ outcome: 'ignored', creditedSeconds: 0 });
    expect(beatDecision({ lastBeatAt: T0, lastSeq: 5 }, 4, at(30))).toEqual({ outcome: 'ignored', creditedSeconds: 0 });
  });
  it('keeps the connection open up to 90 s of silence, and opens a new one after', () => {
    expect(isConnectionOpen(T0, at(90))).toBe(true);
    expect(isConnectionOpen(T0, at(91))).toBe(false);
    expect(beatDecision({ lastBeatAt: T0, lastSeq: 1 }, 2, at(90))).toEqual({ outcome: 'continued', creditedSeconds: 60 });
    expect(beatDecision({ lastBeatAt: T0, lastSeq: 1 }, 2, at(91))).toEqual({ outcome: 'opened', creditedSeconds: 0 });
  });
  it('never credits a negative time (a clock going back)', () => {
    expect(beatDecision({ lastBeatAt: T0, lastSeq: 1 }, 2, at(-10))).toEqual({ outcome: 'continued', creditedSeconds: 0 });
  });
});

describe('recordBeat (one row per connection)', () => {
  it('writes one connection for beats 30 s apart, by lesson, and a new one after 90 s of silence', async () => {
    const { course: c, intro, basics } = await course();
    const { user } = await learnerOf(c.id);
    expect(await recordBeat(db, user.id, intro.id, 1, at(0))).toEqual({ outcome: 'opened', credited_seconds: 0 });
    expect(await recordBeat(db, user.id, intro.id, 2, at(30))).toEqual({ outcome: 'continued', credited_seconds: 30 });
    expect(await recordBeat(db, user.id, intro.id, 2, at(31))).toEqual({ outcome: 'ignored', credited_seconds: 0 });
    expect(await recordBeat(db, user.id, basics.id, 3, at(60))).toEqual({ outcome: 'continued', credited_seconds: 30 });
    // The tab stayed hidden for two minutes: 60 s at most for a late beat inside the connection…
    expect(await recordBeat(db, user.id, basics.id, 4, at(140))).toEqual({ outcome: 'continued', credited_seconds: 60 });
    // …and after 90 s of silence, a new connection credited 0.
    expect(await recordBeat(db, user.id, basics.id, 5, at(300))).toEqual({ outcome: 'opened', credited_seconds: 0 });
    const rows = await db.select().from(attendanceSessions).where(eq(attendanceSessions.userId, user.id)).orderBy(attendanceSessions.id);
    expect(rows.map((r) => ({ started: r.startedAt, last: r.lastBeatAt, seconds: r.seconds, byLesson: r.lessonSeconds, seq: r.lastSeq }))).toEqual([
      { started: at(0), last: at(140), seconds: 120, byLesson: { [intro.id]: 30, [basics.id]: 90 }, seq: 4 },
      { started: at(300), last: at(300), seconds: 0, byLesson: {}, seq: 5 },
    ]);
  });
});

describe('POST /api/lessons/:id/activity', () => {
  it('counts a beat of an enrolled learner', async () => {
    const { course: c, intro } = await course();
    const { user } = await learnerOf(c.id);
    const res = await call('POST', `/api/lessons/${intro.id}/activity`, user, { seq: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json<ActivityResult>()).toEqual({ outcome: 'opened', credited_seconds: 0 });
  });

  it('refuses a course the caller is not enrolled in with 403, and writes nothing', async () => {
    const { course: c, intro } = await course();
    for (const user of [outsider, author, admin]) {
      const res = await call('POST', `/api/lessons/${intro.id}/activity`, user, { seq: 1 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error_code: 'forbidden', message: attendanceMessages.notEnrolled });
    }
    expect(await db.select().from(attendanceSessions).where(eq(attendanceSessions.courseId, c.id))).toEqual([]);
  });

  it('refuses an anonymous caller (401), an unknown lesson (404), a bad number (422)', async () => {
    const { course: c, intro } = await course();
    const { user } = await learnerOf(c.id);
    expect((await call('POST', `/api/lessons/${intro.id}/activity`, null, { seq: 1 })).statusCode).toBe(401);
    const unknown = await call('POST', '/api/lessons/999999/activity', user, { seq: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Cette leçon n'existe pas ou vous n'y avez pas accès.");
    for (const seq of [0, -1, 1.5, 'un']) {
      const res = await call('POST', `/api/lessons/${intro.id}/activity`, user, { seq });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ seq: [attendanceMessages.seqInvalid] });
    }
    expect((await call('POST', '/api/lessons/abc/activity', user, { seq: 1 })).json().errors).toEqual({ id: [INVALID_ID_MESSAGE] });
    expect(await db.select().from(attendanceSessions).where(eq(attendanceSessions.userId, user.id))).toEqual([]);
  });
});

/** A learner who did the introduction (on 10 March), failed then passed the quiz, and spent 90 s on screen over two connections. */
async function followedCourse() {
  const setup = await course();
  const learner = await learnerOf(setup.course.id, { firstname: 'Léa', lastname: 'Apprenante' });
  const id = learner.user.id;
  await db.insert(lessonProgress).values({ userId: id, lessonId: setup.intro.id, completedAt: at(60) });
  await db.insert(quizAttempts).values([
    { lessonId: setup.quiz.lesson.id, userId: id, number: 1, score: 0, passed: false, questions: [{ question_id: setup.quiz.questions[0]!.id, correct: false, chosen_option_ids: [2], correct_option_ids: [1], explanation: '', objective: null }], createdAt: at(100) },
    { lessonId: setup.quiz.lesson.id, userId: id, number: 2, score: 100, passed: true, questions: [{ question_id: setup.quiz.questions[0]!.id, correct: true, chosen_option_ids: [1], correct_option_ids: [1], explanation: '', objective: null }], createdAt: at(86_400 * 2) },
  ]);
  await db.insert(lessonProgress).values({ userId: id, lessonId: setup.quiz.lesson.id, completedAt: at(86_400 * 2) });
  await recordBeat(db, id, setup.intro.id, 1, at(0));
  await recordBeat(db, id, setup.intro.id, 2, at(30));
  await recordBeat(db, id, setup.intro.id, 3, at(60));
  await recordBeat(db, id, setup.basics.id, 4, at(86_400 * 2));
  await recordBeat(db, id, setup.basics.id, 5, at(86_400 * 2 + 30));
  return { ...setup, ...learner };
}

describe('GET /api/enrolments/:id/attendance', () => {
  it('gives lessons, quizzes, totals and connections', async () => {
    const { enrolmentId, user, course: c, intro, basics, quiz } = await followedCourse();
    const res = await call('GET', `/api/enrolments/${enrolmentId}/attendance`, user);
    expect(res.statusCode).toBe(200);
    const body = res.json<Attendance>();
    expect(body.learner).toEqual({ id: user.id, name: 'Léa Apprenante' });
    expect(body.course).toEqual({ id: c.id, title: 'Compostage partagé' });
    expect(body.lessons.map((l) => [l.id, l.estimated_minutes, l.completed_at, l.on_screen_seconds, l.on_screen_minutes])).toEqual([
      [intro.id, 5, at(60).toISOString(), 60, 1],
      [basics.id, 20, null, 30, 1],
      [quiz.lesson.id, 5, at(86_400 * 2).toISOString(), 0, 0],
    ]);
    expect(body.quizzes).toEqual([
      { lesson_id: quiz.lesson.id, title: 'Quiz final', attempt: 1, score: 0, passed: false, submitted_at: at(100).toISOString() },
      { lesson_id: quiz.lesson.id, title: 'Quiz final', attempt: 2, score: 100, passed: true, submitted_at: at(86_400 * 2).toISOString() },
    ]);
    expect(body.total_estimated_minutes).toBe(10);
    expect(body.total_on_screen_seconds).toBe(90);
    expect(body.total_on_screen_minutes).toBe(2);
    expect(body.connections).toEqual([
      { started_at: at(0).toISOString(), ended_at: at(60).toISOString(), seconds: 60, minutes: 1 },
      { started_at: at(86_400 * 2).toISOString(), ended_at: at(86_400 * 2 + 30).toISOString(), seconds: 30, minutes: 1 },
    ]);
  });

  it('keeps to the period asked (Paris days, both ends included)', async () => {
    const { enrolmentId, user } = await followedCourse();
    const body = (await call('GET', `/api/enrolments/${enrolmentId}/attendance?from=2026-03-10&to=2026-03-10`, user)).json<Attendance>();
    expect(body.period).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(body.total_estimated_minutes).toBe(5);
    expect(body.total_on_screen_seconds).toBe(60);
    expect(body.quizzes.map((q) => q.attempt)).toEqual([1]);
    expect(body.connections).toHaveLength(1);
    const later = (await call('GET', `/api/enrolments/${enrolmentId}/attendance?from=2026-03-11`, user)).json<Attendance>();
    expect([later.total_estimated_minutes, later.total_on_screen_seconds, later.quizzes.length]).toEqual([5, 30, 1]);
  });

  it('refuses a malformed or reversed period with 422 and its message', async () => {
    const { enrolmentId, user } = await followedCourse();
    const bad = await call('GET', `/api/enrolments/${enrolmentId}/attendance?from=10/03/2026`, user);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ from: [periodMessages.dateInvalid] });
    const impossible = await call('GET', `/api/enrolments/${enrolmentId}/attendance?from=2026-02-30`, user);
    expect(impossible.json().errors).toEqual({ from: [periodMessages.dateInvalid] });
    const reversed = await call('GET', `/api/enrolments/${enrolmentId}/attendance?from=2026-03-12&to=2026-03-10`, user);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual({ to: [periodMessages.periodInvalid] });
  });

  it('is read by the learner, the course trainer, administrators and a consenting organisation that enrolled them', async () => {
    const { enrolmentId, user, course: c } = await followedCourse();
    const organisation = await createOrganisation(db);
    await insertMembership(db, organisation.id, user);
    await db.insert(organisationEnrolments).values({ organisationId: organisation.id, userId: user.id, courseId: c.id });
    for (const reader of [user, author, admin, organisation]) {
      expect((await call('GET', `/api/enrolments/${enrolmentId}/attendance`, reader)).statusCode).toBe(200);
    }
  });

  it('refuses anybody else with 403, an unknown enrolment with 404, an anonymous caller with 401', async () => {
    const { enrolmentId, user, course: c } = await followedCourse();
    // An organisation the learner left, one they never joined, and one that did not enrol them in this course.
    const left = await createOrganisation(db);
    await insertMembership(db, left.id, user, { status: 'left', endedAt: new Date() });
    await db.insert(organisationEnrolments).values({ organisationId: left.id, userId: user.id, courseId: c.id });
    const stranger = await createOrganisation(db);
    const notThisCourse = await createOrganisation(db);
    await insertMembership(db, notThisCourse.id, user);
    const classmate = await learnerOf(c.id);
    for (const reader of [outsider, otherTrainer, left, stranger, notThisCourse, classmate.user]) {
      const res = await call('GET', `/api/enrolments/${enrolmentId}/attendance`, reader);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error_code: 'forbidden', message: attendanceMessages.forbidden });
      expect((await call('GET', `/api/enrolments/${enrolmentId}/attendance.csv`, reader)).statusCode).toBe(403);
    }
    const unknown = await call('GET', '/api/enrolments/999999/attendance', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error_code: 'not_found', message: attendanceMessages.enrolmentNotFound });
    expect((await call('GET', `/api/enrolments/${enrolmentId}/attendance`, null)).statusCode).toBe(401);
  });

  it('writes the CSV at both addresses: BOM, « ; », one line per lesson, attempt and connection, then the total', async () => {
    const { enrolmentId, user } = await followedCourse();
    for (const url of [`/api/enrolments/${enrolmentId}/attendance.csv?from=2026-03-10&to=2026-03-10`, `/api/enrolments/${enrolmentId}/attendance?format=csv&from=2026-03-10&to=2026-03-10`]) {
      const res = await call('GET', url, user);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain(`assiduite-${enrolmentId}-`);
      expect(res.body.split('\r\n')).toEqual([
        "\uFEFFType;Intitulé;Chapitre;Durée estimée (min);Terminée le;Temps à l'écran (min);Score (%);Réussi;Début;Fin",
        'Leçon;Introduction;Découvrir;5;10/03/2026 10:01;1;;;;',
        'Leçon;Les bases;Découvrir;20;;0;;;;',
        'Leçon;Quiz final;Découvrir;5;;0;;;;',
        'Quiz (tentative 1);Quiz final;;;;;0;non;10/03/2026 10:01;',
        'Connexion;;;;;1;;;10/03/2026 10:00;10/03/2026 10:01',
        'Total;Léa Apprenante — Compostage partagé;;5;;1;;;;',
        '',
      ]);
    }
  });
});

describe('enrolment_id in the learner’s courses and the organisation dashboard', () => {
  it('is carried by GET /api/user/learning and GET /api/organisation/dashboard', async () => {
    const { enrolmentId, user, course: c } = await followedCourse();
    const mine = (await call('GET', '/api/user/learning', user)).json<MyLearning>();
    expect(mine.items.find((i) => i.course_id === c.id)?.enrolment_id).toBe(enrolmentId);
    const organisation = await createOrganisation(db);
    await insertMembership(db, organisation.id, user);
    await db.insert(organisationEnrolments).values({ organisationId: organisation.id, userId: user.id, courseId: c.id });
    const board = (await call('GET', '/api/organisation/dashboard', organisation)).json<DashboardResponse>();
    expect(board.items.map((r) => r.enrolment_id)).toEqual([enrolmentId]);
  });
});

describe('GET /api/courses/:id/learners', () => {
  it('gives its trainer each learner’s progress, time on screen, last activity and quiz results, each question’s success rate and where learners stop', async () => {
    const { course: c, intro, basics, quiz, user, enrolmentId } = await followedCourse();
    const stopped = await learnerOf(c.id, { firstname: 'Bob', lastname: 'Arrêté' });
    const alsoStopped = await learnerOf(c.id, { firstname: 'Carla', lastname: 'Zen' });
    await db.update(enrolments).set({ lastLessonId: basics.id }).where(eq(enrolments.id, stopped.enrolmentId));
    await db.update(enrolments).set({ lastLessonId: basics.id }).where(eq(enrolments.id, alsoStopped.enrolmentId));
    await db.update(enrolments).set({ lastLessonId: intro.id }).where(eq(enrolments.id, enrolmentId));
    for (const reader of [author, admin]) {
      const res = await call('GET', `/api/courses/${c.id}/learners`, reader);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.course).toEqual({ id: c.id, title: 'Compostage partagé' });
      expect(body.learners.map((l: { name: string }) => l.name)).toEqual(['Léa Apprenante', 'Bob Arrêté', 'Carla Zen']);
      const lea = body.learners[0];
      expect(lea).toMatchObject({ enrolment_id: enrolmentId, user_id: user.id, completed_lessons: 2, total_lessons: 3, percent: 67, on_screen_minutes: 2, last_activity_at: at(86_400 * 2 + 30).toISOString(), completed_at: null });
      expect(lea.quizzes).toEqual([{ lesson_id: quiz.lesson.id, best_score: 100, passed: true, attempts: 2 }]);
      expect(body.learners[1]).toMatchObject({ percent: 0, on_screen_minutes: 0, last_activity_at: null, quizzes: [] });
      expect(body.quizzes).toEqual([
        { lesson_id: quiz.lesson.id, title: 'Quiz final', pass_mark: 80, questions: [{ question_id: quiz.questions[0]!.id, position: 0, prompt: 'Quel geste réduit le plus les déchets ?', answers: 2, correct: 1, success_rate: 50 }] },
      ]);
      expect(body.drop_off).toEqual({ lesson_id: basics.id, title: 'Les bases', learners: 2 });
    }
  });

  it('writes the learners’ CSV', async () => {
    const { course: c } = await followedCourse();
    const res = await call('GET', `/api/courses/${c.id}/learners.csv`, author);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe("\uFEFFApprenant;E-mail;Inscrit le;Progression (%);Leçons terminées;Leçons;Temps à l'écran (min);Dernière activité;Terminée le;Relances envoyées;Quiz final\u00a0: meilleur score (%)");
    expect(lines[1]).toMatch(/^Léa Apprenante;[^;]+;[^;]+;67;2;3;2;12\/03\/2026 10:00;;0;100$/);
  });

  it('counts the inactivity reminders the follow-up sent each learner (indicator 12), not the survey mails', async () => {
    const { course: c, enrolmentId } = await followedCourse();
    await db.insert(followUpMails).values([
      { enrolmentId, kind: 'inactivity_1', sentAt: at(0) },
      { enrolmentId, kind: 'survey', sentAt: at(60) },
    ]);
    const view = (await call('GET', `/api/courses/${c.id}/learners`, author)).json() as { learners: { enrolment_id: number; reminders_sent: number }[] };
    expect(view.learners.find((l) => l.enrolment_id === enrolmentId)?.reminders_sent).toBe(1);
  });

  it('refuses anyone but its trainer and administrators (403), an unknown course (404)', async () => {
    const { course: c, user } = await followedCourse();
    for (const reader of [user, outsider, otherTrainer]) {
      for (const url of [`/api/courses/${c.id}/learners`, `/api/courses/${c.id}/learners.csv`]) {
        const res = await call('GET', url, reader);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error_code: 'forbidden', message: "Seuls l'auteur du cours et les administrateurs voient ses apprenants." });
      }
    }
    const unknown = await call('GET', '/api/courses/999999/learners', author);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(attendanceMessages.courseNotFound);
  });

  it('gives no stopping lesson when every learner completed, and no rate before any answer', async () => {
    const { course: c } = await course();
    const body = (await call('GET', `/api/courses/${c.id}/learners`, author)).json();
    expect(body.learners).toEqual([]);
    expect(body.drop_off).toBeNull();
    expect(body.quizzes[0].questions[0]).toMatchObject({ answers: 0, correct: 0, success_rate: null });
  });
});

describe('certificateOfCompletionMentions (arrêté du 21 décembre 2018)', () => {
  const provider = { legalName: 'Verte Formation SAS', nda: '11755555575', siret: '90123456700013', legalRepresentative: 'Camille Durand', address: '10 rue de la Transition', postalCode: '75011', city: 'Paris' };
  const facts = { provider, learnerName: 'Léa Apprenante', employer: 'Asso Verte', courseTitle: 'Compostage partagé', enrolmentId: 42, firstDay: '2026-03-10', lastDay: '2026-03-12', minutes: 95, basis: 'estimated' as const, issuedAt: new Date('2026-03-20T10:00:00Z') };

  it('states the provider, the learner and employer, the action and its nature, the period, the duration, the place, the date, a number', () => {
    expect(certificateOfCompletionMentions(facts)).toEqual({
      title: 'Certificat de réalisation',
      number: 'CR-000042-20260310-20260312-E',
      provider: ['Verte Formation SAS', '10 rue de la Transition, 75011 Paris', "Numéro de déclaration d'activité\u00a0: 11755555575", 'SIRET\u00a0: 90123456700013'],
      statement: [
        "Je soussigné(e) Camille Durand, représentant légal du dispensateur de l'action concourant au développement des compétences Verte Formation SAS, atteste que\u00a0:",
        "Léa Apprenante, salarié(e) de l'entreprise Asso Verte,",
        "a suivi l'action «\u00a0Compostage partagé\u00a0»",
      ],
      natures: [
        { label: 'action de formation (article L6313-1, 1°)', checked: true },
        { label: 'bilan de compétences', checked: false },
        { label: "action permettant de faire valider les acquis de l'expérience", checked: false },
        { label: 'action de formation par apprentissage', checked: false },
      ],
      period: "qui s'est déroulée du 10 mars 2026 au 12 mars 2026",
      duration: 'pour une durée de 1 h 35 min',
      basis: "Durée établie d'après les durées estimées des activités réalisées.",
      place: "Lieu de l'action\u00a0: à distance.",
      retention: expect.stringContaining('pendant une durée de 3 ans'),
      signedAt: 'Fait à Paris, le 20 mars 2026',
      signatory: 'Camille Durand, représentant légal de Verte Formation SAS',
    });
  });

  it('names no employer without a consenting organisation, one day as one day, and the time on screen as its basis', () => {
    const m = certificateOfCompletionMentions({ ...facts, employer: null, lastDay: '2026-03-10', basis: 'on_screen', minutes: 2 });
    expect(m.statement[1]).toBe('Léa Apprenante');
    expect(m.period).toBe("qui s'est déroulée le 10 mars 2026");
    expect(m.basis).toBe("Durée établie d'après le temps de présence mesuré à l’écran.");
    expect(m.number).toBe('CR-000042-20260310-20260310-P');
  });
});

describe('GET /api/enrolments/:id/certificate-of-completion', () => {
  it('refuses with 409 and the missing settings while the provider is not set', async () => {
    const { enrolmentId, user } = await followedCourse();
    const res = await call('GET', `/api/enrolments/${enrolmentId}/certificate-of-completion`, user);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_code).toBe('provider_settings_missing');
    expect(res.json().message).toBe(providerMessages.incomplete(requiredProviderFields));
  });

  it('gives the learner the PDF with every mention, the duration on the basis asked', async () => {
    await setProviderSettings({ db, storage });
    const { enrolmentId, user, course: c } = await followedCourse();
    const organisation = await createOrganisation(db, { name: 'Asso des Composteurs' });
    await insertMembership(db, organisation.id, user);
    await db.insert(organisationEnrolments).values({ organisationId: organisation.id, userId: user.id, courseId: c.id });
    const res = await call('GET', `/api/enrolments/${enrolmentId}/certificate-of-completion`, user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`certificat-de-realisation-${enrolmentId}-`);
    const text = pdfText(res.rawPayload).replace(/\n/g, ' ');
    for (const expected of [
      'EcoForma Démonstration SAS',
      "Numéro de déclaration d'activité : 11755555575",
      'SIRET : 90123456700013',
      'Certificat de réalisation',
      `N° CR-${String(enrolmentId).padStart(6, '0')}-20260310-20260312-E`,
      'Je soussigné(e) Camille Durand',
      "Léa Apprenante, salarié(e) de l'entreprise Asso des Composteurs,",
      "a suivi l'action « Compostage partagé »",
      '[X] action de formation (article L6313-1, 1°)',
      '[ ] bilan de compétences',
      "qui s'est déroulée du 10 mars 2026 au 12 mars 2026",
      'pour une durée de 10 min',
      "Durée établie d'après les durées estimées des activités réalisées.",
      "Lieu de l'action : à distance.",
      'Fait à Paris, le',
      'Cachet et signature du responsable du dispensateur de formation',
    ]) {
      expect(text.replace(/\u00a0/g, ' ')).toContain(expected);
    }
    const onScreen = pdfText((await call('GET', `/api/enrolments/${enrolmentId}/certificate-of-completion?basis=on_screen&from=2026-03-10&to=2026-03-10`, user)).rawPayload).replace(/\n/g, ' ').replace(/\u00a0/g, ' ');
    expect(onScreen).toContain('pour une durée de 1 min');
    expect(onScreen).toContain("qui s'est déroulée le 10 mars 2026");
    expect(onScreen).toContain('temps de présence mesuré à l’écran');
  });

  it('counts the live slots the learner signed, whole, in the attendance and the certificat on either basis (issue 28)', async () => {
    await setProviderSettings({ db, storage });
    const { course: c } = await course();
    const { user, enrolmentId } = await learnerOf(c.id);
    const { slots } = await insertLiveSession(db, c.id, { startsInMinutes: -120, slotMinutes: [90, 30], learners: [user.id] });
    // The first slot signed, the second not: only the first counts.
    await db.insert(liveSignatures).values({ slotId: slots[0]!.id, userId: user.id, method: 'typed', signaturePng: 'iVBORw0KGgo=', imageSha256: 'x', ipHash: 'y' });
    const attendance = (await call('GET', `/api/enrolments/${enrolmentId}/attendance`, user)).json() as Attendance;
    expect(attendance.total_live_minutes).toBe(90);
    expect(attendance.live_slots).toEqual([expect.objectContaining({ slot_id: slots[0]!.id, minutes: 90 })]);
    const csv = (await call('GET', `/api/enrolments/${enrolmentId}/attendance.csv`, user)).body;
    expect(csv).toContain('Session en direct (émargée);;;90;');
    for (const basis of ['estimated', 'on_screen']) {
      const text = pdfText((await call('GET', `/api/enrolments/${enrolmentId}/certificate-of-completion?basis=${basis}`, user)).rawPayload).replace(/\n/g, ' ').replace(/\u00a0/g, ' ');
      expect(text, basis).toContain('pour une durée de 1 h 30 min');
    }
    // Outside the period asked, the slot is not counted.
    const before = (await call('GET', `/api/enrolments/${enrolmentId}/attendance?to=2020-01-01`, user)).json() as Attendance;
    expect(before.total_live_minutes).toBe(0);
  });

  it('refuses with 409 before any activity (within the period too)', async () => {
    await setProviderSettings({ db, storage });
    const { course: c } = await course();
    const fresh = await learnerOf(c.id);
    for (const url of [`/api/enrolments/${fresh.enrolmentId}/certificate-of-completion`]) {
      const res = await call('GET', url, fresh.user);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error_code: 'invalid_transition', message: attendanceMessages.noActivity });
    }
    const { enrolmentId, user } = await followedCourse();
    const before = await call('GET', `/api/enrolments/${enrolmentId}/certificate-of-completion?to=2026-03-01`, user);
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toBe(attendanceMessages.noActivity);
  });

  it('is read by the same readers as the attendance, and refused to others', async () => {
    await setProviderSettings({ db, storage });
    const { enrolmentId, user } = await followedCourse();
    for (const reader of [user, author, admin]) expect((await call('GET', `/api/enrolments/${enrolmentId}/certificate-of-completion`, reader)).statusCode).toBe(200);
    for (const reader of [outsider, otherTrainer]) {
      const res = await call('GET', `/api/enrolments/${enrolmentId}/certificate-of-completion`, reader);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(attendanceMessages.forbidden);
    }
    expect((await call('GET', '/api/enrolments/999999/certificate-of-completion', admin)).statusCode).toBe(404);
    const bad = await call('GET', `/api/enrolments/${enrolmentId}/certificate-of-completion?basis=heures`, user);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ basis: ['Base de durée inconnue\u00a0: «\u00a0estimated\u00a0» ou «\u00a0on_screen\u00a0».'] });
  });
});
