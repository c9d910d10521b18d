import { unzipSync } from 'fflate';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DATA_EXPORT_JSON } from '../../../shared/account';
import { DELETED_AUTHOR, DISCUSSION_BODY_MAX, discussionMessages, type Reply, type ThreadDetail, type ThreadPage } from '../../../shared/discussions';
import { discussionFollows, discussionReplies, discussionThreads, mailOutbox, notifications } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, DEFAULT_PASSWORD, enrol, insertCourse, insertLesson, insertSection } from '../../test/factories';

const { app, db } = await createTestApp();

const trainer = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Claire', lastname: 'Formatrice', email: 'claire.formatrice@exemple.fr' });
const otherTrainer = await createUser(db, { role: 'formateur', isValid: true });
const admin = await createUser(db, { role: 'admin', firstname: 'Alix', lastname: 'Admin' });

type Caller = { id: number } | null;
type Method = 'GET' | 'POST' | 'DELETE';
async function call(method: Method, url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

/** A published course of the trainer with one lesson, an enrolled learner and an outsider. */
async function world(title = 'Compostage collectif') {
  const course = await insertCourse(db, trainer.id, { title });
  const section = await insertSection(db, course.id);
  const lesson = await insertLesson(db, section.id, { title: 'Le tri à la source' });
  const learner = await createUser(db, { role: 'membre', firstname: 'Inès', lastname: 'Apprenante' });
  const outsider = await createUser(db, { role: 'membre', firstname: 'Omar', lastname: 'Dehors' });
  await enrol(db, learner.id, course.id);
  return { course, lesson, learner, outsider };
}

async function openThread(courseId: number, user: Caller, body: object = {}) {
  const res = await call('POST', `/api/courses/${courseId}/threads`, user, { title: 'Où vont les déchets verts ?', body: 'Je ne sais pas **où** les mettre.', kind: 'question', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function reply(threadId: number, user: Caller, body = 'Dans le bac à compost.') {
  const res = await call('POST', `/api/threads/${threadId}/replies`, user, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Reply;
}

async function bell(userId: number) {
  return db.select({ kind: notifications.kind, title: notifications.title, link: notifications.link }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'discussion_reply')));
}

describe('who reads and writes a course’s discussions', () => {
  it('lets the enrolled learner, the trainer and an administrator in; refuses the others with a French message', async () => {
    const { course, learner, outsider } = await world();
    const threadId = await openThread(course.id, learner);
    for (const user of [learner, trainer, admin]) {
      const list = await call('GET', `/api/courses/${course.id}/threads`, user);
      expect(list.statusCode, list.body).toBe(200);
      expect((list.json() as ThreadPage).items.map((t) => t.id)).toEqual([threadId]);
      expect((await call('GET', `/api/threads/${threadId}`, user)).statusCode).toBe(200);
    }
    for (const user of [outsider, otherTrainer]) {
      for (const [method, url, payload] of [
        ['GET', `/api/courses/${course.id}/threads`],
        ['POST', `/api/courses/${course.id}/threads`, { title: 'Une question', body: 'Texte', kind: 'question' }],
        ['GET', `/api/threads/${threadId}`],
        ['POST', `/api/threads/${threadId}/replies`, { body: 'Moi aussi' }],
        ['POST', `/api/threads/${threadId}/follow`, {}],
      ] as Array<[Method, string, object?]>) {
        const res = await call(method, url, user, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ error_code: 'forbidden', message: discussionMessages.notParticipant });
      }
    }
    expect((await call('GET', `/api/courses/${course.id}/threads`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/threads/${threadId}`, null)).statusCode).toBe(401);
    expect(await db.select().from(discussionReplies).where(eq(discussionReplies.threadId, threadId))).toEqual([]);
  });

  it('answers 404 for an unknown course, thread or reply, and for another trainer’s draft', async () => {
    const { learner } = await world();
    const draft = await insertCourse(db, otherTrainer.id, { status: 'draft' });
    expect((await call('GET', '/api/courses/999999/threads', learner)).json()).toMatchObject({ error_code: 'not_found', message: discussionMessages.courseNotFound });
    expect((await call('GET', `/api/courses/${draft.id}/threads`, learner)).statusCode).toBe(404);
    expect((await call('GET', '/api/threads/999999', learner)).json()).toMatchObject({ message: discussionMessages.threadNotFound });
    expect((await call('POST', '/api/replies/999999/accept', trainer)).json()).toMatchObject({ message: discussionMessages.replyNotFound });
  });
});

describe('opening a thread', () => {
  it('takes a title, a Markdown body, a kind and a lesson of the course; shows the author by name only', async () => {
    const { course, lesson, learner } = await world();
    const threadId = await openThread(course.id, learner, { lesson_id: lesson.id, body: 'Voir <script>alert(1)</script> et [ici](javascript:alert(1))' });
    const detail = (await call('GET', `/api/threads/${threadId}`, trainer)).json() as ThreadDetail;
    expect(detail).toMatchObject({
      kind: 'question',
      title: 'Où vont les déchets verts ?',
      lesson: { id: lesson.id, title: 'Le tri à la source' },
      author: { id: learner.id, name: 'Inès Apprenante', is_trainer: false },
      replies_count: 0,
      answered: false,
      locked: false,
      can_moderate: true,
      following: false,
    });
    expect(detail.body_html).not.toContain('<script');
    expect(detail.body_html).toContain('&lt;script&gt;');
    expect(detail.body_html).not.toContain('href="javascript');
    expect(JSON.stringify(detail)).not.toContain(learner.email);
    // The author follows their own thread.
    expect(((await call('GET', `/api/threads/${threadId}`, learner)).json() as ThreadDetail).following).toBe(true);
  });

  it('tells the course’s trainer of a new thread, not of their own', async () => {
    const { course, learner } = await world('Énergie citoyenne');
    const threadId = await openThread(course.id, learner, { title: 'Quel statut juridique ?' });
    await openThread(course.id, trainer, { kind: 'discussion', title: 'Présentez-vous' });
    const told = await db
      .select({ title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, trainer.id), eq(notifications.kind, 'discussion_thread')));
    expect(told.filter((n) => n.link?.startsWith(`/user/courses/${course.id}/`))).toEqual([{ title: 'Nouvelle question\u00a0: Quel statut juridique ?', link: `/user/courses/${course.id}/discussions/${threadId}` }]);
    const others = await db.select().from(notifications).where(and(eq(notifications.kind, 'discussion_thread'), eq(notifications.userId, learner.id)));
    expect(others).toEqual([]);
  });

  it('refuses a lesson of another course (422), a bad title or body, and keeps nothing', async () => {
    const { course, learner } = await world();
    const other = await world('Énergie citoyenne');
    const before = await db.select().from(discussionThreads).where(eq(discussionThreads.courseId, course.id));
    const post = (body: object) => call('POST', `/api/courses/${course.id}/threads`, learner, { title: 'Une vraie question', body: 'Texte', kind: 'question', ...body });

    const foreign = await post({ lesson_id: other.lesson.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ error_code: 'validation_failed', errors: { lesson_id: [discussionMessages.lessonNotInCourse] } });
    for (const [body, field, message] of [
      [{ title: 'Ligne\nsuivante' }, 'title', 'Ce champ ne doit pas contenir de retour à la ligne ni de caractère de contrôle.'],
      [{ title: 'Nom\u202etourné' }, 'title', undefined],
      [{ title: 'ab' }, 'title', discussionMessages.titleTooShort],
      [{ body: '   ' }, 'body', discussionMessages.bodyRequired],
      [{ body: 'x'.repeat(DISCUSSION_BODY_MAX + 1) }, 'body', discussionMessages.bodyTooLong],
      [{ kind: 'sondage' }, 'kind', discussionMessages.kindInvalid],
    ] as Array<[object, string, string | undefined]>) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 50)).toBe(422);
      const errors = (res.json() as { errors: Record<string, string[]> }).errors;
      expect(Object.keys(errors)).toContain(field);
      if (message && field !== 'title') expect(errors[field]).toEqual([message]);
    }
    expect(await db.select().from(discussionThreads).where(eq(discussionThreads.courseId, course.id))).toEqual(before);
    expect((await post({ body: 'x'.repeat(DISCUSSION_BODY_MAX) })).statusCode).toBe(201);
  });
});

describe('lists', () => {
  it('filters by lesson and kind, counts replies, and searches in French without accents (title, body, replies)', async () => {
    const { course, lesson, learner } = await world();
    const onLesson = await openThread(course.id, learner, { lesson_id: lesson.id, title: 'Le tri des déchets', body: 'Quels déchets vont au compost ?' });
    const general = await openThread(course.id, learner, { kind: 'discussion', title: 'Présentez-vous', body: 'Bonjour à toutes et à tous.' });
    await reply(general, trainer, 'Je recycle les épluchures de légumes.');
    const list = (query = '') => call('GET', `/api/courses/${course.id}/threads${query}`, learner).then((r) => r.json() as ThreadPage);

    expect((await list(`?lesson=${lesson.id}`)).items.map((t) => t.id)).toEqual([onLesson]);
    expect((await list('?kind=discussion')).items.map((t) => t.id)).toEqual([general]);
    const all = await list();
    expect(all.items.map((t) => [t.id, t.replies_count])).toEqual([[general, 1], [onLesson, 0]]);
    expect(all.can_moderate).toBe(false);
    expect((await list('?q=dechets')).items.map((t) => t.id)).toEqual([onLesson]);
    expect((await list('?q=DÉCHET')).items.map((t) => t.id)).toEqual([onLesson]);
    expect((await list('?q=epluchure')).items.map((t) => t.id)).toEqual([general]);
    expect((await list('?q=compo')).items.map((t) => t.id)).toEqual([onLesson]);
    expect((await list('?q=photovoltaique')).items).toEqual([]);
    expect((await call('GET', `/api/courses/${course.id}/threads?q=${'a'.repeat(201)}`, learner)).statusCode).toBe(422);
  });
});

describe('replies, locking and notifications', () => {
  it('notifies the trainer and the followers of a reply, never its author; a replier follows', async () => {
    const { course, learner } = await world('Jardins partagés');
    const second = await createUser(db, { role: 'membre', firstname: 'Paul', lastname: 'Second' });
    await enrol(db, second.id, course.id);
    const threadId = await openThread(course.id, learner);

    await reply(threadId, second, 'Même question !');
    expect(await bell(second.id)).toEqual([]);
    expect(await bell(learner.id)).toEqual([{ kind: 'discussion_reply', title: 'Nouvelle réponse\u00a0: Où vont les déchets verts ?', link: `/user/courses/${course.id}/discussions/${threadId}` }]);
    expect(await bell(trainer.id)).toHaveLength(1);

    await reply(threadId, trainer, 'Au compost, bien sûr.');
    expect(await bell(trainer.id)).toHaveLength(1);
    expect(await bell(learner.id)).toHaveLength(2);
    expect(await bell(second.id)).toHaveLength(1);
    // E-mails too, unless turned off; never to the replier.
    const mails = await db.select({ to: mailOutbox.recipient }).from(mailOutbox).where(eq(mailOutbox.recipient, second.email));
    expect(mails.length).toBeGreaterThanOrEqual(1);

    // Unfollowing stops the notifications; following again brings them back.
    expect((await call('POST', `/api/threads/${threadId}/follow`, learner, { following: false })).json()).toEqual({ following: false });
    await reply(threadId, second, 'Merci !');
    expect(await bell(learner.id)).toHaveLength(2);
    expect((await call('POST', `/api/threads/${threadId}/follow`, learner, {})).json()).toEqual({ following: true });
    await reply(threadId, trainer, 'Avec plaisir.');
    expect(await bell(learner.id)).toHaveLength(3);
    const detail = (await call('GET', `/api/threads/${threadId}`, learner)).json() as ThreadDetail;
    expect(detail.replies.map((r) => [r.author.name, r.author.is_trainer])).toEqual([['Paul Second', false], ['Claire Formatrice', true], ['Paul Second', false], ['Claire Formatrice', true]]);
    expect(JSON.stringify(detail)).not.toContain('claire.formatrice@exemple.fr');
  });

  it('pages the replies, or gives them all', async () => {
    const { course, learner } = await world();
    const threadId = await openThread(course.id, learner);
    for (let i = 0; i < 3; i++) await reply(threadId, learner, `Réponse ${i}`);
    const all = (await call('GET', `/api/threads/${threadId}?all=true`, learner)).json() as ThreadDetail;
    expect(all.replies).toHaveLength(3);
    expect(all.replies_page).toEqual({ total: 3, page: 1, pageSize: 3 });
    const second = (await call('GET', `/api/threads/${threadId}?page=2`, learner)).json() as ThreadDetail;
    expect(second.replies).toEqual([]);
    expect(second.replies_page.total).toBe(3);
  });

  it('lets the trainer or an administrator lock a thread: replies are then refused (409), until unlocked', async () => {
    const { course, learner } = await world();
    const threadId = await openThread(course.id, learner);
    const refused = await call('POST', `/api/threads/${threadId}/lock`, learner, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: discussionMessages.notModerator });
    expect((await call('POST', `/api/threads/${threadId}/lock`, trainer, {})).json()).toEqual({ locked: true });
    const locked = await call('POST', `/api/threads/${threadId}/replies`, learner, { body: 'Encore une chose' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ error_code: 'invalid_transition', message: discussionMessages.locked });
    expect((await call('GET', `/api/threads/${threadId}`, learner)).json()).toMatchObject({ locked: true, replies_count: 0 });
    expect((await call('POST', `/api/threads/${threadId}/lock`, admin, { locked: false })).json()).toEqual({ locked: false });
    await reply(threadId, learner, 'Encore une chose');
  });
});

describe('accepted answers', () => {
  it('the trainer marks the answer of a question, once per thread; re-accepting moves it', async () => {
    const { course, learner } = await world();
    const threadId = await openThread(course.id, learner);
    const first = await reply(threadId, learner, 'Peut-être le bac jaune ?');
    const second = await reply(threadId, trainer, 'Le composteur collectif.');

    const byLearner = await call('POST', `/api/replies/${second.id}/accept`, learner);
    expect(byLearner.statusCode).toBe(403);
    expect(byLearner.json()).toMatchObject({ error_code: 'forbidden', message: discussionMessages.notModerator });
    expect((await call('POST', `/api/replies/${second.id}/accept`, otherTrainer)).statusCode).toBe(403);

    expect((await call('POST', `/api/replies/${first.id}/accept`, trainer)).json()).toEqual({ thread_id: threadId, accepted_reply_id: first.id });
    expect((await call('POST', `/api/replies/${second.id}/accept`, admin)).json()).toEqual({ thread_id: threadId, accepted_reply_id: second.id });
    const detail = (await call('GET', `/api/threads/${threadId}`, learner)).json() as ThreadDetail;
    expect(detail.accepted_reply_id).toBe(second.id);
    expect(detail.answered).toBe(true);
    expect(detail.replies.map((r) => r.accepted)).toEqual([false, true]);
    const accepted = await db.select({ id: discussionReplies.id, by: discussionReplies.acceptedById }).from(discussionReplies).where(eq(discussionReplies.threadId, threadId));
    expect(accepted.filter((r) => r.by !== null)).toEqual([{ id: second.id, by: admin.id }]);
    expect(((await call('GET', `/api/courses/${course.id}/threads`, learner)).json() as ThreadPage).items[0]).toMatchObject({ answered: true });
  });

  it('refuses an accepted answer on a discussion (409)', async () => {
    const { course, learner } = await world();
    const threadId = await openThread(course.id, learner, { kind: 'discussion' });
    const answer = await reply(threadId, trainer);
    const res = await call('POST', `/api/replies/${answer.id}/accept`, trainer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error_code: 'invalid_transition', message: discussionMessages.acceptOnDiscussion });
  });
});

describe('privacy', () => {
  it('carries the person’s threads, replies and follows in their data export', async () => {
    const { course, learner } = await world('Sobriété numérique');
    const threadId = await openThread(course.id, learner, { title: 'Mes courriels pèsent-ils ?' });
    const other = await openThread(course.id, trainer, { kind: 'discussion', title: 'Bienvenue' });
    await reply(other, learner, 'Merci pour l’accueil.');
    const res = await app.inject({ method: 'GET', url: '/api/user/data', headers: await authHeader(db, learner) });
    expect(res.statusCode).toBe(200);
    const json = JSON.parse(Buffer.from(unzipSync(new Uint8Array(res.rawPayload))[DATA_EXPORT_JSON]!).toString('utf8'));
    expect(json.discussion_threads).toEqual([expect.objectContaining({ id: threadId, course_title: 'Sobriété numérique', title: 'Mes courriels pèsent-ils ?', kind: 'question' })]);
    expect(json.discussion_replies).toEqual([expect.objectContaining({ thread_id: other, thread_title: 'Bienvenue', body: 'Merci pour l’accueil.' })]);
    expect(json.discussion_follows.map((f: { thread_id: number }) => f.thread_id).sort()).toEqual([threadId, other].sort());
  });

  it('keeps a deleted account’s threads and replies, shown as "Compte supprimé"', async () => {
    const { course, learner } = await world();
    const threadId = await openThread(course.id, learner);
    await reply(threadId, learner, 'Je précise ma question.');
    const deleted = await call('DELETE', '/api/user/account', learner, { currentPassword: DEFAULT_PASSWORD, confirmation: 'SUPPRIMER' });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const detail = (await call('GET', `/api/threads/${threadId}`, trainer)).json() as ThreadDetail;
    expect(detail.author).toEqual({ id: null, name: DELETED_AUTHOR, is_trainer: false });
    expect(detail.replies.map((r) => r.author.name)).toEqual([DELETED_AUTHOR]);
    expect(((await call('GET', `/api/courses/${course.id}/threads`, trainer)).json() as ThreadPage).items[0]!.author.name).toBe('Compte supprimé');
    expect(await db.select().from(discussionFollows).where(eq(discussionFollows.userId, learner.id))).toEqual([]);
  });

  it('does the same when an administrator deletes the account, and the replies still notify the others', async () => {
    const { course, learner } = await world();
    const threadId = await openThread(course.id, trainer, { kind: 'discussion', title: 'Vos retours' });
    await reply(threadId, learner, 'Très utile.');
    expect((await call('DELETE', `/api/admin/users/${learner.id}`, admin)).statusCode).toBe(204);
    const detail = (await call('GET', `/api/threads/${threadId}`, admin)).json() as ThreadDetail;
    expect(detail.author).toMatchObject({ name: 'Claire Formatrice', is_trainer: true });
    expect(detail.replies.map((r) => r.author)).toEqual([{ id: null, name: DELETED_AUTHOR, is_trainer: false }]);
    // The admin's reply reaches the trainer (and no deleted follower).
    const before = (await bell(trainer.id)).length;
    await reply(threadId, admin, 'Merci à tous.');
    expect(await bell(trainer.id)).toHaveLength(before + 1);
  });
});
