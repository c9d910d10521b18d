import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourseStatus } from '../../../shared/courses';
import { INVALID_ID_MESSAGE } from '../../../shared/ids';
import { missingMessage, reviewTransitions, submissionRequirements, transitionRefusedMessage, type AdminCoursePage, type CourseReview } from '../../../shared/reviews';
import { auditLog, courseReviews, courses, mailOutbox, notifications, type UserRow } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, enrol, imagePart, insertCourse, insertLesson, insertSection } from '../../test/factories';
import { multipartBody } from '../../test/files';

const { app, db } = await createTestApp();

const author = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Léa', lastname: 'Autrice' });
const otherTrainer = await createUser(db, { role: 'formateur', isValid: true });
const member = await createUser(db, { role: 'membre' });
const admin = await createUser(db, { role: 'admin', firstname: 'Alix', lastname: 'Admin' });
const secondAdmin = await createUser(db, { role: 'admin' });

type Caller = Pick<UserRow, 'id'> | null;
const headersOf = new Map<number, Record<string, string>>();
async function headers(user: Caller): Promise<Record<string, string>> {
  if (!user) return {};
  if (!headersOf.has(user.id)) headersOf.set(user.id, await authHeader(db, user));
  return headersOf.get(user.id)!;
}

async function call(method: 'GET' | 'POST', url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: await headers(user), ...(payload ? { payload } : {}) });
}

const complete = {
  objectives: ['Installer un composteur'],
  targetAudience: 'Habitants et gardiens',
  prerequisites: 'Aucun',
  assessmentMethods: 'Quiz final',
  accessDelay: 'Accès immédiat',
  teachingMethods: 'Leçons et quiz à distance',
  accessibility: 'Contenus accessibles au clavier',
  contact: 'Service formation – formation@exemple.fr',
};

/** A course of `author` in the given state, complete enough to be submitted (one lesson, public information). */
async function course(status: CourseStatus, overrides: Parameters<typeof insertCourse>[2] = {}, withLesson = true) {
  const row = await insertCourse(db, author.id, { status, ...complete, ...overrides });
  if (withLesson) await insertLesson(db, (await insertSection(db, row.id)).id);
  return row;
}

async function statusOf(id: number) {
  const [row] = await db.select({ status: courses.status, reason: courses.reviewReason }).from(courses).where(eq(courses.id, id));
  return row!;
}

const reason = 'Ajoutez une évaluation finale et corrigez le titre du chapitre 2.';

describe('new courses', () => {
  it('are created as drafts, whatever status the form sends, and the database default is draft', async () => {
    const { payload, headers: mp } = multipartBody([
      ...Object.entries({ title: 'Jardins partagés', description: 'Créer un jardin partagé dans son quartier.', category: 'biodiversite', price: '50', duration: '2 semaines', status: 'published' }).map(
        ([name, data]) => ({ name, data }),
      ),
      { name: 'image', filename: 'c.png', contentType: 'image/png', data: imagePart().content },
    ]);
    const res = await app.inject({ method: 'POST', url: '/api/courses', payload, headers: { ...mp, ...(await headers(author)) } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'draft', review_reason: null });
    const [row] = await db.insert(courses).values({ title: 'Défaut', description: 'Une description.', categorySlug: 'rse', duration: '1 mois', priceCents: 100, authorId: author.id }).returning();
    expect(row!.status).toBe('draft');
  });

  it('cannot be published by editing: a status sent to PUT /api/courses/:id is ignored', async () => {
    const draft = await course('draft');
    const { payload, headers: mp } = multipartBody([{ name: 'status', data: 'published' }, { name: 'title', data: 'Nouveau titre du cours' }]);
    const res = await app.inject({ method: 'PUT', url: `/api/courses/${draft.id}`, payload, headers: { ...mp, ...(await headers(author)) } });
    expect(res.statusCode).toBe(200);
    expect((await statusOf(draft.id)).status).toBe('draft');
  });

  it('refuses an unknown state in the database (check constraint)', async () => {
    await expect(insertCourse(db, author.id, { status: 'archived' as CourseStatus })).rejects.toThrow();
  });
});

describe('POST /api/courses/:id/submit', () => {
  it('tells every active administrator (bell and mail), nobody else, and nothing when refused (issue 25)', async () => {
    const second = await createUser(db, { role: 'admin' });
    const disabled = await createUser(db, { role: 'admin', isValid: false });
    const row = await course('draft', { title: 'Haies champêtres' });
    const bells = async (userId: number) =>
      (await db.select().from(notifications).where(eq(notifications.userId, userId))).filter((n) => n.kind === 'course_submitted');
    expect((await call('POST', `/api/courses/${row.id}/submit`, author)).statusCode).toBe(200);
    for (const user of [admin, second]) {
      expect(await bells(user.id)).toEqual([
        expect.objectContaining({ title: 'Cours à valider\u00a0: Haies champêtres', body: 'Léa Autrice a soumis le cours «\u00a0Haies champêtres\u00a0» pour validation.', link: `/admin/courses/${row.id}` }),
      ]);
      expect((await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email))).some((m) => (m.data as { subject?: string } | null)?.subject === 'Cours à valider\u00a0: Haies champêtres')).toBe(true);
    }
    expect(await bells(disabled.id)).toEqual([]);
    expect(await bells(author.id)).toEqual([]);
    // Submitted again while waiting: refused (409), and no second notification.
    expect((await call('POST', `/api/courses/${row.id}/submit`, author)).statusCode).toBe(409);
    expect(await bells(second.id)).toHaveLength(1);
  });

  it.each(['draft', 'changes_requested', 'unpublished'] as const)('lets the author submit a complete course from %s, clearing the reason', async (from) => {
    const row = await course(from, { reviewReason: 'Ancien motif' });
    const res = await call('POST', `/api/courses/${row.id}/submit`, author);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: row.id, status: 'submitted', review_reason: null });
    expect(await statusOf(row.id)).toEqual({ status: 'submitted', reason: null });
  });

  it('lets an administrator submit for the author', async () => {
    const row = await course('draft');
    expect((await call('POST', `/api/courses/${row.id}/submit`, admin)).statusCode).toBe(200);
    expect((await statusOf(row.id)).status).toBe('submitted');
  });

  it('refuses another trainer (404: a draft is not revealed), a member (403), a visitor (401)', async () => {
    const row = await course('draft');
    expect((await call('POST', `/api/courses/${row.id}/submit`, otherTrainer)).statusCode).toBe(404);
    expect((await call('POST', `/api/courses/${row.id}/submit`, member)).statusCode).toBe(403);
    expect((await call('POST', `/api/courses/${row.id}/submit`, null)).statusCode).toBe(401);
    const unpublished = await course('published');
    // Another trainer sees a published course but may not act on it.
    const refused = await call('POST', `/api/courses/${unpublished.id}/submit`, otherTrainer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Seuls l'auteur du cours et les administrateurs peuvent le soumettre pour validation.");
    expect((await statusOf(row.id)).status).toBe('draft');
  });

  it('refuses with 422 and the list of what is missing', async () => {
    const row = await course('draft', { objectives: [], targetAudience: ' ', prerequisites: '', assessmentMethods: '', accessDelay: null, teachingMethods: ' ', accessibility: null, contact: null }, false);
    const res = await call('POST', `/api/courses/${row.id}/submit`, author);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error_code: 'validation_failed',
      message: missingMessage(['lessons', 'objectives', 'target_audience', 'prerequisites', 'assessment_methods', 'access_delay', 'teaching_methods', 'accessibility', 'contact']),
      errors: Object.fromEntries(Object.entries(submissionRequirements).map(([k, v]) => [k, [v]])),
    });
    expect(res.json().message).toBe(
      "Le cours ne peut pas encore être soumis\u00a0: il manque au moins une leçon, au moins un objectif pédagogique, le public visé, les prérequis, les modalités d'évaluation, les délais d'accès, les méthodes mobilisées, l'accessibilité aux personnes en situation de handicap et un contact.",
    );
    const onlyLesson = await course('draft', { prerequisites: '' });
    const one = await call('POST', `/api/courses/${onlyLesson.id}/submit`, author);
    expect(one.statusCode).toBe(422);
    expect(one.json().message).toBe('Le cours ne peut pas encore être soumis\u00a0: il manque les prérequis.');
    expect(one.json().errors).toEqual({ prerequisites: ['Indiquez les prérequis.'] });
    expect((await statusOf(row.id)).status).toBe('draft');
  });

  it.each(['submitted', 'published'] as const)('refuses with 409 a course already %s', async (from) => {
    const row = await course(from);
    const res = await call('POST', `/api/courses/${row.id}/submit`, author);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error_code: 'invalid_transition', message: transitionRefusedMessage('submit', from) });
    expect((await statusOf(row.id)).status).toBe(from);
  });

  it('answers 404 for an unknown course and 422 for a malformed id', async () => {
    expect((await call('POST', '/api/courses/999999/submit', author)).statusCode).toBe(404);
    const bad = await call('POST', '/api/courses/abc/submit', author);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id).toEqual([INVALID_ID_MESSAGE]);
  });
});

describe('administrator decisions', () => {
  const decisions = [
    { action: 'publish', url: 'publish', body: undefined },
    { action: 'request_changes', url: 'request-changes', body: { reason } },
    { action: 'unpublish', url: 'unpublish', body: { reason } },
  ] as const;

  it.each(decisions)('$action: an administrator moves the course and the reason is kept', async ({ action, url, body }) => {
    const { from, to } = reviewTransitions[action];
    const row = await course(from[0]);
    const res = await call('POST', `/api/admin/courses/${row.id}/${url}`, admin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: row.id, status: to, review_reason: body?.reason ?? null });
    expect(await statusOf(row.id)).toEqual({ status: to, reason: body?.reason ?? null });
  });

  it.each(decisions)('$action: refused to the author (403), another trainer (403), a member (403), a visitor (401)', async ({ action, url, body }) => {
    const from = reviewTransitions[action].from[0];
    const row = await course(from);
    for (const [user, status] of [[author, 403], [otherTrainer, 403], [member, 403], [null, 401]] as const) {
      expect((await call('POST', `/api/admin/courses/${row.id}/${url}`, user, body)).statusCode).toBe(status);
    }
    expect((await statusOf(row.id)).status).toBe(from);
  });

  it.each(decisions)('$action: 409 from every other state', async ({ action, url, body }) => {
    const allowed: readonly CourseStatus[] = reviewTransitions[action].from;
    for (const from of (['draft', 'submitted', 'changes_requested', 'published', 'unpublished'] as const).filter((s) => !allowed.includes(s))) {
      const row = await course(from);
      const res = await call('POST', `/api/admin/courses/${row.id}/${url}`, admin, body);
      expect(res.statusCode, `${action} from ${from}`).toBe(409);
      expect(res.json()).toEqual({ error_code: 'invalid_transition', message: transitionRefusedMessage(action, from) });
      expect((await statusOf(row.id)).status).toBe(from);
    }
  });

  it('requires a reason of 1 to 1000 characters to request changes or unpublish', async () => {
    const row = await course('submitted');
    for (const [payload, message] of [
      [{}, 'Le motif est obligatoire.'],
      [{ reason: '   ' }, 'Le motif est obligatoire.'],
      [{ reason: 'x'.repeat(1001) }, 'Le motif ne doit pas dépasser 1000 caractères.'],
    ] as const) {
      for (const url of ['request-changes', 'unpublish']) {
        const res = await call('POST', `/api/admin/courses/${row.id}/${url}`, admin, payload);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.reason).toEqual([message]);
      }
    }
    expect((await call('POST', `/api/admin/courses/${row.id}/request-changes`, admin, { reason: 'x'.repeat(1000) })).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/courses/999999/publish', admin)).statusCode).toBe(404);
  });

  it('lets only one of two administrators publishing at once win; the other gets 409', async () => {
    const row = await course('submitted');
    const [a, b] = await Promise.all([call('POST', `/api/admin/courses/${row.id}/publish`, admin), call('POST', `/api/admin/courses/${row.id}/publish`, secondAdmin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(transitionRefusedMessage('publish', 'published'));
    const history = await db.select().from(courseReviews).where(eq(courseReviews.courseId, row.id));
    expect(history).toHaveLength(1);
  });

  it('does not let one administrator publish while another requests changes', async () => {
    const row = await course('submitted');
    const results = await Promise.all([call('POST', `/api/admin/courses/${row.id}/publish`, admin), call('POST', `/api/admin/courses/${row.id}/request-changes`, secondAdmin, { reason })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await db.select().from(courseReviews).where(eq(courseReviews.courseId, row.id))).toHaveLength(1);
  });
});

describe('history and audit', () => {
  it('records the whole round trip: who, when, from, to, reason, for the author and administrators only', async () => {
    const row = await course('draft', { title: 'Compost de quartier' });
    expect((await call('POST', `/api/courses/${row.id}/submit`, author)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/courses/${row.id}/request-changes`, admin, { reason })).statusCode).toBe(200);
    // The author sees the reason in their list and on the detail.
    const mine = (await call('GET', '/api/formateur/courses', author)).json();
    expect(mine.items.find((c: { id: number }) => c.id === row.id)).toMatchObject({ status: 'changes_requested', review_reason: reason });
    expect((await call('GET', `/api/courses/${row.id}`, author)).json()).toMatchObject({ status: 'changes_requested', review_reason: reason });
    expect((await call('POST', `/api/courses/${row.id}/submit`, author)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/courses/${row.id}/publish`, admin)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/courses/${row.id}/unpublish`, admin, { reason: 'Contenu obsolète.' })).statusCode).toBe(200);

    const res = await call('GET', `/api/courses/${row.id}/reviews`, author);
    expect(res.statusCode).toBe(200);
    const items: CourseReview[] = res.json().items;
    expect(items.map((r) => [r.from_status, r.to_status, r.reason, r.actor_name])).toEqual([
      ['published', 'unpublished', 'Contenu obsolète.', 'Alix Admin'],
      ['submitted', 'published', null, 'Alix Admin'],
      ['changes_requested', 'submitted', null, 'Léa Autrice'],
      ['submitted', 'changes_requested', reason, 'Alix Admin'],
      ['draft', 'submitted', null, 'Léa Autrice'],
    ]);
    expect(Date.parse(items[0]!.created_at)).not.toBeNaN();
    expect((await call('GET', `/api/courses/${row.id}/reviews`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/courses/${row.id}/reviews`, otherTrainer)).statusCode).toBe(404);
    expect((await call('GET', `/api/courses/${row.id}/reviews`, member)).statusCode).toBe(403);
    expect((await call('GET', `/api/courses/${row.id}/reviews`, null)).statusCode).toBe(401);

    // Every change is in the audit log, on the author's account, with the course and the reason.
    const audit = await db
      .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, author.id)))
      .orderBy(desc(auditLog.id))
      .limit(5);
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['course_unpublish', admin.id],
      ['course_publish', admin.id],
      ['course_submit', author.id],
      ['course_request_changes', admin.id],
      ['course_submit', author.id],
    ]);
    expect(audit[3]!.details).toEqual({ course_id: row.id, course_title: 'Compost de quartier', from: 'submitted', to: 'changes_requested', reason });
    // The administrator's page of the author shows them.
    const detail = (await call('GET', `/api/admin/users/${author.id}`, admin)).json();
    expect(detail.audit[0]).toMatchObject({ action: 'course_unpublish', actor_name: 'Alix Admin', details: { reason: 'Contenu obsolète.' } });
  });

  it('hides the reason from everyone but the author and administrators', async () => {
    const row = await course('published', { reviewReason: null });
    for (const user of [null, member, otherTrainer]) {
      expect((await call('GET', `/api/courses/${row.id}`, user)).json()).not.toHaveProperty('review_reason');
    }
    expect((await call('GET', `/api/courses/${row.id}`, admin)).json()).toHaveProperty('review_reason', null);
  });
});

describe('GET /api/admin/courses', () => {
  it('lists submitted courses first (longest waiting first), filters by state, pages, and counts each state', async () => {
    const older = await course('submitted', { title: 'File A', statusChangedAt: new Date(Date.now() - 3_600_000) });
    const newer = await course('submitted', { title: 'File B' });
    await course('changes_requested', { reviewReason: reason });

    const all: AdminCoursePage = (await call('GET', '/api/admin/courses?pageSize=100', admin)).json();
    const submittedIds = all.items.filter((c) => c.status === 'submitted').map((c) => c.id);
    expect(all.items.slice(0, submittedIds.length).every((c) => c.status === 'submitted')).toBe(true);
    expect(submittedIds.indexOf(older.id)).toBeLessThan(submittedIds.indexOf(newer.id));
    expect(all.total).toBe(Object.values(all.counts).reduce((a, b) => a + b, 0));

    const requested: AdminCoursePage = (await call('GET', '/api/admin/courses?status=changes_requested', admin)).json();
    expect(requested.items.every((c) => c.status === 'changes_requested')).toBe(true);
    expect(requested.total).toBe(all.counts.changes_requested);
    expect(requested.items[0]).toMatchObject({ review_reason: expect.any(String), status_changed_at: expect.any(String), user: { id: author.id } });

    const page2: AdminCoursePage = (await call('GET', '/api/admin/courses?status=submitted&pageSize=1&page=2', admin)).json();
    expect(page2.items).toHaveLength(1);
    expect(page2).toMatchObject({ page: 2, pageSize: 1, total: all.counts.submitted });

    const bad = await call('GET', '/api/admin/courses?status=archived', admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual(['État inconnu.']);
    expect((await call('GET', '/api/admin/courses', author)).statusCode).toBe(403);
  });
});

describe('visibility of a course that is not published', () => {
  it.each(['draft', 'submitted', 'changes_requested', 'unpublished'] as const)(
    '%s: absent from every public read path; enrolled learners lose access until it is published again',
    async (status) => {
      const row = await course('published', { title: `Visibilité ${status} ${Date.now()}` });
      const learner = await createUser(db, { role: 'membre' });
      await enrol(db, learner.id, row.id);
      const lessonId = (await call('GET', `/api/courses/${row.id}/outline`, learner)).json().sections[0].lessons[0].id as number;
      await db.update(courses).set({ status }).where(eq(courses.id, row.id));

      const catalogue = (await call('GET', `/api/courses?q=${encodeURIComponent(row.title)}`, null)).json();
      expect(catalogue.total).toBe(0);
      for (const user of [null, learner, otherTrainer]) {
        expect((await call('GET', `/api/courses/${row.id}`, user)).statusCode).toBe(404);
        expect((await call('GET', `/api/courses/${row.id}/outline`, user)).statusCode).toBe(404);
        expect((await call('GET', `/api/lessons/${lessonId}`, user)).statusCode).toBe(404);
      }
      expect((await call('POST', `/api/courses/${row.id}/enrolment`, member)).statusCode).toBe(404);
      expect((await call('POST', `/api/courses/${row.id}/saved`, member)).statusCode).toBe(404);
      expect((await call('POST', `/api/lessons/${lessonId}/complete`, learner)).statusCode).toBe(404);
      expect((await call('GET', '/api/user/learning', learner)).json().items).toEqual([]);
      expect((await call('GET', '/api/user/courses', learner)).json().enrolled).toEqual([]);
      // Author and administrators still read everything.
      for (const user of [author, admin]) {
        expect((await call('GET', `/api/courses/${row.id}`, user)).statusCode).toBe(200);
        expect((await call('GET', `/api/lessons/${lessonId}`, user)).statusCode).toBe(200);
      }
      // Published again: the learner's enrolment is back.
      await db.update(courses).set({ status: 'published' }).where(eq(courses.id, row.id));
      expect((await call('GET', `/api/lessons/${lessonId}`, learner)).statusCode).toBe(200);
      expect((await call('GET', '/api/user/learning', learner)).json().items).toHaveLength(1);
    },
  );

  it('counts only published courses in the categories', async () => {
    const before: { slug: string; count: number }[] = (await call('GET', '/api/categories', null)).json();
    await course('submitted', { categorySlug: 'ecologie' });
    await course('unpublished', { categorySlug: 'ecologie' });
    const after: { slug: string; count: number }[] = (await call('GET', '/api/categories', null)).json();
    expect(after).toEqual(before);
  });

  it('keeps a published course published when its author edits its content', async () => {
    const row = await course('published');
    const section = await call('POST', `/api/courses/${row.id}/sections`, author, { title: 'Nouveau chapitre' });
    expect(section.statusCode).toBe(201);
    expect((await call('POST', `/api/sections/${section.json().id}/lessons`, author, { title: 'Nouvelle', type: 'text', duration_minutes: 5, body_markdown: 'Texte.' })).statusCode).toBe(201);
    expect((await statusOf(row.id)).status).toBe('published');
  });
});
