import { describe, expect, it } from 'vitest';
import type { DirectoryPage, MyDirectoryEntry } from '../../../shared/directory';
import type { ThreadDetail, ThreadPage } from '../../../shared/discussions';
import type { MessagePage } from '../../../shared/messages';
import { moderationMessages, REMOVED_BY_MODERATION, type ModerationDecision, type ReportCreated, type ReportTargetType } from '../../../shared/moderation';
import type { MyApplications, Opportunity, OpportunityPage } from '../../../shared/opportunities';
import { conversations, directoryEntries, discussionReplies, discussionThreads, messages, opportunities, opportunityResponses, type UserRow } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, enrol, insertCourse } from '../../test/factories';

/**
 * The real reportable content (decision 043): each module's moderation target, end to end through
 * the API. For every type: who may report it, hiding (others no longer see it, the author sees it
 * marked), a contest that reverses the hiding, and the removal.
 */
const { app, db } = await createTestApp();
const admin = await createUser(db, { role: 'admin', firstname: 'Alice', lastname: 'Admin' });
const trainer = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Claire', lastname: 'Formatrice' });

type Caller = { id: number } | null;
async function call(method: 'GET' | 'POST', url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}
async function json<T>(method: 'GET' | 'POST', url: string, user: Caller): Promise<T> {
  const res = await call(method, url, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const member = (firstname: string, lastname: string) => createUser(db, { role: 'membre', firstname, lastname });

/** One piece of content of a type, as its readers see it. */
interface Case {
  type: ReportTargetType;
  id: number;
  author: UserRow;
  /** Someone who sees it and may report it. */
  viewer: UserRow;
  /** Someone who cannot see it (404 on a report), with the id they would try. */
  blind: { user: UserRow; id: number };
  /** Does this person see it where it is listed and read? */
  sees(user: UserRow): Promise<boolean>;
  /** What moderation made of it, as its author reads it. */
  stateForAuthor(): Promise<string | undefined>;
  /** After a removal: is it gone (or replaced by « Contenu supprimé par la modération ») for its readers? */
  removedFor(user: UserRow): Promise<boolean>;
}

async function messageCase(): Promise<Case> {
  const author = await member('Paul', 'Expéditeur');
  const viewer = await member('Rita', 'Destinataire');
  const outsider = await member('Omar', 'Dehors');
  const [conversation] = await db
    .insert(conversations)
    .values(author.id < viewer.id ? { userAId: author.id, userBId: viewer.id } : { userAId: viewer.id, userBId: author.id })
    .returning();
  const [message] = await db.insert(messages).values({ conversationId: conversation!.id, senderId: author.id, body: 'Achetez mes graines miracles !' }).returning();
  const read = (user: UserRow) => json<MessagePage>('GET', `/api/conversations/${conversation!.id}/messages`, user);
  return {
    type: 'message',
    id: message!.id,
    author,
    viewer,
    blind: { user: outsider, id: message!.id },
    sees: async (user) => (await read(user)).items.some((m) => m.id === message!.id),
    stateForAuthor: async () => (await read(author)).items.find((m) => m.id === message!.id)?.moderation,
    removedFor: async (user) => {
      const item = (await read(user)).items.find((m) => m.id === message!.id);
      return item?.moderation === 'removed' && item.body === REMOVED_BY_MODERATION && !item.html.includes('graines');
    },
  };
}

/** A course of the trainer with two enrolled learners and an outsider. */
async function course() {
  const row = await insertCourse(db, trainer.id, { title: 'Compostage collectif' });
  const author = await member('Inès', 'Apprenante');
  const viewer = await member('Léo', 'Apprenant');
  const outsider = await member('Omar', 'Dehors');
  await enrol(db, author.id, row.id);
  await enrol(db, viewer.id, row.id);
  return { course: row, author, viewer, outsider };
}

async function threadCase(): Promise<Case> {
  const { course: c, author, viewer, outsider } = await course();
  const [thread] = await db.insert(discussionThreads).values({ courseId: c.id, authorId: author.id, kind: 'discussion', title: 'Publicité déguisée', body: 'Visitez mon site.' }).returning();
  const listed = async (user: UserRow) => (await json<ThreadPage>('GET', `/api/courses/${c.id}/threads`, user)).items.some((t) => t.id === thread!.id);
  return {
    type: 'thread',
    id: thread!.id,
    author,
    viewer,
    blind: { user: outsider, id: thread!.id },
    sees: async (user) => {
      const read = (await call('GET', `/api/threads/${thread!.id}`, user)).statusCode === 200;
      const inList = await listed(user);
      expect(read).toBe(inList);
      return read;
    },
    stateForAuthor: async () => (await json<ThreadDetail>('GET', `/api/threads/${thread!.id}`, author)).moderation,
    removedFor: async (user) => {
      const detail = await json<ThreadDetail>('GET', `/api/threads/${thread!.id}`, user);
      return detail.moderation === 'removed' && detail.title === REMOVED_BY_MODERATION && detail.body_html.includes(REMOVED_BY_MODERATION);
    },
  };
}

async function replyCase(): Promise<Case> {
  const { course: c, author, viewer, outsider } = await course();
  const [thread] = await db.insert(discussionThreads).values({ courseId: c.id, authorId: trainer.id, kind: 'question', title: 'Où vont les déchets verts ?', body: 'Au compost ?' }).returning();
  const [reply] = await db.insert(discussionReplies).values({ threadId: thread!.id, authorId: author.id, body: 'Propos injurieux.' }).returning();
  const find = async (user: UserRow) => {
    const detail = await json<ThreadDetail>('GET', `/api/threads/${thread!.id}`, user);
    return { detail, reply: detail.replies.find((r) => r.id === reply!.id) };
  };
  return {
    type: 'reply',
    id: reply!.id,
    author,
    viewer,
    blind: { user: outsider, id: reply!.id },
    sees: async (user) => {
      const { detail, reply: found } = await find(user);
      // The count agrees with what the reader is shown.
      expect(detail.replies_count).toBe(detail.replies.length);
      return found !== undefined;
    },
    stateForAuthor: async () => (await find(author)).reply?.moderation,
    removedFor: async (user) => {
      const found = (await find(user)).reply;
      return found?.moderation === 'removed' && found.body_html.includes(REMOVED_BY_MODERATION) && !found.body_html.includes('injurieux');
    },
  };
}

async function profileCase(): Promise<Case> {
  const author = await member('Sacha', 'Annuaire');
  const viewer = await member('Nora', 'Lectrice');
  const unlisted = await member('Gaspard', 'Discret');
  await db.insert(directoryEntries).values({ userId: author.id, visible: true, fields: ['headline'], headline: 'Graines miracles à vendre' });
  await db.insert(directoryEntries).values({ userId: unlisted.id, visible: false, fields: ['headline'], headline: 'Pas dans l’annuaire' });
  const search = (user: UserRow) => json<DirectoryPage>('GET', `/api/directory?q=${encodeURIComponent('Sacha')}`, user);
  return {
    type: 'profile',
    id: author.id,
    author,
    viewer,
    blind: { user: viewer, id: unlisted.id },
    sees: async (user) => (await search(user)).items.some((card) => card.id === author.id),
    stateForAuthor: async () => (await json<MyDirectoryEntry>('GET', '/api/user/directory', author)).moderation,
    removedFor: async (user) => {
      const mine = await json<MyDirectoryEntry>('GET', '/api/user/directory', author);
      return !(await search(user)).items.some((card) => card.id === author.id) && mine.visible === false && mine.updated_at === null;
    },
  };
}

async function opportunityCase(): Promise<Case> {
  const author = await createUser(db, { role: 'organisme', firstname: 'Orga', lastname: 'Verte' });
  const viewer = await member('Yann', 'Candidat');
  const [row] = await db.insert(opportunities).values({ ownerId: author.id, type: 'job', title: 'Emploi douteux', description: 'Envoyez de l’argent.', region: 'bretagne' }).returning();
  await db.insert(opportunityResponses).values({ opportunityId: row!.id, userId: viewer.id, kind: 'application', message: 'Je candidate.' });
  return {
    type: 'opportunity',
    id: row!.id,
    author,
    viewer,
    blind: { user: viewer, id: 999_999 },
    sees: async (user) => {
      const read = (await call('GET', `/api/opportunities/${row!.id}`, user)).statusCode === 200;
      const listed = (await json<OpportunityPage>('GET', '/api/opportunities', user)).items.some((o) => o.id === row!.id);
      expect(read).toBe(listed);
      if (user.id === viewer.id) expect((await json<MyApplications>('GET', '/api/user/applications', user)).items.some((a) => a.opportunity.id === row!.id)).toBe(read);
      return read;
    },
    stateForAuthor: async () => (await json<Opportunity>('GET', `/api/opportunities/${row!.id}`, author)).moderation,
    removedFor: async (user) => (await call('GET', `/api/opportunities/${row!.id}`, user)).statusCode === 404 && (await call('GET', `/api/opportunities/${row!.id}`, author)).statusCode === 404,
  };
}

const cases: [ReportTargetType, () => Promise<Case>][] = [
  ['message', messageCase],
  ['thread', threadCase],
  ['reply', replyCase],
  ['profile', profileCase],
  ['opportunity', opportunityCase],
];

const reportOf = (c: Case, id = c.id) => ({ target_type: c.type, target_id: id, reason: 'spam', explanation: 'Publicité non sollicitée.' });

async function reportAndDecide(c: Case, action: 'hide' | 'delete'): Promise<ModerationDecision> {
  const created = await call('POST', '/api/reports', c.viewer, reportOf(c));
  expect(created.statusCode, created.body).toBe(201);
  const res = await call('POST', `/api/admin/reports/${(created.json() as ReportCreated).id}/decision`, admin, { action, reason: 'Publicité interdite par les conditions d’utilisation.' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ModerationDecision;
}

describe.each(cases)('the moderation target « %s »', (_type, make) => {
  it('may be reported by someone who sees it; 404 for someone who cannot; refused to its author', async () => {
    const c = await make();
    expect(await c.sees(c.viewer)).toBe(true);
    const blind = await call('POST', '/api/reports', c.blind.user, reportOf(c, c.blind.id));
    expect(blind.statusCode, blind.body).toBe(404);
    expect(blind.json().message).toBe(moderationMessages.targetNotFound);
    const own = await call('POST', '/api/reports', c.author, reportOf(c));
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe(moderationMessages.ownContent);
    const ok = await call('POST', '/api/reports', c.viewer, reportOf(c));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('hidden: others no longer see it (nor report it), its author sees it marked; a contest answered « keep » shows it again', async () => {
    const c = await make();
    const decision = await reportAndDecide(c, 'hide');
    expect(await c.sees(c.viewer)).toBe(false);
    expect(await c.stateForAuthor()).toBe('hidden');
    expect((await call('POST', '/api/reports', c.viewer, reportOf(c))).statusCode).toBe(404);

    const contest = await call('POST', `/api/moderation/decisions/${decision.id}/contest`, c.author, { explanation: 'Ce contenu respecte les règles.' });
    expect(contest.statusCode, contest.body).toBe(201);
    const answer = await call('POST', `/api/admin/reports/${(contest.json() as ReportCreated).id}/decision`, admin, { action: 'keep', reason: 'Après réexamen, le contenu est conforme.' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await c.sees(c.viewer)).toBe(true);
    expect(await c.stateForAuthor()).toBeUndefined();
  });

  it('removed: it is gone (or replaced by « Contenu supprimé par la modération ») and can no longer be reported', async () => {
    const c = await make();
    await reportAndDecide(c, 'delete');
    expect(await c.removedFor(c.viewer)).toBe(true);
    expect((await call('POST', '/api/reports', c.viewer, reportOf(c))).statusCode).toBe(404);
  });
});

describe('administrators and hidden content', () => {
  it('still find a hidden thread, opportunity and directory profile, marked', async () => {
    const thread = await threadCase();
    await reportAndDecide(thread, 'hide');
    expect(((await json<ThreadDetail>('GET', `/api/threads/${thread.id}`, admin)).moderation)).toBe('hidden');
    const opportunity = await opportunityCase();
    await reportAndDecide(opportunity, 'hide');
    expect((await json<Opportunity>('GET', `/api/opportunities/${opportunity.id}`, admin)).moderation).toBe('hidden');
    const profile = await profileCase();
    await reportAndDecide(profile, 'hide');
    const cards = (await json<DirectoryPage>('GET', '/api/directory?q=Sacha', admin)).items;
    expect(cards.find((card) => card.id === profile.id)?.moderation).toBe('hidden');
  });

  it('the trainer can no longer mark a hidden or removed reply as the answer (404)', async () => {
    const hidden = await replyCase();
    await reportAndDecide(hidden, 'hide');
    const refused = await call('POST', `/api/replies/${hidden.id}/accept`, trainer);
    expect(refused.statusCode, refused.body).toBe(404);
    const removed = await replyCase();
    await reportAndDecide(removed, 'delete');
    expect((await call('POST', `/api/replies/${removed.id}/accept`, trainer)).statusCode).toBe(404);
  });

  it('a hidden message no longer counts as unread for the other participant', async () => {
    const c = await messageCase();
    await reportAndDecide(c, 'hide');
    const list = await json<{ unread: number; items: { last_message: unknown }[] }>('GET', '/api/conversations', c.viewer);
    expect(list.unread).toBe(0);
    expect(list.items[0]?.last_message).toBeNull();
  });
});
