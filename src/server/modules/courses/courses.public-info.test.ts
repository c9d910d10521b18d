import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourseDetail } from '../../../shared/courses';
import { publicInfoMessages, resultsPeriod, type CourseResults } from '../../../shared/public-info';
import { missingMessage } from '../../../shared/reviews';
import { courses, enrolments, quizAttempts, satisfactionAnswers } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, enrol, enrolCompleted, insertCourse, insertLesson, insertQuiz, insertSatisfactionAnswer, insertSection } from '../../test/factories';
import { computeCourseResults, courseResultsCache, RESULTS_CACHE_MS } from './course-results';

const { app, db } = await createTestApp();

const author = await createUser(db, { role: 'formateur', isValid: true });
const otherTrainer = await createUser(db, { role: 'formateur', isValid: true });
const admin = await createUser(db, { role: 'admin' });
const member = await createUser(db, { role: 'membre' });

type Caller = { id: number } | null;

async function call(method: 'GET' | 'PUT' | 'POST', url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

const practical = {
  access_delay: 'Accès immédiat après l’inscription',
  teaching_methods: 'Leçons rédigées, vidéos et quiz à distance',
  accessibility: 'Contenus lisibles au lecteur d’écran ; référente handicap sur demande',
  contact: 'Claire Martin – claire.martin@exemple.fr',
};

describe('practical information of a course (indicator 1)', () => {
  it('saves délais, méthodes, accessibility, contact and certification, shown on the public detail with « mis à jour le »', async () => {
    const course = await insertCourse(db, author.id, { status: 'published' });
    const res = await call('PUT', `/api/courses/${course.id}/information`, author, { ...practical, certification: { code: ' rncp 12345 ', certifier: 'France compétences', registered_on: '2024-03-15' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...practical, certification: { code: 'RNCP12345', certifier: 'France compétences', registered_on: '2024-03-15' } });
    const detail: CourseDetail = (await call('GET', `/api/courses/${course.id}`, null)).json();
    expect(detail).toMatchObject({ ...practical, certification: { code: 'RNCP12345' } });
    expect(Date.now() - Date.parse(detail.public_info_updated_at!)).toBeLessThan(60_000);
  });

  it('moves « mis à jour le » only when a value changes', async () => {
    const course = await insertCourse(db, author.id, { status: 'published', ...{ accessDelay: practical.access_delay } });
    const long_ago = new Date('2025-01-02T10:00:00Z');
    await db.update(courses).set({ publicInfoUpdatedAt: long_ago }).where(eq(courses.id, course.id));
    const same = await call('PUT', `/api/courses/${course.id}/information`, author, { access_delay: practical.access_delay });
    expect(same.json().public_info_updated_at).toBe(long_ago.toISOString());
    const changed = await call('PUT', `/api/courses/${course.id}/information`, author, { access_delay: 'Sous 48 heures' });
    expect(changed.json().public_info_updated_at).not.toBe(long_ago.toISOString());
    // The card's public fields count too: a new title is public information.
    await db.update(courses).set({ publicInfoUpdatedAt: long_ago }).where(eq(courses.id, course.id));
    const fields = { title: 'Un titre tout neuf pour ce cours' };
    const { multipart } = await import('../../test/files');
    const body = multipart(fields, []);
    const put = await app.inject({ method: 'PUT', url: `/api/courses/${course.id}`, payload: body.payload, headers: { ...body.headers, ...(await authHeader(db, author)) } });
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as CourseDetail).public_info_updated_at).not.toBe(long_ago.toISOString());
  });

  it('removes the certification with null and keeps the other fields', async () => {
    const course = await insertCourse(db, author.id, { status: 'draft', certificationCode: 'RS1234', certificationCertifier: 'Ministère', certificationRegisteredOn: '2023-01-01', contact: 'formation@exemple.fr' });
    const res = await call('PUT', `/api/courses/${course.id}/information`, author, { certification: null });
    expect(res.json()).toMatchObject({ certification: null, contact: 'formation@exemple.fr' });
  });

  it('refuses a contact without e-mail or phone, a bad certification code, a missing certifier and an impossible date, changing nothing', async () => {
    const course = await insertCourse(db, author.id, { status: 'draft', contact: 'formation@exemple.fr' });
    const certification = { code: 'RNCP12345', certifier: 'France compétences', registered_on: '2024-03-15' };
    const cases: [object, Record<string, string[]>][] = [
      [{ contact: 'Claire Martin' }, { contact: [publicInfoMessages.contactInvalid] }],
      [{ certification: { ...certification, code: 'RNC12345' } }, { 'certification.code': [publicInfoMessages.certificationCodeInvalid] }],
      [{ certification: { ...certification, code: 'RS' } }, { 'certification.code': [publicInfoMessages.certificationCodeInvalid] }],
      [{ certification: { ...certification, certifier: ' ' } }, { 'certification.certifier': [publicInfoMessages.certifierRequired] }],
      [{ certification: { ...certification, registered_on: '2024-02-30' } }, { 'certification.registered_on': [publicInfoMessages.registeredOnInvalid] }],
      [{ certification: 'RNCP12345' }, { certification: [publicInfoMessages.certificationInvalid] }],
      [{ accessibility: 'x'.repeat(2001) }, { accessibility: ['Ce champ ne doit pas dépasser 2000 caractères.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await call('PUT', `/api/courses/${course.id}/information`, author, { access_delay: 'Jamais écrit', ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect(publicInfoMessages.contactInvalid).toBe('Le contact doit comporter une adresse e-mail ou un numéro de téléphone.');
    const [row] = await db.select().from(courses).where(eq(courses.id, course.id));
    expect(row).toMatchObject({ accessDelay: null, contact: 'formation@exemple.fr', certificationCode: null });
    // A phone number alone is a contact.
    expect((await call('PUT', `/api/courses/${course.id}/information`, author, { contact: 'Accueil : 01 23 45 67 89' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/courses/${course.id}/information`, author, { contact: '+33 6 12 34 56 78' })).statusCode).toBe(200);
  });

  it('refuses another trainer (403) and hides a draft from a member (404)', async () => {
    const course = await insertCourse(db, author.id, { status: 'draft' });
    expect((await call('PUT', `/api/courses/${course.id}/information`, otherTrainer, practical)).statusCode).toBe(404);
    const published = await insertCourse(db, author.id, { status: 'published' });
    expect((await call('PUT', `/api/courses/${published.id}/information`, otherTrainer, practical)).statusCode).toBe(403);
  });

  it('refuses the submission while a practical field is missing, naming it, and accepts it once filled', async () => {
    const course = await insertCourse(db, author.id, { status: 'draft', objectives: ['Composter'], targetAudience: 'Tous', prerequisites: 'Aucun', assessmentMethods: 'Quiz' });
    await insertLesson(db, (await insertSection(db, course.id)).id);
    await call('PUT', `/api/courses/${course.id}/information`, author, { ...practical, contact: '' });
    const refused = await call('POST', `/api/courses/${course.id}/submit`, author);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(missingMessage(['contact']));
    expect(refused.json().message).toBe('Le cours ne peut pas encore être soumis\u00a0: il manque un contact.');
    expect(refused.json().errors).toEqual({ contact: ['Indiquez un contact (e-mail ou téléphone).'] });
    await call('PUT', `/api/courses/${course.id}/information`, author, { contact: practical.contact });
    const accepted = await call('POST', `/api/courses/${course.id}/submit`, author);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('keeps a published course from before the practical information published and readable', async () => {
    const course = await insertCourse(db, author.id, { status: 'published' });
    const detail = await call('GET', `/api/courses/${course.id}`, null);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ status: 'published', access_delay: '', contact: '', certification: null, public_info_updated_at: null });
  });
});

async function learner() {
  return createUser(db, { role: 'membre' });
}

const day = 24 * 60 * 60 * 1000;

describe('public results of a course (indicator 2)', () => {
  it('counts the enrolments of the last 12 months, their completions, quizzes passed and satisfaction', async () => {
    const course = await insertCourse(db, author.id, { status: 'published' });
    const section = await insertSection(db, course.id);
    const { lesson: quiz } = await insertQuiz(db, section.id);
    const { lesson: positioning } = await insertQuiz(db, section.id, { positioning: true });
    const now = new Date('2026-11-27T10:00:00Z');
    const [a, b, c, d, old] = await Promise.all([learner(), learner(), learner(), learner(), learner()]);
    await enrolCompleted(db, a.id, course.id);
    await enrolCompleted(db, b.id, course.id);
    await enrol(db, c.id, course.id);
    await enrol(db, d.id, course.id);
    await enrolCompleted(db, old.id, course.id);
    const inPeriod = new Date(now.getTime() - 30 * day);
    await db.update(enrolments).set({ createdAt: inPeriod }).where(eq(enrolments.courseId, course.id));
    // Enrolled 13 months ago: out of the period.
    await db.update(enrolments).set({ createdAt: new Date('2025-10-20T10:00:00Z') }).where(eq(enrolments.userId, old.id));
    // Quiz: a passed, b failed then passed, c failed; the positioning test never counts.
    const attempt = (userId: number, lessonId: number, number: number, passed: boolean) =>
      db.insert(quizAttempts).values({ lessonId, userId, number, score: passed ? 100 : 0, passed, questions: [], createdAt: inPeriod });
    await attempt(a.id, quiz.id, 1, true);
    await attempt(b.id, quiz.id, 1, false);
    await attempt(b.id, quiz.id, 2, true);
    await attempt(c.id, quiz.id, 1, false);
    await attempt(d.id, positioning.id, 1, false);
    await insertSatisfactionAnswer(db, a.id, course.id, { rating: 5, createdAt: inPeriod });
    await insertSatisfactionAnswer(db, b.id, course.id, { rating: 4, createdAt: inPeriod });

    const twoAnswers = await computeCourseResults(db, course.id, now);
    expect(twoAnswers).toEqual({
      period: { from: '2025-11-28', to: '2026-11-27' },
      enrolled: 4,
      completed: 2,
      completion_rate: 50,
      quiz_success_rate: 67,
      // Two answers could point at who gave them: not published.
      satisfaction: null,
      computed_at: now.toISOString(),
    } satisfies CourseResults);
    await insertSatisfactionAnswer(db, c.id, course.id, { rating: 4, createdAt: inPeriod });
    await insertSatisfactionAnswer(db, old.id, course.id, { rating: 1, createdAt: new Date('2025-06-01T10:00:00Z') });
    expect((await computeCourseResults(db, course.id, now)).satisfaction).toEqual({ average: 4.3, count: 3 });
  });

  it('answers null rates for a course nobody followed', async () => {
    const course = await insertCourse(db, author.id, { status: 'published' });
    const res = await call('GET', `/api/courses/${course.id}/results`, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enrolled: 0, completed: 0, completion_rate: null, quiz_success_rate: null, satisfaction: null });
    expect(res.json().period).toEqual(resultsPeriod(res.json().period.to));
  });

  it('is public for a published course, and a draft’s results are for its author and administrators only', async () => {
    const published = await insertCourse(db, author.id, { status: 'published' });
    for (const caller of [null, member, otherTrainer]) expect((await call('GET', `/api/courses/${published.id}/results`, caller)).statusCode).toBe(200);
    const draft = await insertCourse(db, author.id, { status: 'draft' });
    for (const caller of [null, member, otherTrainer]) {
      const res = await call('GET', `/api/courses/${draft.id}/results`, caller);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.");
    }
    for (const caller of [author, admin]) expect((await call('GET', `/api/courses/${draft.id}/results`, caller)).statusCode).toBe(200);
    expect((await call('GET', '/api/courses/999999/results', admin)).statusCode).toBe(404);
  });

  it('serves the same figures for a few minutes, then computes them again', async () => {
    const course = await insertCourse(db, author.id, { status: 'published' });
    let now = new Date('2026-11-27T10:00:00Z');
    const cached = courseResultsCache(() => now);
    const first = await cached(db, course.id);
    await enrol(db, member.id, course.id);
    await db.update(enrolments).set({ createdAt: now }).where(eq(enrolments.courseId, course.id));
    now = new Date(now.getTime() + RESULTS_CACHE_MS - 1000);
    expect(await cached(db, course.id)).toBe(first);
    now = new Date(now.getTime() + 2000);
    const second = await cached(db, course.id);
    expect(second).toMatchObject({ enrolled: 1, computed_at: now.toISOString() });
    await db.delete(satisfactionAnswers).where(eq(satisfactionAnswers.courseId, course.id));
  });
});
