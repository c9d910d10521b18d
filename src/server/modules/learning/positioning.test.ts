import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourseOutline, LessonCompletion, MyLearning } from '../../../shared/learning';
import type { PositioningResults } from '../../../shared/public-info';
import { quizMessages, type AuthorQuiz, type AuthorQuizLesson } from '../../../shared/quiz';
import { enrolments, lessonProgress } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, enrol, insertCourse, insertLesson, insertQuiz, insertSection } from '../../test/factories';
import { learnerCourseProgress } from '../enrolments';
import { sql } from 'drizzle-orm';
import { positioningResults } from '.';

const { app, db } = await createTestApp();

const author = await createUser(db, { role: 'formateur', isValid: true });
const otherTrainer = await createUser(db, { role: 'formateur', isValid: true });
const admin = await createUser(db, { role: 'admin' });

type Caller = { id: number } | null;
async function call(method: 'GET' | 'POST' | 'PUT', url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

/** One right answer (option 1) to insertQuiz's single question, or the wrong one. */
function answer(questionId: number, right: boolean) {
  return { answers: [{ question_id: questionId, option_ids: [right ? 1 : 2] }] };
}

/** A course: chapter 1 opens with a positioning test, then two text lessons. */
async function courseWithPositioning(status: 'published' | 'draft' = 'published') {
  const course = await insertCourse(db, author.id, { status });
  const section = await insertSection(db, course.id);
  const { lesson: test, questions } = await insertQuiz(db, section.id, { title: 'Test de positionnement', positioning: true });
  const first = await insertLesson(db, section.id);
  const second = await insertLesson(db, section.id);
  return { course, test, questionId: questions[0]!.id, first, second };
}

describe('tests de positionnement (indicator 8)', () => {
  it('lets the author mark a quiz as positioning when creating it and in its settings, and refuses a non-boolean', async () => {
    const course = await insertCourse(db, author.id, { status: 'draft' });
    const section = await insertSection(db, course.id);
    const created = await call('POST', `/api/sections/${section.id}/quizzes`, author, { title: 'Où en êtes-vous ?', duration_minutes: 5, positioning: true });
    expect(created.statusCode, created.body).toBe(201);
    const quiz: AuthorQuizLesson = created.json();
    expect(quiz.positioning).toBe(true);
    const off = await call('PUT', `/api/lessons/${quiz.id}/quiz`, author, { positioning: false });
    expect((off.json() as AuthorQuiz).positioning).toBe(false);
    const bad = await call('PUT', `/api/lessons/${quiz.id}/quiz`, author, { positioning: 'oui' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ positioning: [quizMessages.positioningInvalid] });
    expect(quizMessages.positioningInvalid).toBe('Indiquez si le quiz est un test de positionnement (oui ou non).');
    expect((await call('PUT', `/api/lessons/${quiz.id}/quiz`, otherTrainer, { positioning: true })).statusCode).toBe(404);
  });

  it('marks it in the outline, keeps « Reprendre » on the lessons to do, and never requires it: the course completes without it', async () => {
    const { course, test, questionId, first, second } = await courseWithPositioning();
    const learner = await createUser(db, { role: 'membre' });
    await enrol(db, learner.id, course.id);
    const outline: CourseOutline = (await call('GET', `/api/courses/${course.id}/outline`, learner)).json();
    expect(outline.sections[0]!.lessons.map((l) => [l.id, l.positioning ?? false])).toEqual([
      [test.id, true],
      [first.id, false],
      [second.id, false],
    ]);
    // A new learner opens on the first lesson to do, not on the test: the player offers the test itself.
    expect(outline.resume_lesson_id).toBe(first.id);

    // Passing the test completes no lesson and moves no progress.
    const passed = await call('POST', `/api/lessons/${test.id}/quiz/attempts`, learner, answer(questionId, true));
    expect(passed.statusCode, passed.body).toBe(201);
    expect(passed.json().progress).toEqual({ completed: 0, total: 2, percent: 0, completed_at: null } satisfies LessonCompletion);
    expect(await db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, learner.id), eq(lessonProgress.lessonId, test.id)))).toEqual([]);

    await call('POST', `/api/lessons/${first.id}/complete`, learner);
    const done: LessonCompletion = (await call('POST', `/api/lessons/${second.id}/complete`, learner)).json();
    expect(done).toMatchObject({ completed: 2, total: 2, percent: 100 });
    expect(done.completed_at).not.toBeNull();
  });

  it('completes the course of a learner who never took the test, and counts it nowhere in progress', async () => {
    const { course, first, second } = await courseWithPositioning();
    const learner = await createUser(db, { role: 'membre' });
    await enrol(db, learner.id, course.id);
    const half: LessonCompletion = (await call('POST', `/api/lessons/${first.id}/complete`, learner)).json();
    expect(half).toMatchObject({ completed: 1, total: 2, percent: 50, completed_at: null });
    const mine: MyLearning = (await call('GET', '/api/user/learning', learner)).json();
    expect(mine.items.find((i) => i.course_id === course.id)).toMatchObject({ completed: 1, total: 2, percent: 50, last_lesson_id: second.id });
    const progress = (await db.execute(sql`select * from (${learnerCourseProgress(sql`${learner.id}`, sql`${course.id}`)}) p`)) as unknown as { rows: { total_lessons: number; completed_lessons: number }[] };
    expect(progress.rows[0]).toMatchObject({ total_lessons: 2, completed_lessons: 1 });
    await call('POST', `/api/lessons/${second.id}/complete`, learner);
    const [row] = await db.select().from(enrolments).where(and(eq(enrolments.userId, learner.id), eq(enrolments.courseId, course.id)));
    expect(row!.completedAt).not.toBeNull();
  });

  it('keeps each learner’s first score and attempts count, for enrolled learners only', async () => {
    const { course, test, questionId } = await courseWithPositioning();
    const [zoe, adam, silent] = await Promise.all([
      createUser(db, { role: 'membre', firstname: 'Zoé', lastname: 'Bernard' }),
      createUser(db, { role: 'membre', firstname: 'Adam', lastname: 'Aubert' }),
      createUser(db, { role: 'membre', firstname: 'Sam', lastname: 'Muet' }),
    ]);
    for (const user of [zoe, adam, silent]) await enrol(db, user.id, course.id);
    await call('POST', `/api/lessons/${test.id}/quiz/attempts`, zoe, answer(questionId, false));
    await call('POST', `/api/lessons/${test.id}/quiz/attempts`, zoe, answer(questionId, true));
    await call('POST', `/api/lessons/${test.id}/quiz/attempts`, adam, answer(questionId, true));
    const rows = await positioningResults(db, course.id);
    expect(rows.map((r) => [r.learner_name, r.quiz_title, r.score, r.attempts])).toEqual([
      ['Adam Aubert', 'Test de positionnement', 100, 1],
      ['Zoé Bernard', 'Test de positionnement', 0, 2],
    ]);
    // A learner who left the course is no longer listed.
    await db.delete(enrolments).where(and(eq(enrolments.userId, adam.id), eq(enrolments.courseId, course.id)));
    expect((await positioningResults(db, course.id)).map((r) => r.user_id)).toEqual([zoe.id]);
  });

  it('shows the results to the author and administrators only', async () => {
    const { course, test, questionId } = await courseWithPositioning();
    const learner = await createUser(db, { role: 'membre', firstname: 'Léa', lastname: 'Petit' });
    await enrol(db, learner.id, course.id);
    await call('POST', `/api/lessons/${test.id}/quiz/attempts`, learner, answer(questionId, true));
    for (const caller of [author, admin]) {
      const res = await call('GET', `/api/courses/${course.id}/positioning-results`, caller);
      expect(res.statusCode).toBe(200);
      expect((res.json() as PositioningResults).items).toMatchObject([{ user_id: learner.id, learner_name: 'Léa Petit', score: 100, attempts: 1 }]);
    }
    const refused = await call('GET', `/api/courses/${course.id}/positioning-results`, otherTrainer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Seuls l'auteur du cours et les administrateurs peuvent modifier son contenu.");
    expect((await call('GET', `/api/courses/${course.id}/positioning-results`, learner)).statusCode).toBe(403);
    expect((await call('GET', `/api/courses/${course.id}/positioning-results`, null)).statusCode).toBe(401);
    const { course: draft } = await courseWithPositioning('draft');
    expect((await call('GET', `/api/courses/${draft.id}/positioning-results`, otherTrainer)).statusCode).toBe(404);
  });
});
