import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ownCourseMessages, type CourseDetail, type CoursePage } from '../../../shared/courses';
import {
  SATISFACTION_COMMENT_MAX,
  satisfactionMessages,
  type MySatisfactionAnswer,
  type MySatisfactionAnswers,
  type SatisfactionAnswersPage,
} from '../../../shared/satisfaction';
import { auditLog, satisfactionAnswers } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, enrol, enrolCompleted, insertCourse, insertSatisfactionAnswer } from '../../test/factories';
import { saveAnswer } from './satisfaction.service';

const { app, db } = await createTestApp();

const author = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Claire', lastname: 'Formatrice' });
const otherAuthor = await createUser(db, { role: 'formateur', isValid: true });
const admin = await createUser(db, { role: 'admin' });
const DAY_MS = 24 * 60 * 60 * 1000;

type Caller = { id: number } | null;
async function call(method: 'GET' | 'PUT', url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

/** A published course and a learner who completed it. */
async function completedCourse(title?: string) {
  const course = await insertCourse(db, author.id, title ? { title } : {});
  const learner = await createUser(db, { role: 'membre', firstname: 'Inès', lastname: 'Apprenante' });
  await enrolCompleted(db, learner.id, course.id);
  return { course, learner };
}

async function answersOf(courseId: number) {
  return db.select().from(satisfactionAnswers).where(eq(satisfactionAnswers.courseId, courseId));
}

describe('who may answer', () => {
  it('takes the answer of a learner who completed the course, once, with its 30-day window', async () => {
    const { course, learner } = await completedCourse();
    const res = await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 5, comment: '  Très concret, merci !  ' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as MySatisfactionAnswer;
    expect(answer).toMatchObject({ course_id: course.id, rating: 5, comment: 'Très concret, merci !', comment_hidden: false });
    expect(new Date(answer.editable_until).getTime() - new Date(answer.created_at).getTime()).toBe(30 * DAY_MS);
    expect(((await call('GET', '/api/user/satisfaction', learner)).json() as MySatisfactionAnswers).items).toEqual([answer]);
  });

  it('refuses the course’s author, even with a completed enrolment, with 403 own_course (issue 25)', async () => {
    const { course, learner } = await completedCourse();
    await enrolCompleted(db, author.id, course.id);
    const res = await call('PUT', `/api/courses/${course.id}/satisfaction`, author, { rating: 5, comment: null });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error_code: 'own_course', message: ownCourseMessages.rate });
    expect(await answersOf(course.id)).toHaveLength(0);
    expect((await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 5, comment: null })).statusCode).toBe(200);
  });

  it('refuses a learner who has not completed the course, and one who is not enrolled, with 403 and a French message', async () => {
    const course = await insertCourse(db, author.id);
    const enrolled = await createUser(db, { role: 'membre' });
    await enrol(db, enrolled.id, course.id);
    const stranger = await createUser(db, { role: 'membre' });
    for (const user of [enrolled, stranger, admin]) {
      const res = await call('PUT', `/api/courses/${course.id}/satisfaction`, user, { rating: 4 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error_code: 'forbidden', message: satisfactionMessages.notCompleted });
    }
    expect((await call('PUT', `/api/courses/${course.id}/satisfaction`, null, { rating: 4 })).statusCode).toBe(401);
    expect(await answersOf(course.id)).toEqual([]);
  });

  it('answers 404 for an unknown course, and for a draft the caller cannot see', async () => {
    const learner = await createUser(db, { role: 'membre' });
    expect((await call('PUT', '/api/courses/999999/satisfaction', learner, { rating: 4 })).statusCode).toBe(404);
    const draft = await insertCourse(db, otherAuthor.id, { status: 'draft' });
    const res = await call('PUT', `/api/courses/${draft.id}/satisfaction`, learner, { rating: 4 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(satisfactionMessages.courseNotFound);
  });

  it('writes only the caller’s own answer: another learner’s answer to the same course stays as it was', async () => {
    const { course, learner } = await completedCourse();
    const other = await createUser(db, { role: 'membre' });
    await enrolCompleted(db, other.id, course.id);
    await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 2, comment: 'Trop court' });
    await call('PUT', `/api/courses/${course.id}/satisfaction`, other, { rating: 5 });
    const rows = await answersOf(course.id);
    expect(rows.map((r) => [r.userId, r.rating, r.comment]).sort()).toEqual(
      [
        [learner.id, 2, 'Trop court'],
        [other.id, 5, null],
      ].sort(),
    );
  });
});

describe('what an answer holds', () => {
  it.each([
    ['0', { rating: 0 }, satisfactionMessages.ratingRange],
    ['6', { rating: 6 }, satisfactionMessages.ratingRange],
    ['3.5', { rating: 3.5 }, satisfactionMessages.ratingRange],
    ['"4" as text', { rating: '4' }, satisfactionMessages.ratingRange],
    ['no rating', { comment: 'Bien' }, satisfactionMessages.ratingRequired],
  ])('refuses a rating of %s with 422 and « %s », and stores nothing', async (_name, payload, message) => {
    const { course, learner } = await completedCourse();
    const res = await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error_code: 'validation_failed', errors: { rating: [message] } });
    expect(await answersOf(course.id)).toEqual([]);
  });

  it('takes 1 and 5, the bounds', async () => {
    const { course, learner } = await completedCourse();
    expect((await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 1 })).json().rating).toBe(1);
    expect((await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 5 })).json().rating).toBe(5);
  });

  it(`takes a comment of ${SATISFACTION_COMMENT_MAX} characters and refuses one more, in French`, async () => {
    const { course, learner } = await completedCourse();
    const long = 'é'.repeat(SATISFACTION_COMMENT_MAX);
    const ok = await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 4, comment: long });
    expect(ok.statusCode).toBe(200);
    const tooLong = await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 3, comment: `${long}e` });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({ comment: ['Le commentaire ne doit pas dépasser 2\u202f000 caractères.'] });
    // Nothing of the refused change was kept.
    expect((await answersOf(course.id))[0]).toMatchObject({ rating: 4, comment: long });
  });

  it('keeps a blank comment as no comment', async () => {
    const { course, learner } = await completedCourse();
    const res = await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 3, comment: '   ' });
    expect(res.json().comment).toBeNull();
  });
});

describe('one answer per learner and course, editable for 30 days', () => {
  it('changes the answer in place: same creation date, later update date, one row', async () => {
    const { course, learner } = await completedCourse();
    const first = (await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 2, comment: 'Bof' })).json() as MySatisfactionAnswer;
    const second = await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 4, comment: null });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ rating: 4, comment: null, created_at: first.created_at, editable_until: first.editable_until });
    expect(new Date(second.json().updated_at).getTime()).toBeGreaterThanOrEqual(new Date(first.updated_at).getTime());
    expect(await answersOf(course.id)).toHaveLength(1);
  });

  it('refuses a change 31 days after the first answer with 409 and a French message, and accepts one after 29 days', async () => {
    const { course, learner } = await completedCourse();
    await insertSatisfactionAnswer(db, learner.id, course.id, { rating: 3, comment: 'Premier avis', createdAt: new Date(Date.now() - 31 * DAY_MS) });
    const late = await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 5 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error_code: 'invalid_transition', message: satisfactionMessages.editWindowClosed });
    expect((await answersOf(course.id))[0]).toMatchObject({ rating: 3, comment: 'Premier avis' });

    await db.update(satisfactionAnswers).set({ createdAt: new Date(Date.now() - 29 * DAY_MS) }).where(eq(satisfactionAnswers.courseId, course.id));
    const inTime = await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 5 });
    expect(inTime.statusCode).toBe(200);
    expect(inTime.json().rating).toBe(5);
  });

  it('decides on the clock it is given: the last millisecond of the window is in, the next one out', async () => {
    const { course, learner } = await completedCourse();
    const actor = { id: learner.id, role: 'membre' as const, is_valid: true };
    const first = await saveAnswer(db, actor, course.id, { rating: 3, comment: null }, new Date('2026-03-01T09:00:00Z'));
    expect(first.editable_until).toBe('2026-03-31T09:00:00.000Z');
    expect((await saveAnswer(db, actor, course.id, { rating: 4, comment: null }, new Date('2026-03-31T08:59:59.999Z'))).rating).toBe(4);
    await expect(saveAnswer(db, actor, course.id, { rating: 5, comment: null }, new Date('2026-03-31T09:00:00.000Z'))).rejects.toMatchObject({
      statusCode: 409,
      message: satisfactionMessages.editWindowClosed,
    });
  });

  it('keeps a single answer when two first submissions arrive together', async () => {
    const { course, learner } = await completedCourse();
    const [a, b] = await Promise.all([
      call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 2, comment: 'Premier envoi' }),
      call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 5, comment: 'Second envoi' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await answersOf(course.id);
    expect(rows).toHaveLength(1);
    // Whichever came last wins, whole (never the rating of one with the comment of the other).
    expect([[2, 'Premier envoi'], [5, 'Second envoi']]).toContainEqual([rows[0]!.rating, rows[0]!.comment]);
  });
});

describe('averages on course cards and pages', () => {
  async function rated(ratings: number[]) {
    const course = await insertCourse(db, author.id, { title: `Cours noté ${ratings.join('-')} ${Math.random().toString(36).slice(2, 8)}` });
    for (const rating of ratings) await insertSatisfactionAnswer(db, (await createUser(db)).id, course.id, { rating });
    return course;
  }
  async function cardOf(courseId: number, title: string) {
    const page = (await call('GET', `/api/courses?q=${encodeURIComponent(title)}`, null)).json() as CoursePage;
    return page.items.find((item) => item.id === courseId)!;
  }

  it('shows nothing with 2 answers, the average to one decimal and the count from 3', async () => {
    const two = await rated([5, 4]);
    expect((await cardOf(two.id, two.title)).rating).toBeNull();
    expect(((await call('GET', `/api/courses/${two.id}`, null)).json() as CourseDetail).rating).toBeNull();

    const three = await rated([4, 4, 5]);
    expect((await cardOf(three.id, three.title)).rating).toEqual({ average: 4.3, count: 3 });
    expect(((await call('GET', `/api/courses/${three.id}`, null)).json() as CourseDetail).rating).toEqual({ average: 4.3, count: 3 });
  });

  it('gives every card of a page its own rating from the same list query', async () => {
    const a = await rated([1, 2, 3, 3]);
    const b = await rated([5, 5, 5]);
    const c = await rated([]);
    const page = (await call('GET', '/api/courses?pageSize=100', null)).json() as CoursePage;
    const byId = new Map(page.items.map((item) => [item.id, item.rating]));
    expect(byId.get(a.id)).toEqual({ average: 2.3, count: 4 });
    expect(byId.get(b.id)).toEqual({ average: 5, count: 3 });
    expect(byId.get(c.id)).toBeNull();
  });

  it('rounds half up: 4, 4, 4, 5 gives 4.3 (4.25)', async () => {
    const course = await rated([4, 4, 4, 5]);
    expect((await cardOf(course.id, course.title)).rating).toEqual({ average: 4.3, count: 4 });
  });
});

describe('reading the answers', () => {
  it('shows a trainer the answers to their own courses only, without the learners’ names', async () => {
    const { course, learner } = await completedCourse('Compostage en pied d’immeuble');
    await insertSatisfactionAnswer(db, learner.id, course.id, { rating: 5, comment: 'Parfait' });
    const foreign = await insertCourse(db, otherAuthor.id);
    await insertSatisfactionAnswer(db, learner.id, foreign.id, { rating: 1, comment: 'Pas pour moi' });

    const mine = (await call('GET', '/api/formateur/satisfaction', author)).json() as SatisfactionAnswersPage;
    expect(mine.answers.every((a) => a.course.id !== foreign.id)).toBe(true);
    const answer = mine.answers.find((a) => a.course.id === course.id)!;
    expect(answer).toMatchObject({ course: { id: course.id, title: 'Compostage en pied d’immeuble' }, rating: 5, comment: 'Parfait', comment_hidden: false });
    expect(answer).not.toHaveProperty('learner');
    expect(mine.courses.some((c) => c.id === foreign.id)).toBe(false);
    expect(mine.courses.find((c) => c.id === course.id)).toEqual({ id: course.id, title: course.title, count: 1, average: 5 });

    // The other trainer's course, by its id: the same 404 as a course that does not exist.
    const refused = await call('GET', `/api/formateur/satisfaction?course=${foreign.id}`, author);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(satisfactionMessages.courseNotFound);
    const other = (await call('GET', `/api/formateur/satisfaction?course=${foreign.id}`, otherAuthor)).json() as SatisfactionAnswersPage;
    expect(other.answers.map((a) => a.comment)).toEqual(['Pas pour moi']);
  });

  it('shows administrators every course’s answers, with who answered, filtered by course and paged', async () => {
    const { course, learner } = await completedCourse();
    await insertSatisfactionAnswer(db, learner.id, course.id, { rating: 4, comment: 'Bien' });
    const all = (await call('GET', '/api/admin/satisfaction', admin)).json() as SatisfactionAnswersPage;
    expect(all.total).toBeGreaterThanOrEqual(1);
    const one = (await call('GET', `/api/admin/satisfaction?course=${course.id}`, admin)).json() as SatisfactionAnswersPage;
    expect(one.total).toBe(1);
    expect(one.answers[0]).toMatchObject({ rating: 4, comment: 'Bien', learner: { id: learner.id, name: 'Inès Apprenante', email: learner.email } });

    for (let i = 0; i < 21; i++) await insertSatisfactionAnswer(db, (await createUser(db)).id, course.id, { rating: 3 });
    const page2 = (await call('GET', `/api/admin/satisfaction?course=${course.id}&page=2`, admin)).json() as SatisfactionAnswersPage;
    expect(page2).toMatchObject({ total: 22, page: 2, pageSize: 20 });
    expect(page2.answers).toHaveLength(2);
  });

  it('refuses members and unapproved trainers the lists, and trainers the administrators’ list', async () => {
    const member = await createUser(db, { role: 'membre' });
    const pending = await createUser(db, { role: 'formateur', isValid: false });
    for (const user of [member, pending]) expect((await call('GET', '/api/formateur/satisfaction', user)).statusCode).toBe(403);
    for (const user of [member, author]) expect((await call('GET', '/api/admin/satisfaction', user)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/satisfaction/export', author)).statusCode).toBe(403);
  });
});

describe('hiding an abusive comment', () => {
  it('hides it from the trainer and its export, keeps the rating in the average, shows it to the learner and records it', async () => {
    const course = await insertCourse(db, author.id, { title: `Cours modéré ${Date.now()}` });
    for (const rating of [4, 4]) await insertSatisfactionAnswer(db, (await createUser(db)).id, course.id, { rating });
    const learner = await createUser(db, { role: 'membre', firstname: 'Hugo', lastname: 'Insolent' });
    await enrolCompleted(db, learner.id, course.id);
    const answer = await insertSatisfactionAnswer(db, learner.id, course.id, { rating: 1, comment: 'Propos insultants' });

    const res = await call('PUT', `/api/admin/satisfaction/${answer.id}/comment`, admin, { hidden: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: answer.id, comment: 'Propos insultants', comment_hidden: true });

    const forTrainer = ((await call('GET', `/api/formateur/satisfaction?course=${course.id}`, author)).json() as SatisfactionAnswersPage).answers;
    expect(forTrainer.find((a) => a.id === answer.id)).toMatchObject({ rating: 1, comment: null, comment_hidden: true });
    const csv = (await call('GET', `/api/formateur/satisfaction/export?course=${course.id}`, author)).body;
    expect(csv).not.toContain('Propos insultants');
    expect(csv).toContain("Commentaire masqué par l'administration");
    expect((await call('GET', `/api/courses/${course.id}`, null)).json().rating).toEqual({ average: 3, count: 3 });
    expect(((await call('GET', '/api/user/satisfaction', learner)).json() as MySatisfactionAnswers).items[0]).toMatchObject({ comment: 'Propos insultants', comment_hidden: true });
    // Editing it afterwards keeps it hidden: the administrators decide again.
    const edited = await call('PUT', `/api/courses/${course.id}/satisfaction`, learner, { rating: 1, comment: 'Toujours insultant' });
    expect(edited.json()).toMatchObject({ comment: 'Toujours insultant', comment_hidden: true });

    const audit = await db.select().from(auditLog).where(and(eq(auditLog.targetId, learner.id), eq(auditLog.action, 'satisfaction_comment_hide')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, details: { course_title: course.title, rating: 1, comment: 'Propos insultants' } });

    // Asking again changes nothing and records nothing; showing it again is recorded too.
    await call('PUT', `/api/admin/satisfaction/${answer.id}/comment`, admin, { hidden: true });
    expect(await db.select().from(auditLog).where(and(eq(auditLog.targetId, learner.id), eq(auditLog.action, 'satisfaction_comment_hide')))).toHaveLength(1);
    const shown = await call('PUT', `/api/admin/satisfaction/${answer.id}/comment`, admin, { hidden: false });
    expect(shown.json()).toMatchObject({ comment: 'Toujours insultant', comment_hidden: false });
    expect(await db.select().from(auditLog).where(and(eq(auditLog.targetId, learner.id), eq(auditLog.action, 'satisfaction_comment_show')))).toHaveLength(1);
  });

  it('refuses to hide an answer without a comment (409), an unknown one (404), and anyone but administrators (403)', async () => {
    const { course, learner } = await completedCourse();
    const bare = await insertSatisfactionAnswer(db, learner.id, course.id, { rating: 4 });
    const noComment = await call('PUT', `/api/admin/satisfaction/${bare.id}/comment`, admin, { hidden: true });
    expect(noComment.statusCode).toBe(409);
    expect(noComment.json().message).toBe(satisfactionMessages.noComment);
    expect((await call('PUT', '/api/admin/satisfaction/999999/comment', admin, { hidden: true })).statusCode).toBe(404);
    for (const user of [learner, author]) expect((await call('PUT', `/api/admin/satisfaction/${bare.id}/comment`, user, { hidden: true })).statusCode).toBe(403);
    expect(((await call('PUT', `/api/admin/satisfaction/${bare.id}/comment`, admin, {})).json() as { errors: object }).errors).toHaveProperty('hidden');
  });
});

describe('CSV export', () => {
  it('writes UTF-8 with a BOM, `;` between cells, French headers, and escapes what a spreadsheet would misread', async () => {
    const course = await insertCourse(db, author.id, { title: 'Écologie; « pratique »' });
    const learner = await createUser(db, { role: 'membre', firstname: 'Zoé', lastname: 'Müller' });
    await insertSatisfactionAnswer(db, learner.id, course.id, {
      rating: 5,
      comment: 'Très "utile"\nà refaire ; vraiment',
      createdAt: new Date('2026-03-12T13:05:00Z'),
      updatedAt: new Date('2026-03-12T13:05:00Z'),
    });
    await insertSatisfactionAnswer(db, (await createUser(db, { firstname: '=HYPERLINK("http://x")', lastname: 'Pirate' })).id, course.id, { rating: 1, comment: '+33 6 12 34 56 78' });
    await insertSatisfactionAnswer(db, (await createUser(db)).id, course.id, { rating: 2, comment: '@SUM(A1)' });
    await insertSatisfactionAnswer(db, (await createUser(db)).id, course.id, { rating: 3, comment: '-2+3' });

    const res = await call('GET', `/api/admin/satisfaction/export?course=${course.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="avis-satisfaction-cours-${course.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    expect(res.headers['cache-control']).toBe('private, no-store');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Formation;Apprenant;Adresse e-mail;Note (sur 5);Commentaire;Commentaire masqué;Répondu le;Modifié le');
    expect(text).toContain(`"Écologie; « pratique »";Zoé Müller;${learner.email};5;"Très ""utile""\nà refaire ; vraiment";non;12/03/2026 14:05;12/03/2026 14:05\r\n`);
    // Formula starts get an apostrophe (and quotes where they hold some).
    expect(text).toContain(`;"'=HYPERLINK(""http://x"") Pirate";`);
    expect(text).toContain(";1;'+33 6 12 34 56 78;");
    expect(text).toContain(";2;'@SUM(A1);");
    expect(text).toContain(";3;'-2+3;");
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('gives trainers their courses without names nor e-mails', async () => {
    const { course, learner } = await completedCourse('Sobriété numérique');
    await insertSatisfactionAnswer(db, learner.id, course.id, { rating: 4, comment: 'Clair' });
    const res = await call('GET', '/api/formateur/satisfaction/export', author);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFFormation;Note (sur 5);Commentaire;Répondu le;Modifié le\r\n')).toBe(true);
    expect(text).toContain('Sobriété numérique;4;Clair;');
    expect(text).not.toContain(learner.email);
    expect(text).not.toContain('Apprenante');
    expect((await call('GET', '/api/formateur/satisfaction/export', otherAuthor)).rawPayload.toString('utf8')).not.toContain('Sobriété numérique');
  });
});
