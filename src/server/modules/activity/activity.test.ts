import { describe, expect, it } from 'vitest';
import type { Activity } from '../../../shared/activity';
import { eq } from 'drizzle-orm';
import { directoryEntries, messages, opportunities } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createOrganisation, createUser, enrol, insertCourse } from '../../test/factories';

const { app, db } = await createTestApp();

type Caller = { id: number } | null;
async function call(method: 'GET' | 'POST' | 'PUT', url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}
async function activityOf(user: Caller): Promise<Activity> {
  const res = await call('GET', '/api/user/activity', user);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toContain('@');
  return res.json();
}

const trainer = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Claire', lastname: 'Formatrice', email: 'claire.formatrice@exemple.fr' });
const organisation = await createOrganisation(db);

describe('GET /api/user/activity', () => {
  it('refuses a visitor (401)', async () => {
    expect((await call('GET', '/api/user/activity', null)).statusCode).toBe(401);
  });

  it('shows an empty activity in three empty lists', async () => {
    const someone = await createUser(db, { role: 'membre' });
    const activity = await activityOf(someone);
    expect(activity.unread_messages).toEqual({ count: 0, latest: [] });
    expect(activity.new_replies).toEqual([]);
  });

  it('lists one’s own unread messages by sender name, and not another person’s', async () => {
    const course = await insertCourse(db, trainer.id);
    const learner = await createUser(db, { role: 'membre', firstname: 'Inès', lastname: 'Apprenante', email: 'ines@exemple.fr' });
    const other = await createUser(db, { role: 'membre' });
    await enrol(db, learner.id, course.id);
    const opened = await call('POST', '/api/conversations', learner, { recipient_id: trainer.id });
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    const { id } = opened.json<{ id: number }>();
    expect((await call('POST', `/api/conversations/${id}/messages`, learner, { body: 'Bonjour, une question   sur le module 2 ?' })).statusCode).toBe(201);

    const mine = await activityOf(trainer);
    expect(mine.unread_messages.count).toBe(1);
    expect(mine.unread_messages.latest).toEqual([{ conversation_id: id, from_name: 'Inès Apprenante', excerpt: 'Bonjour, une question sur le module 2 ?', at: expect.any(String) }]);
    // The sender has nothing unread, and a third person sees none of it.
    expect((await activityOf(learner)).unread_messages.count).toBe(0);
    expect((await activityOf(other)).unread_messages).toEqual({ count: 0, latest: [] });

    await call('POST', `/api/conversations/${id}/read`, trainer);
    expect((await activityOf(trainer)).unread_messages.count).toBe(0);
  });

  it('shows nothing that moderation hid: a hidden message gives no excerpt, a hidden opportunity is no news', async () => {
    const course = await insertCourse(db, trainer.id);
    const learner = await createUser(db, { role: 'membre', firstname: 'Noé', lastname: 'Masqué' });
    await enrol(db, learner.id, course.id);
    const { id } = (await call('POST', '/api/conversations', learner, { recipient_id: trainer.id })).json<{ id: number }>();
    expect((await call('POST', `/api/conversations/${id}/messages`, learner, { body: 'Un message signalé.' })).statusCode).toBe(201);
    await db.update(messages).set({ hiddenAt: new Date() }).where(eq(messages.conversationId, id));
    expect((await activityOf(trainer)).unread_messages.latest.filter((m) => m.conversation_id === id)).toEqual([]);

    const [hidden] = await db
      .insert(opportunities)
      .values({ ownerId: organisation.id, type: 'job', title: 'Offre masquée par la modération', description: 'Masquée.', region: 'bretagne', domains: [], hiddenAt: new Date() })
      .returning();
    expect((await activityOf(learner)).new_opportunities.map((o) => o.id)).not.toContain(hidden!.id);
  });

  it('lists new replies by others in followed threads until the follower opens the thread', async () => {
    const course = await insertCourse(db, trainer.id, { title: 'Compostage collectif' });
    const learner = await createUser(db, { role: 'membre', firstname: 'Inès', lastname: 'Apprenante' });
    const classmate = await createUser(db, { role: 'membre', firstname: 'Paul', lastname: 'Camarade' });
    await enrol(db, learner.id, course.id);
    await enrol(db, classmate.id, course.id);
    const opened = await call('POST', `/api/courses/${course.id}/threads`, learner, { title: 'Où vont les déchets verts ?', body: 'Je ne sais pas.', kind: 'question' });
    const threadId = opened.json<{ id: number }>().id;
    expect((await activityOf(learner)).new_replies).toEqual([]);

    expect((await call('POST', `/api/threads/${threadId}/replies`, classmate, { body: 'Au compost.' })).statusCode).toBe(201);
    expect((await activityOf(learner)).new_replies).toEqual([{ thread_id: threadId, course_id: course.id, course_title: 'Compostage collectif', thread_title: 'Où vont les déchets verts ?', at: expect.any(String) }]);
    // The replier follows the thread now, but their own reply is not news to them; a non-follower sees nothing.
    expect((await activityOf(classmate)).new_replies).toEqual([]);
    expect((await activityOf(await createUser(db, { role: 'membre' }))).new_replies).toEqual([]);

    expect((await call('GET', `/api/threads/${threadId}`, learner)).statusCode).toBe(200);
    expect((await activityOf(learner)).new_replies).toEqual([]);
  });

  it('lists recent open opportunities in the person’s domains, else the latest, at most five', async () => {
    const day = 24 * 60 * 60 * 1000;
    const base = { ownerId: organisation.id, type: 'job' as const, description: 'Un poste.', region: 'bretagne' };
    const [compost] = await db.insert(opportunities).values({ ...base, title: 'Animateur compost', domains: ['ecologie'] }).returning();
    await db.insert(opportunities).values({ ...base, title: 'Trop ancienne', domains: ['ecologie'], createdAt: new Date(Date.now() - 20 * day) });
    await db.insert(opportunities).values({ ...base, title: 'Fermée', domains: ['ecologie'], closedAt: new Date() });
    const [rse] = await db.insert(opportunities).values({ ...base, title: 'Chargé RSE', domains: ['rse'] }).returning();

    const ecologist = await createUser(db, { role: 'membre' });
    await db.insert(directoryEntries).values({ userId: ecologist.id, domains: ['ecologie'] });
    expect((await activityOf(ecologist)).new_opportunities).toEqual([{ id: compost!.id, title: 'Animateur compost', type: 'job', region: 'bretagne', at: expect.any(String) }]);

    const digestOnly = await createUser(db, { role: 'membre' });
    expect((await call('PUT', '/api/user/opportunity-digest', digestOnly, { weekly: true, domains: ['rse'] })).statusCode).toBeLessThan(300);
    expect((await activityOf(digestOnly)).new_opportunities.map((o) => o.id)).toEqual([rse!.id]);

    const anyone = await createUser(db, { role: 'membre' });
    expect((await activityOf(anyone)).new_opportunities.map((o) => o.id)).toEqual([rse!.id, compost!.id]);
    for (let i = 0; i < 6; i++) await db.insert(opportunities).values({ ...base, title: `Offre ${i}`, domains: ['rse'] });
    expect((await activityOf(anyone)).new_opportunities).toHaveLength(5);
    // One's own opportunities are not news.
    expect((await activityOf(organisation)).new_opportunities).toEqual([]);
  });
});
