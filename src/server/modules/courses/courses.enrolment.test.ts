import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ownCourseMessages, type CourseItem, type MyCourses } from '../../../shared/courses';
import { enrol } from '../enrolments';
import { courses, enrolments, savedCourses } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, courseFields, createUser, imagePart, insertCourse, insertLesson, insertSection } from '../../test/factories';
import { multipart, pdfDocument } from '../../test/files';

const { app, db } = await createTestApp();

const trainer = await createUser(db, { role: 'formateur', isValid: true });
const admin = await createUser(db, { role: 'admin' });
const published = await insertCourse(db, trainer.id, { title: 'Sobriété numérique', priceCents: 0 });
const second = await insertCourse(db, trainer.id, { title: 'Mobilité douce', priceCents: 0 });
const draft = await insertCourse(db, trainer.id, { title: 'Brouillon', status: 'draft' });

async function call(method: 'POST' | 'DELETE' | 'GET', url: string, user: { id: number } | null) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {} });
}

async function enrolmentRows(userId: number, courseId: number) {
  return db.select().from(enrolments).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
}

describe('enrolment', () => {
  it('enrols once however many times it is asked, then unenrols', async () => {
    const learner = await createUser(db);
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', `/api/courses/${published.id}/enrolment`, learner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ enrolled: true });
    }
    expect(await enrolmentRows(learner.id, published.id)).toHaveLength(1);
    const detail = await call('GET', `/api/courses/${published.id}`, learner);
    expect(detail.json()).toMatchObject({ enrolled: true, saved: false });

    for (let i = 0; i < 2; i++) {
      const res = await call('DELETE', `/api/courses/${published.id}/enrolment`, learner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ enrolled: false });
    }
    expect(await enrolmentRows(learner.id, published.id)).toHaveLength(0);
    expect((await call('GET', `/api/courses/${published.id}`, learner)).json().enrolled).toBe(false);
  });

  it('refuses the course’s author with 403 own_course and a French message, while another trainer and an administrator enrol (issue 25)', async () => {
    const res = await call('POST', `/api/courses/${published.id}/enrolment`, trainer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error_code: 'own_course', message: ownCourseMessages.enrol });
    expect(await enrolmentRows(trainer.id, published.id)).toHaveLength(0);

    const otherTrainer = await createUser(db, { role: 'formateur', isValid: true });
    for (const user of [otherTrainer, admin]) {
      expect((await call('POST', `/api/courses/${published.id}/enrolment`, user)).statusCode).toBe(200);
      expect(await enrolmentRows(user.id, published.id)).toHaveLength(1);
    }
  });

  it('refuses the author on every path into the course (an organisation’s enrolment goes through enrol())', async () => {
    const learner = await createUser(db);
    await expect(db.transaction((tx) => enrol(tx, second.id, [learner.id, trainer.id]))).rejects.toMatchObject({
      code: 'own_course',
      statusCode: 403,
      message: ownCourseMessages.authorAmongLearners,
    });
    // Nothing is written, the learner's enrolment included.
    expect(await enrolmentRows(learner.id, second.id)).toHaveLength(0);
    expect(await db.transaction((tx) => enrol(tx, second.id, [learner.id]))).toEqual([learner.id]);
  });

  it('keeps the author’s preview of every lesson of the course they cannot join', async () => {
    const section = await insertSection(db, published.id);
    const lesson = await insertLesson(db, section.id, { isPreview: false });
    expect((await call('GET', `/api/lessons/${lesson.id}`, trainer)).statusCode).toBe(200);
    expect((await call('GET', `/api/lessons/${lesson.id}`, await createUser(db))).statusCode).toBe(403);
  });

  it('asks visitors to sign in (401)', async () => {
    expect((await call('POST', `/api/courses/${published.id}/enrolment`, null)).statusCode).toBe(401);
    expect((await call('POST', `/api/courses/${published.id}/saved`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/user/courses', null)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown or unpublished course, even to its author, and 422 for a malformed id', async () => {
    const learner = await createUser(db);
    for (const user of [learner, trainer]) {
      for (const id of [draft.id, 999999]) {
        expect((await call('POST', `/api/courses/${id}/enrolment`, user)).statusCode).toBe(404);
        expect((await call('POST', `/api/courses/${id}/saved`, user)).statusCode).toBe(404);
      }
      expect((await call('POST', '/api/courses/abc/enrolment', user)).statusCode).toBe(422);
      expect((await call('POST', '/api/courses/abc/saved', user)).statusCode).toBe(422);
    }
    expect(await enrolmentRows(learner.id, draft.id)).toHaveLength(0);
  });
});

describe('saved for later', () => {
  it('saves once, shows it on the detail, and unsaves', async () => {
    const learner = await createUser(db);
    await call('POST', `/api/courses/${second.id}/saved`, learner);
    const again = await call('POST', `/api/courses/${second.id}/saved`, learner);
    expect(again.json()).toEqual({ saved: true });
    const rows = await db.select().from(savedCourses).where(eq(savedCourses.userId, learner.id));
    expect(rows).toHaveLength(1);
    expect((await call('GET', `/api/courses/${second.id}`, learner)).json()).toMatchObject({ saved: true, enrolled: false });
    const removed = await call('DELETE', `/api/courses/${second.id}/saved`, learner);
    expect(removed.json()).toEqual({ saved: false });
    expect(await db.select().from(savedCourses).where(eq(savedCourses.userId, learner.id))).toHaveLength(0);
  });
});

describe('GET /api/user/courses', () => {
  it("lists the caller's enrolled and saved published courses, and nobody else's", async () => {
    const learner = await createUser(db);
    const neighbour = await createUser(db);
    await call('POST', `/api/courses/${published.id}/enrolment`, learner);
    await call('POST', `/api/courses/${second.id}/enrolment`, learner);
    await call('POST', `/api/courses/${second.id}/saved`, learner);
    await call('POST', `/api/courses/${published.id}/saved`, neighbour);

    const res = await call('GET', '/api/user/courses', learner);
    expect(res.statusCode).toBe(200);
    const mine: MyCourses = res.json();
    expect(mine.enrolled.map((c: CourseItem) => c.id).sort()).toEqual([published.id, second.id].sort());
    expect(mine.saved.map((c: CourseItem) => c.id)).toEqual([second.id]);
    expect(mine.enrolled[0]).toHaveProperty('category.name');

    const theirs: MyCourses = (await call('GET', '/api/user/courses', neighbour)).json();
    expect(theirs).toMatchObject({ enrolled: [], saved: [{ id: published.id }] });
  });

  it('keeps a course its learners follow in their lists: its deletion is refused (issue 25)', async () => {
    const learner = await createUser(db);
    const followed = await insertCourse(db, trainer.id, { title: 'Suivi', priceCents: 0 });
    await call('POST', `/api/courses/${followed.id}/enrolment`, learner);
    expect((await call('DELETE', `/api/courses/${followed.id}`, trainer)).statusCode).toBe(409);
    expect((await call('GET', '/api/user/courses', learner)).json().enrolled).toMatchObject([{ id: followed.id }]);
  });
});

describe('GET /api/courses/:id/attachment', () => {
  const withAttachment = (async () => {
    const body = multipart(courseFields({ title: 'Cours avec support' }), [
      imagePart(),
      { name: 'attachment', filename: 'Support été.pdf', content: pdfDocument() },
    ]);
    const res = await app.inject({ method: 'POST', url: '/api/courses', payload: body.payload, headers: { ...body.headers, ...(await authHeader(db, trainer)) } });
    const id = res.json().id as number;
    // Created as a draft: published as the review would.
    await db.update(courses).set({ status: 'published', priceCents: 0, discountPriceCents: null }).where(eq(courses.id, id));
    return id;
  })();

  it('serves the attachment to an enrolled learner, as a download with its name', async () => {
    const id = await withAttachment;
    const learner = await createUser(db);
    const refused = await call('GET', `/api/courses/${id}/attachment`, learner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('La pièce jointe est réservée aux personnes inscrites à ce cours.');

    await call('POST', `/api/courses/${id}/enrolment`, learner);
    const res = await call('GET', `/api/courses/${id}/attachment`, learner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Support ete.pdf"; filename*=UTF-8''Support%20%C3%A9t%C3%A9.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload).toEqual(pdfDocument());
  });

  it('serves it to the author and administrators, and asks visitors to sign in', async () => {
    const id = await withAttachment;
    expect((await call('GET', `/api/courses/${id}/attachment`, trainer)).statusCode).toBe(200);
    expect((await call('GET', `/api/courses/${id}/attachment`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/courses/${id}/attachment`, null)).statusCode).toBe(401);
  });

  it('answers 404 for a course without attachment', async () => {
    expect((await call('GET', `/api/courses/${published.id}/attachment`, trainer)).statusCode).toBe(404);
  });
});
