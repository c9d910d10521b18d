import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DATA_EXPORT_JSON } from '../../../shared/account';
import {
  DELETED_ACCOUNT_NAME,
  MESSAGE_BODY_MAX,
  MESSAGES_PER_MINUTE,
  messagingMessages,
  type ConversationList,
  type MessageItem,
  type MessagePage,
} from '../../../shared/messages';
import { conversations, messages, notifications, rateLimitCounters, users, type UserRow } from '../../db/schema';
import { rateKeys } from '../../lib/rate-limits';
import { createTestApp } from '../../test/app';
import { authHeader, createOrganisation, createUser, DEFAULT_PASSWORD, enrol, insertCourse, insertMembership } from '../../test/factories';
import { mayOpenConversation } from './relationships';

const { app, db } = await createTestApp();

const HOUR_MS = 60 * 60 * 1000;
type Caller = Pick<UserRow, 'id'> | null;
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}
const open = (user: Caller, recipientId: number, courseId?: number) => call('POST', '/api/conversations', user, { recipient_id: recipientId, ...(courseId ? { course_id: courseId } : {}) });
const send = (user: Caller, conversationId: number, body: string) => call('POST', `/api/conversations/${conversationId}/messages`, user, { body });

/** A trainer, a course of theirs and a learner enrolled in it. */
async function courseWithLearner(learnerOverrides: Parameters<typeof createUser>[1] = {}) {
  const trainer = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Claire', lastname: 'Formatrice' });
  const course = await insertCourse(db, trainer.id, { title: 'Compostage collectif' });
  const learner = await createUser(db, { role: 'membre', firstname: 'Inès', lastname: 'Apprenante', ...learnerOverrides });
  await enrol(db, learner.id, course.id);
  return { trainer, course, learner };
}

async function conversationBetween(a: Caller, b: Pick<UserRow, 'id'>, courseId?: number): Promise<number> {
  const res = await open(a, b.id, courseId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

describe('POST /api/conversations: who may open a conversation', () => {
  it('lets a learner write to the trainer of a course they follow (201), and gives the same conversation back after (200)', async () => {
    const { trainer, course, learner } = await courseWithLearner();
    const first = await open(learner, trainer.id, course.id);
    expect(first.statusCode, first.body).toBe(201);
    const { id } = first.json<{ id: number }>();
    const again = await open(learner, trainer.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id });
    // From the other side too: one conversation per pair.
    const reverse = await open(trainer, learner.id);
    expect(reverse.json()).toEqual({ id });
    expect(await db.select().from(conversations).where(eq(conversations.id, id))).toHaveLength(1);
  });

  it('lets the trainer write first to a learner of their course', async () => {
    const { trainer, learner } = await courseWithLearner();
    expect((await open(trainer, learner.id)).statusCode).toBe(201);
  });

  it('refuses two people with no relationship with 403 messaging_not_allowed and the French message', async () => {
    const { trainer } = await courseWithLearner();
    const stranger = await createUser(db, { role: 'membre' });
    const res = await open(stranger, trainer.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error_code: 'messaging_not_allowed', message: messagingMessages.notAllowed });
    expect((await open(trainer, stranger.id)).statusCode).toBe(403);
  });

  it('refuses a course named that the two do not share, and an unknown recipient like an unrelated one', async () => {
    const { trainer, learner } = await courseWithLearner();
    const otherCourse = await insertCourse(db, trainer.id);
    expect((await open(learner, trainer.id, otherCourse.id)).json()).toMatchObject({ error_code: 'messaging_not_allowed' });
    const unknown = await open(learner, 2_000_000);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toMatchObject({ error_code: 'messaging_not_allowed', message: messagingMessages.notAllowed });
  });

  it('lets an organisation and its consenting member write to each other, not an invited or former member', async () => {
    const organisation = await createOrganisation(db, { user: { createdAt: new Date(Date.now() - 48 * HOUR_MS) } });
    const member = await createUser(db, { role: 'membre', createdAt: new Date(Date.now() - 48 * HOUR_MS) });
    await insertMembership(db, organisation.id, member);
    expect((await open(organisation, member.id)).statusCode).toBe(201);

    const invited = await createUser(db, { role: 'membre', createdAt: new Date(Date.now() - 48 * HOUR_MS) });
    await insertMembership(db, organisation.id, invited, { status: 'invited', joinedAt: null });
    expect((await open(organisation, invited.id)).statusCode).toBe(403);
    const former = await createUser(db, { role: 'membre', createdAt: new Date(Date.now() - 48 * HOUR_MS) });
    await insertMembership(db, organisation.id, former, { status: 'left', endedAt: new Date() });
    expect((await open(former, organisation.id)).statusCode).toBe(403);
  });

  it('lets two people listed in the directory who both accept messages write to each other, nobody else of the directory', async () => {
    const established = { role: 'membre' as const, createdAt: new Date(Date.now() - 48 * HOUR_MS) };
    const [ana, ben, cloe, fresh] = [await createUser(db, established), await createUser(db, established), await createUser(db, established), await createUser(db, { role: 'membre' })];
    const list = (user: UserRow, acceptsMessages: boolean) => call('PUT', '/api/user/directory', user, { visible: true, fields: ['region'], accepts_messages: acceptsMessages, region: 'bretagne', domains: [] });
    for (const [user, accepts] of [[ana, true], [ben, true], [cloe, false], [fresh, true]] as const) expect((await list(user, accepts)).statusCode).toBe(200);

    expect((await open(ana, ben.id)).statusCode).toBe(201);
    // Cloé is listed but does not accept messages: neither side may open.
    expect((await open(ana, cloe.id)).json()).toMatchObject({ error_code: 'messaging_not_allowed' });
    expect((await open(cloe, ana.id)).statusCode).toBe(403);
    // A new account is kept out of the network, even listed and accepting.
    expect((await open(fresh, ana.id)).json()).toEqual({ error_code: 'messaging_not_allowed', message: messagingMessages.newAccount });
    // Hidden from the directory again: the door closes.
    expect((await call('PUT', '/api/user/directory', ben, { visible: false, fields: [], accepts_messages: true, region: null, domains: [] })).statusCode).toBe(200);
    const dan = await createUser(db, established);
    expect((await list(dan, true)).statusCode).toBe(200);
    expect((await open(dan, ben.id)).statusCode).toBe(403);
  });

  it('keeps a new (under 24 h) or unconfirmed account inside its courses', async () => {
    const organisation = await createOrganisation(db, { user: { createdAt: new Date(Date.now() - 48 * HOUR_MS) } });
    const fresh = await createUser(db, { role: 'membre' });
    await insertMembership(db, organisation.id, fresh);
    const res = await open(fresh, organisation.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error_code: 'messaging_not_allowed', message: messagingMessages.newAccount });

    const unconfirmed = await createUser(db, { role: 'membre', emailConfirmedAt: null, createdAt: new Date(Date.now() - 48 * HOUR_MS) });
    await insertMembership(db, organisation.id, unconfirmed);
    expect((await open(unconfirmed, organisation.id)).json()).toMatchObject({ message: messagingMessages.newAccount });

    // Inside its courses, a new and unconfirmed account may write.
    const { trainer, course } = await courseWithLearner();
    const newLearner = await createUser(db, { role: 'membre', emailConfirmedAt: null });
    await enrol(db, newLearner.id, course.id);
    expect((await open(newLearner, trainer.id)).statusCode).toBe(201);
  });

  it('decides through mayOpenConversation, one named rule', async () => {
    const { trainer, course, learner } = await courseWithLearner();
    const opener = { id: learner.id, createdAt: learner.createdAt, emailConfirmedAt: learner.emailConfirmedAt };
    expect(await mayOpenConversation(db, opener, trainer.id, course.id)).toBe('allowed');
    expect(await mayOpenConversation(db, opener, trainer.id + 100_000)).toBe('not_allowed');
  });

  it('refuses writing to oneself (422) and a malformed body (422), and needs a session (401)', async () => {
    const { learner } = await courseWithLearner();
    const self = await open(learner, learner.id);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ error_code: 'validation_failed', errors: { recipient_id: [messagingMessages.ownConversation] } });
    expect((await call('POST', '/api/conversations', learner, { recipient_id: 'abc' })).statusCode).toBe(422);
    expect((await open(null, learner.id)).statusCode).toBe(401);
  });
});

describe('messages of a conversation', () => {
  it('sends safe Markdown, lists it to both participants with the unread count, and marks it read', async () => {
    const { trainer, course, learner } = await courseWithLearner();
    const id = await conversationBetween(learner, trainer, course.id);
    const sent = await send(learner, id, 'Bonjour, **une question** sur le module 2 <script>alert(1)</script> [lien](javascript:alert(1))');
    expect(sent.statusCode, sent.body).toBe(201);
    const item = sent.json<MessageItem>();
    expect(item).toMatchObject({ conversation_id: id, sender_id: learner.id, mine: true });
    expect(item.html).toContain('<strong>une question</strong>');
    expect(item.html).not.toContain('<script>');
    expect(item.html).toContain('&lt;script&gt;');
    expect(item.html).not.toContain('href="javascript');

    const list = (await call('GET', '/api/conversations', trainer)).json<ConversationList>();
    expect(list.unread).toBe(1);
    const summary = list.items.find((c) => c.id === id)!;
    expect(summary).toMatchObject({ correspondent: { id: learner.id, name: 'Inès Apprenante' }, course: { id: course.id, title: 'Compostage collectif' }, unread: 1, can_write: true, blocked_by_me: false });
    expect(summary.last_message).toMatchObject({ mine: false });
    // Never an e-mail address in the answer.
    expect(JSON.stringify(list)).not.toContain(learner.email);

    const page = (await call('GET', `/api/conversations/${id}/messages`, trainer)).json<MessagePage>();
    expect(page.items.map((m) => m.mine)).toEqual([false]);
    expect(page).toMatchObject({ total: 1, page: 1 });

    const read = await call('POST', `/api/conversations/${id}/read`, trainer);
    expect(read.json()).toEqual({ unread: 0 });
    expect((await call('GET', '/api/conversations', trainer)).json<ConversationList>().unread).toBe(0);
  });

  it('pages the thread: page 1 holds the latest messages, oldest first', async () => {
    const { trainer, learner } = await courseWithLearner();
    const id = await conversationBetween(learner, trainer);
    for (let i = 1; i <= 5; i++) expect((await send(i % 2 ? learner : trainer, id, `Message ${i}`)).statusCode).toBe(201);
    const first = (await call('GET', `/api/conversations/${id}/messages?pageSize=2`, learner)).json<MessagePage>();
    expect(first.items.map((m) => m.body)).toEqual(['Message 4', 'Message 5']);
    expect(first.total).toBe(5);
    const third = (await call('GET', `/api/conversations/${id}/messages?pageSize=2&page=3`, learner)).json<MessagePage>();
    expect(third.items.map((m) => m.body)).toEqual(['Message 1']);
  });

  it('refuses an empty or too long body with 422 and the French message, storing nothing', async () => {
    const { trainer, learner } = await courseWithLearner();
    const id = await conversationBetween(learner, trainer);
    const empty = await send(learner, id, '   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ errors: { body: [messagingMessages.bodyRequired] } });
    const long = await send(learner, id, 'a'.repeat(MESSAGE_BODY_MAX + 1));
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ errors: { body: [messagingMessages.bodyTooLong] } });
    expect((await send(learner, id, 'a'.repeat(MESSAGE_BODY_MAX))).statusCode).toBe(201);
    expect(await db.select().from(messages).where(eq(messages.conversationId, id))).toHaveLength(1);
  });

  it('lets only the two participants read, write or mark read (403), and answers 404 for an unknown conversation', async () => {
    const { trainer, learner } = await courseWithLearner();
    const id = await conversationBetween(learner, trainer);
    const outsider = await createUser(db, { role: 'membre' });
    const admin = await createUser(db, { role: 'admin' });
    for (const user of [outsider, admin]) {
      const read = await call('GET', `/api/conversations/${id}/messages`, user);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toEqual({ error_code: 'forbidden', message: messagingMessages.notParticipant });
      expect((await send(user, id, 'Intrus')).statusCode).toBe(403);
      expect((await call('POST', `/api/conversations/${id}/read`, user)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/conversations/2000000/messages', learner)).statusCode).toBe(404);
  });

  it('notifies the recipient of the first unread message of a conversation only', async () => {
    const { trainer, learner } = await courseWithLearner();
    const id = await conversationBetween(learner, trainer);
    await send(learner, id, 'Premier');
    await send(learner, id, 'Second');
    const notes = await db.select().from(notifications).where(eq(notifications.userId, trainer.id));
    expect(notes.filter((n) => n.kind === 'message_received')).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Nouveau message de Inès Apprenante', link: `/messages/${id}` });
    // Reading the conversation reads its notification too.
    await call('POST', `/api/conversations/${id}/read`, trainer);
    const [note] = await db.select().from(notifications).where(eq(notifications.userId, trainer.id));
    expect(note!.readAt).not.toBeNull();
  });

  it(`allows ${MESSAGES_PER_MINUTE} messages a minute per person, then 429 with the French message`, async () => {
    const { trainer, learner } = await courseWithLearner();
    const id = await conversationBetween(learner, trainer);
    await db.insert(rateLimitCounters).values({ key: rateKeys.messages(learner.id), hits: MESSAGES_PER_MINUTE - 1, windowStart: new Date() });
    expect((await send(learner, id, 'Le dernier permis')).statusCode).toBe(201);
    const refused = await send(learner, id, 'Un de trop');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error_code: 'too_many_attempts', message: messagingMessages.tooMany });
    // The other person is not slowed down.
    expect((await send(trainer, id, 'Réponse')).statusCode).toBe(201);
  });
});

describe('blocking', () => {
  it('refuses a blocked sender with 403, notifies nothing, and unblocking lets them write again', async () => {
    const { trainer, learner } = await courseWithLearner();
    const id = await conversationBetween(learner, trainer);
    const block = await call('POST', `/api/users/${learner.id}/block`, trainer);
    expect(block.statusCode).toBe(200);
    expect(block.json()).toEqual({ blocked: true });
    const refused = await send(learner, id, 'Encore moi');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error_code: 'messaging_not_allowed', message: messagingMessages.blockedByRecipient });
    expect(await db.select().from(notifications).where(eq(notifications.userId, trainer.id))).toHaveLength(0);
    // The blocker is told why they cannot write either.
    expect((await send(trainer, id, 'Réponse')).json()).toMatchObject({ message: messagingMessages.blockedByYou });
    const summary = (await call('GET', '/api/conversations', trainer)).json<ConversationList>().items.find((c) => c.id === id)!;
    expect(summary).toMatchObject({ blocked_by_me: true, can_write: false });

    const unblock = await call('DELETE', `/api/users/${learner.id}/block`, trainer);
    expect(unblock.json()).toEqual({ blocked: false });
    expect((await send(learner, id, 'Merci')).statusCode).toBe(201);
  });

  it('refuses opening a conversation with someone who blocked you', async () => {
    const { trainer, learner } = await courseWithLearner();
    await call('POST', `/api/users/${learner.id}/block`, trainer);
    expect((await open(learner, trainer.id)).json()).toEqual({ error_code: 'messaging_not_allowed', message: messagingMessages.blockedByRecipient });
  });

  it('refuses blocking oneself (422) or an unknown account (404)', async () => {
    const user = await createUser(db, { role: 'membre' });
    expect((await call('POST', `/api/users/${user.id}/block`, user)).json()).toMatchObject({ errors: { id: [messagingMessages.blockSelf] } });
    expect((await call('POST', '/api/users/2000000/block', user)).statusCode).toBe(404);
  });
});

describe('account deletion and data export', () => {
  it('exports the conversations, messages and blocks, then leaves « Compte supprimé » in the other person’s conversation', async () => {
    const { trainer, course, learner } = await courseWithLearner();
    const id = await conversationBetween(learner, trainer, course.id);
    await send(learner, id, 'Ma question');
    await send(trainer, id, 'Ma réponse');
    const blocked = await createUser(db, { role: 'membre', firstname: 'Bloqué', lastname: 'Personne' });
    await call('POST', `/api/users/${blocked.id}/block`, learner);

    const exported = await call('GET', '/api/user/data', learner);
    expect(exported.statusCode).toBe(200);
    const json = JSON.parse(Buffer.from(unzipSync(new Uint8Array(exported.rawPayload))[DATA_EXPORT_JSON]!).toString('utf8'));
    expect(json.conversations).toEqual([expect.objectContaining({ id, with: 'Claire Formatrice', course_id: course.id })]);
    expect(json.messages.map((m: { body: string; from_me: boolean }) => [m.body, m.from_me])).toEqual([
      ['Ma question', true],
      ['Ma réponse', false],
    ]);
    expect(json.blocks).toEqual([expect.objectContaining({ user_id: blocked.id, name: 'Bloqué Personne' })]);

    const deleted = await call('DELETE', '/api/user/account', learner, { currentPassword: DEFAULT_PASSWORD, confirmation: 'SUPPRIMER' });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await db.select().from(users).where(eq(users.id, learner.id))).toHaveLength(0);

    const list = (await call('GET', '/api/conversations', trainer)).json<ConversationList>();
    expect(list.items.find((c) => c.id === id)).toMatchObject({ correspondent: { id: null, name: DELETED_ACCOUNT_NAME }, can_write: false });
    const page = (await call('GET', `/api/conversations/${id}/messages`, trainer)).json<MessagePage>();
    // The messages stay, as evidence of the pedagogical assistance.
    expect(page.items.map((m) => [m.body, m.sender_id])).toEqual([
      ['Ma question', null],
      ['Ma réponse', trainer.id],
    ]);
    const refused = await send(trainer, id, 'Vous êtes là ?');
    expect(refused.json()).toEqual({ error_code: 'messaging_not_allowed', message: messagingMessages.deletedRecipient });
  });
});
