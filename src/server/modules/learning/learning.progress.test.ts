import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVALID_ID_MESSAGE } from '../../../shared/ids';
import type { CourseOutline, LessonCompletion, LessonContent, MyLearning } from '../../../shared/learning';
import { courses, enrolments, lessonProgress, savedCourses } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, enrol, insertCourse, insertLesson, insertSection } from '../../test/factories';

const { app, db } = await createTestApp();

const author = await createUser(db, { role: 'formateur', isValid: true });
const otherTrainer = await createUser(db, { role: 'formateur', isValid: true });
const admin = await createUser(db, { role: 'admin' });
const outsider = await createUser(db, { role: 'membre' });

type Caller = { id: number } | null;

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, user: Caller) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {} });
}

/** A published course with two sections: [intro (preview, 5 min), basics (20 min)] and [practice (15 min)]. */
async function courseWithLessons(status: 'published' | 'draft' = 'published') {
  const course = await insertCourse(db, author.id, { status, title: 'Compostage partagé' });
  const first = await insertSection(db, course.id, { title: 'Découvrir' });
  const second = await insertSection(db, course.id, { title: 'Pratiquer' });
  const intro = await insertLesson(db, first.id, { title: 'Introduction', isPreview: true, durationMinutes: 5 });
  const basics = await insertLesson(db, first.id, { title: 'Les bases', durationMinutes: 20 });
  const practice = await insertLesson(db, second.id, { title: 'Le bac', durationMinutes: 15 });
  return { course, first, second, intro, basics, practice };
}

async function learner(courseId: number) {
  const user = await createUser(db, { role: 'membre' });
  await enrol(db, user.id, courseId);
  return user;
}

describe('GET /api/courses/:id/outline', () => {
  it('shows sections, lessons and totals to everyone, without progress for a caller who is not enrolled', async () => {
    const { course, first, second, intro, basics, practice } = await courseWithLessons();
    const expected: CourseOutline = {
      sections: [
        {
          id: first.id,
          title: 'Découvrir',
          lessons: [
            { id: intro.id, title: 'Introduction', type: 'text', duration_minutes: 5, is_preview: true },
            { id: basics.id, title: 'Les bases', type: 'text', duration_minutes: 20, is_preview: false },
          ],
        },
        { id: second.id, title: 'Pratiquer', lessons: [{ id: practice.id, title: 'Le bac', type: 'text', duration_minutes: 15, is_preview: false }] },
      ],
      total_lessons: 3,
      total_minutes: 40,
      // Nothing opened, nothing done: the player starts at the first lesson.
      resume_lesson_id: intro.id,
    };
    for (const user of [null, outsider, author, otherTrainer, admin]) {
      const res = await call('GET', `/api/courses/${course.id}/outline`, user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    }
  });

  it('adds `completed` to each lesson, and the lesson where to resume, for an enrolled learner', async () => {
    const { course, basics } = await courseWithLessons();
    const user = await learner(course.id);
    await call('POST', `/api/lessons/${basics.id}/complete`, user);
    const outline = (await call('GET', `/api/courses/${course.id}/outline`, user)).json() as CourseOutline;
    expect(outline).toMatchObject({ completed_at: null, last_lesson_id: basics.id, resume_lesson_id: basics.id });
    expect(outline.sections.flatMap((s) => s.lessons.map((l) => [l.title, l.completed]))).toEqual([
      ['Introduction', false],
      ['Les bases', true],
      ['Le bac', false],
    ]);
  });

  it("follows the sections' and lessons' positions", async () => {
    const { course, first, second, intro, basics } = await courseWithLessons();
    const reorder = await app.inject({ method: 'PUT', url: `/api/courses/${course.id}/sections/order`, headers: await authHeader(db, author), payload: { ids: [second.id, first.id] } });
    expect(reorder.statusCode).toBe(200);
    await app.inject({ method: 'PUT', url: `/api/sections/${first.id}/lessons/order`, headers: await authHeader(db, author), payload: { ids: [basics.id, intro.id] } });
    const outline = (await call('GET', `/api/courses/${course.id}/outline`, null)).json() as CourseOutline;
    expect(outline.sections.map((s) => [s.title, s.lessons.map((l) => l.title)])).toEqual([
      ['Pratiquer', ['Le bac']],
      ['Découvrir', ['Les bases', 'Introduction']],
    ]);
  });

  it("hides a draft's outline from everyone but its author and administrators (404), and answers 422 for a malformed id", async () => {
    const { course } = await courseWithLessons('draft');
    for (const user of [null, outsider, otherTrainer]) {
      const res = await call('GET', `/api/courses/${course.id}/outline`, user);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.");
    }
    for (const user of [author, admin]) expect((await call('GET', `/api/courses/${course.id}/outline`, user)).statusCode).toBe(200);
    const bad = await call('GET', '/api/courses/abc/outline', null);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ id: [INVALID_ID_MESSAGE] });
    expect((await call('GET', '/api/courses/2147483647/outline', null)).statusCode).toBe(404);
  });
});

describe('GET /api/lessons/:id', () => {
  it('gives the rendered lesson to enrolled learners, the author and administrators', async () => {
    const { course, basics } = await courseWithLessons();
    const user = await learner(course.id);
    for (const caller of [user, author, admin]) {
      const res = await call('GET', `/api/lessons/${basics.id}`, caller);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: basics.id,
        course_id: course.id,
        section_id: basics.sectionId,
        title: 'Les bases',
        type: 'text',
        duration_minutes: 20,
        is_preview: false,
        html: '<p>Un <strong>paragraphe</strong> de la leçon.</p>\n',
      });
    }
    expect(((await call('GET', `/api/lessons/${basics.id}`, user)).json() as LessonContent).completed).toBe(false);
    expect((await call('GET', `/api/lessons/${basics.id}`, author)).json()).not.toHaveProperty('completed');
    // Only those who edit the course get the Markdown source.
    for (const caller of [author, admin]) expect((await call('GET', `/api/lessons/${basics.id}`, caller)).json().body_markdown).toBe('Un **paragraphe** de la leçon.');
    expect((await call('GET', `/api/lessons/${basics.id}`, user)).json()).not.toHaveProperty('body_markdown');
  });

  it('asks a visitor to sign in (401) and refuses members not enrolled and other trainers (403)', async () => {
    const { basics } = await courseWithLessons();
    expect((await call('GET', `/api/lessons/${basics.id}`, null)).statusCode).toBe(401);
    for (const user of [outsider, otherTrainer]) {
      const res = await call('GET', `/api/lessons/${basics.id}`, user);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error_code: 'forbidden', message: 'Cette leçon est réservée aux personnes inscrites au cours.' });
    }
  });

  it('opens a free preview lesson to anyone, visitors included', async () => {
    const { intro } = await courseWithLessons();
    for (const user of [null, outsider, otherTrainer]) {
      const res = await call('GET', `/api/lessons/${intro.id}`, user);
      expect(res.statusCode).toBe(200);
      expect((res.json() as LessonContent).html).toContain('<strong>paragraphe</strong>');
      expect(res.json()).not.toHaveProperty('body_markdown');
    }
  });

  it("keeps a draft's lessons, previews included, to its author and administrators (404 for others)", async () => {
    const { intro, basics } = await courseWithLessons('draft');
    for (const lesson of [intro, basics]) {
      for (const user of [null, outsider, otherTrainer]) expect((await call('GET', `/api/lessons/${lesson.id}`, user)).statusCode).toBe(404);
      for (const user of [author, admin]) expect((await call('GET', `/api/lessons/${lesson.id}`, user)).statusCode).toBe(200);
    }
    expect((await call('GET', '/api/lessons/2147483647', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/lessons/1.5', admin)).json().errors).toEqual({ id: [INVALID_ID_MESSAGE] });
  });
});

describe('progress', () => {
  it('marks a lesson completed once however often it is asked, and counts the whole course', async () => {
    const { course, intro, basics, practice } = await courseWithLessons();
    const user = await learner(course.id);
    const first = await call('POST', `/api/lessons/${basics.id}/complete`, user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ completed: 1, total: 3, percent: 33, completed_at: null });
    expect((await call('POST', `/api/lessons/${basics.id}/complete`, user)).json()).toEqual({ completed: 1, total: 3, percent: 33, completed_at: null });
    expect(await db.select().from(lessonProgress).where(eq(lessonProgress.userId, user.id))).toHaveLength(1);
    await call('POST', `/api/lessons/${intro.id}/complete`, user);
    const last = (await call('POST', `/api/lessons/${practice.id}/complete`, user)).json() as LessonCompletion;
    expect(last).toMatchObject({ completed: 3, total: 3, percent: 100 });
    // The last lesson completes the course: the date is recorded on the enrolment and shown everywhere.
    expect(last.completed_at).toEqual(expect.any(String));
    const [enrolment] = await db.select().from(enrolments).where(and(eq(enrolments.userId, user.id), eq(enrolments.courseId, course.id)));
    expect(enrolment!.completedAt?.toISOString()).toBe(last.completed_at);
    expect(((await call('GET', `/api/courses/${course.id}/outline`, user)).json() as CourseOutline).completed_at).toBe(last.completed_at);
    expect(((await call('GET', '/api/user/learning', user)).json() as MyLearning).items[0]!.completed_at).toBe(last.completed_at);
  });

  it('refuses progress to whoever is not enrolled, author and administrators included (403), and to visitors (401)', async () => {
    const { basics } = await courseWithLessons();
    expect((await call('POST', `/api/lessons/${basics.id}/complete`, null)).statusCode).toBe(401);
    for (const user of [outsider, author, admin, otherTrainer]) {
      const res = await call('POST', `/api/lessons/${basics.id}/complete`, user);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Inscrivez-vous au cours pour enregistrer votre progression.');
    }
    expect(await db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, basics.id))).toEqual([]);
    expect((await call('POST', '/api/lessons/abc/complete', outsider)).statusCode).toBe(422);
    expect((await call('POST', '/api/lessons/2147483647/complete', outsider)).statusCode).toBe(404);
  });

  it('refuses progress in a course that went back to draft (404)', async () => {
    const { course, basics } = await courseWithLessons();
    const user = await learner(course.id);
    await db.update(courses).set({ status: 'draft' }).where(eq(courses.id, course.id));
    expect((await call('POST', `/api/lessons/${basics.id}/complete`, user)).statusCode).toBe(404);
  });

  it('keeps percentages consistent when a lesson is deleted: its progress rows go with it', async () => {
    const { course, intro, basics, practice } = await courseWithLessons();
    const user = await learner(course.id);
    await call('POST', `/api/lessons/${intro.id}/complete`, user);
    await call('POST', `/api/lessons/${basics.id}/complete`, user);
    const headers = await authHeader(db, author);
    expect((await app.inject({ method: 'DELETE', url: `/api/lessons/${basics.id}`, headers })).statusCode).toBe(204);
    expect(await db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, basics.id))).toEqual([]);
    const [item] = ((await call('GET', '/api/user/learning', user)).json() as MyLearning).items;
    expect(item).toMatchObject({ completed: 1, total: 2, percent: 50 });
    // Deleting the lesson not done yet leaves a course finished.
    expect((await app.inject({ method: 'DELETE', url: `/api/lessons/${practice.id}`, headers })).statusCode).toBe(204);
    expect(((await call('GET', '/api/user/learning', user)).json() as MyLearning).items[0]).toMatchObject({ completed: 1, total: 1, percent: 100 });
    // And deleting a whole section removes its progress too; the completion recorded above stays (decision 036).
    expect((await app.inject({ method: 'DELETE', url: `/api/sections/${intro.sectionId}`, headers })).statusCode).toBe(204);
    expect(((await call('GET', '/api/user/learning', user)).json() as MyLearning).items[0]).toMatchObject({ completed: 0, total: 0, percent: 100, last_lesson_id: null, completed_at: expect.any(String) });
  });

  it('keeps a completed course completed at 100 % everywhere after its trainer adds a lesson, the new one not done (decision 036)', async () => {
    const { course, first, intro, basics, practice } = await courseWithLessons();
    const user = await learner(course.id);
    for (const lesson of [intro, basics, practice]) await call('POST', `/api/lessons/${lesson.id}/complete`, user);
    const added = await app.inject({
      method: 'POST',
      url: `/api/sections/${first.id}/lessons`,
      headers: await authHeader(db, author),
      payload: { type: 'text', title: 'Nouveauté', duration_minutes: 10, is_preview: false, body_markdown: 'Du nouveau.' },
    });
    expect(added.statusCode).toBe(201);

    const [item] = ((await call('GET', '/api/user/learning', user)).json() as MyLearning).items;
    expect(item).toMatchObject({ completed: 3, total: 4, percent: 100, completed_at: expect.any(String), certificate: expect.objectContaining({ number: expect.any(String) }) });
    const outline = (await call('GET', `/api/courses/${course.id}/outline`, user)).json() as CourseOutline;
    expect(outline.completed_at).toBe(item!.completed_at);
    expect(outline.sections[0]!.lessons.find((l) => l.id === added.json().id)).toMatchObject({ completed: false });
    // Doing the new lesson moves nothing back or forth: still completed, still the same date.
    expect((await call('POST', `/api/lessons/${added.json().id}/complete`, user)).json()).toEqual({ completed: 4, total: 4, percent: 100, completed_at: item!.completed_at });
  });
});

describe('GET /api/user/learning', () => {
  it("lists the caller's published enrolled courses with progress and where to resume", async () => {
    const a = await courseWithLessons();
    const b = await courseWithLessons();
    const hidden = await courseWithLessons();
    const user = await learner(a.course.id);
    await enrol(db, user.id, b.course.id);
    await enrol(db, user.id, hidden.course.id);
    await db.update(courses).set({ status: 'draft' }).where(eq(courses.id, hidden.course.id));
    await call('POST', `/api/lessons/${a.intro.id}/complete`, user);

    const res = await call('GET', '/api/user/learning', user);
    expect(res.statusCode).toBe(200);
    const items = (res.json() as MyLearning).items;
    expect(items.map((i) => i.course_id).sort()).toEqual([a.course.id, b.course.id].sort());
    const [enrolmentA] = await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.userId, user.id), eq(enrolments.courseId, a.course.id)));
    expect(items.find((i) => i.course_id === a.course.id)).toEqual({
      enrolment_id: enrolmentA!.id,
      course_id: a.course.id,
      title: 'Compostage partagé',
      image: null,
      completed: 1,
      total: 3,
      percent: 33,
      // The introduction is done: resume at the next lesson in course order.
      last_lesson_id: a.basics.id,
      completed_at: null,
      certificate: null,
    });
    // Nothing opened yet: resume at the first lesson.
    expect(items.find((i) => i.course_id === b.course.id)).toMatchObject({ completed: 0, percent: 0, last_lesson_id: b.intro.id });
  });

  it('lists the published courses saved and not joined, with their size, apart from the enrolled ones', async () => {
    const user = await createUser(db, { role: 'membre' });
    const saved = await courseWithLessons();
    const savedThenJoined = await courseWithLessons();
    const savedDraft = await courseWithLessons('draft');
    for (const { course } of [saved, savedThenJoined, savedDraft]) await db.insert(savedCourses).values({ userId: user.id, courseId: course.id });
    await enrol(db, user.id, savedThenJoined.course.id);

    const mine = (await call('GET', '/api/user/learning', user)).json() as MyLearning;
    expect(mine.saved).toEqual([{ course_id: saved.course.id, title: 'Compostage partagé', image: null, total_lessons: 3, total_minutes: 40 }]);
    expect(mine.items.map((i) => i.course_id)).toEqual([savedThenJoined.course.id]);
  });

  it('resumes at the first lesson not done in course order, not at the lesson opened last', async () => {
    const { course, intro, practice } = await courseWithLessons();
    const user = await learner(course.id);
    expect((await call('GET', `/api/lessons/${practice.id}`, user)).statusCode).toBe(200);
    const [row] = await db.select().from(enrolments).where(and(eq(enrolments.userId, user.id), eq(enrolments.courseId, course.id)));
    expect(row!.lastLessonId).toBe(practice.id);
    // Nothing done yet: "Mes formations" starts at the first lesson, whatever was opened.
    expect(((await call('GET', '/api/user/learning', user)).json() as MyLearning).items[0]!.last_lesson_id).toBe(intro.id);
    // The player still gets the lesson opened last with the outline, without asking for the learner's whole list.
    expect(((await call('GET', `/api/courses/${course.id}/outline`, user)).json() as CourseOutline).last_lesson_id).toBe(practice.id);
  });

  it('resumes at a lesson skipped earlier in the course, and at the last lesson once every lesson is done', async () => {
    const { course, intro, basics, practice } = await courseWithLessons();
    const user = await learner(course.id);
    // The learner skipped "Les bases": done the introduction and the last lesson, opened the last lesson last.
    await call('POST', `/api/lessons/${intro.id}/complete`, user);
    await call('POST', `/api/lessons/${practice.id}/complete`, user);
    expect((await call('GET', `/api/lessons/${practice.id}`, user)).statusCode).toBe(200);
    expect(((await call('GET', '/api/user/learning', user)).json() as MyLearning).items[0]!.last_lesson_id).toBe(basics.id);
    // Everything done, then the introduction opened again: "Reprendre" leads to the last lesson.
    await call('POST', `/api/lessons/${basics.id}/complete`, user);
    expect((await call('GET', `/api/lessons/${intro.id}`, user)).statusCode).toBe(200);
    const [item] = ((await call('GET', '/api/user/learning', user)).json() as MyLearning).items;
    expect(item).toMatchObject({ completed: 3, total: 3, completed_at: expect.any(String), last_lesson_id: practice.id });
  });

  it('answers an empty list to a caller enrolled nowhere, and 401 to a visitor', async () => {
    expect((await call('GET', '/api/user/learning', otherTrainer)).json()).toEqual({ items: [], saved: [] });
    expect((await call('GET', '/api/user/learning', null)).statusCode).toBe(401);
  });
});
