import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  moderationMessages,
  REPORT_EXPLANATION_MAX,
  REPORTS_PER_DAY,
  type AdminReportsPage,
  type ModerationDecision,
  type ReportCreated,
} from '../../../shared/moderation';
import type { Executor } from '../../db/client';
import { auditLog, moderationDecisions, notifications, reports, users } from '../../db/schema';
import type { ModuleManifest } from '../../lib/module-manifest';
import { createTestApp } from '../../test/app';
import { authHeader, createUser } from '../../test/factories';
import { moderationModule } from './index';

/**
 * The reportable content lives in other modules (messages, discussions, directory,
 * opportunities). Here a fake module owns "messages" in a small test table: a message is seen by
 * its author and its recipient only, like a conversation's participants.
 */
interface PostRow {
  id: number;
  author_id: number;
  recipient_id: number;
  body: string;
  hidden: boolean;
}
// Both drivers (pg and PGlite) answer a raw statement with its rows under `rows`.
const rowsOf = (result: unknown) => (result as { rows: PostRow[] }).rows;
const postOf = async (db: Executor, id: number) => rowsOf(await db.execute(sql`select * from test_posts where id = ${id}`))[0];
const fakeMessages: ModuleManifest = {
  name: 'fake-messages',
  routes: [],
  moderationTargets: {
    message: {
      async describe(db, id, viewerId) {
        const post = await postOf(db, id);
        if (!post || (viewerId !== null && viewerId !== post.author_id && viewerId !== post.recipient_id)) return null;
        return { authorId: post.author_id, excerpt: post.body, link: `/messages/${post.id}` };
      },
      async hide(tx, id, hidden) {
        await tx.execute(sql`update test_posts set hidden = ${hidden} where id = ${id}`);
      },
      async remove(tx, id) {
        await tx.execute(sql`delete from test_posts where id = ${id}`);
      },
    },
  },
};

const { app, db } = await createTestApp({}, { extraModules: [fakeMessages] });
await db.execute(sql`create table test_posts (id serial primary key, author_id integer not null, recipient_id integer not null, body text not null, hidden boolean not null default false)`);

const admin = await createUser(db, { role: 'admin', firstname: 'Alice', lastname: 'Admin' });

/** French typography as the sources write it (the lint puts a no-break space before « : ? » »). */
const nb = (text: string) => text.replace(/ ([:?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');

type Caller = { id: number } | null;
async function call(method: 'GET' | 'POST', url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

async function insertPost(authorId: number, recipientId: number, body = 'Achetez mes graines miracles sur ce site !') {
  return rowsOf(await db.execute(sql`insert into test_posts (author_id, recipient_id, body) values (${authorId}, ${recipientId}, ${body}) returning *`))[0]!;
}

/** An author, a recipient who may report, and the message between them. */
async function conversation() {
  const author = await createUser(db, { role: 'membre', firstname: 'Paul', lastname: 'Auteur' });
  const reporter = await createUser(db, { role: 'membre', firstname: 'Rita', lastname: 'Signalante' });
  const post = await insertPost(author.id, reporter.id);
  return { author, reporter, post };
}

const report = (targetId: number, overrides: object = {}) => ({ target_type: 'message', target_id: targetId, reason: 'spam', explanation: 'Publicité non sollicitée.', ...overrides });

async function reportOf(id: number) {
  return (await db.select().from(reports).where(eq(reports.id, id)))[0]!;
}
async function notesOf(userId: number) {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id));
}

describe('POST /api/reports', () => {
  it('takes a report of content the reporter can see, with its excerpt and author, and answers 201 in French', async () => {
    const { author, reporter, post } = await conversation();
    const res = await call('POST', '/api/reports', reporter, report(post.id, { explanation: '  Publicité non sollicitée.  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ReportCreated;
    expect(created.message).toBe(moderationMessages.reported);
    expect(await reportOf(created.id)).toMatchObject({
      kind: 'report',
      status: 'open',
      targetType: 'message',
      targetId: post.id,
      reporterId: reporter.id,
      authorId: author.id,
      reason: 'spam',
      explanation: 'Publicité non sollicitée.',
      excerpt: post.body,
      link: `/messages/${post.id}`,
    });
  });

  it('tells the administrators of content reported while nothing is open on it, once, not of each further report', async () => {
    const { author, reporter } = await conversation();
    const post = await insertPost(author.id, reporter.id, 'Un texte signalé une seule fois aux administrateurs');
    const queueNotes = async () => (await notesOf(admin.id)).filter((n) => n.kind === 'moderation_queue' && n.body.includes(`${post.body}`));
    await call('POST', '/api/reports', reporter, report(post.id));
    const second = await createUser(db, { role: 'membre' });
    await db.execute(sql`update test_posts set recipient_id = ${second.id} where id = ${post.id}`);
    await call('POST', '/api/reports', second, report(post.id, { reason: 'other' }));
    const notes = await queueNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: nb('Nouveau signalement : message'), link: '/admin/moderation' });
  });

  it('answers 404 for content that does not exist, that the reporter may not see, or of a type no module serves, and stores nothing', async () => {
    const { post } = await conversation();
    const stranger = await createUser(db, { role: 'membre' });
    for (const payload of [report(999_999), report(post.id), report(post.id, { target_type: 'thread' })]) {
      const res = await call('POST', '/api/reports', stranger, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error_code: 'not_found', message: moderationMessages.targetNotFound });
    }
    expect(await db.select().from(reports).where(eq(reports.reporterId, stranger.id))).toEqual([]);
  });

  it('refuses the author reporting their own content with 422 own_content', async () => {
    const { author, post } = await conversation();
    const res = await call('POST', '/api/reports', author, report(post.id));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error_code: 'own_content', message: moderationMessages.ownContent });
  });

  it('refuses a second open report of the same content by the same person with 409, but takes another person’s', async () => {
    const { author, reporter, post } = await conversation();
    expect((await call('POST', '/api/reports', reporter, report(post.id))).statusCode).toBe(201);
    const again = await call('POST', '/api/reports', reporter, report(post.id, { reason: 'harassment' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error_code: 'already_reported', message: moderationMessages.alreadyReported });
    // Another participant of a wider conversation: the fake allows the author and recipient only, so a second message.
    const second = await insertPost(reporter.id, author.id, 'Réponse');
    expect((await call('POST', '/api/reports', author, report(second.id))).statusCode).toBe(201);
  });

  it(`takes ${REPORTS_PER_DAY} reports in 24 hours, then answers 429 in French`, async () => {
    const reporter = await createUser(db, { role: 'membre' });
    const author = await createUser(db, { role: 'membre' });
    for (let i = 0; i < REPORTS_PER_DAY; i++) {
      const post = await insertPost(author.id, reporter.id, `Message ${i}`);
      expect((await call('POST', '/api/reports', reporter, report(post.id))).statusCode).toBe(201);
    }
    const post = await insertPost(author.id, reporter.id);
    const refused = await call('POST', '/api/reports', reporter, report(post.id));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error_code: 'too_many_reports', message: moderationMessages.tooManyReports });
    // Older than a day, they no longer count.
    await db.update(reports).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(reports.reporterId, reporter.id));
    expect((await call('POST', '/api/reports', reporter, report(post.id))).statusCode).toBe(201);
    // Out of the queue the next tests read.
    await db.update(reports).set({ status: 'closed' }).where(eq(reports.reporterId, reporter.id));
  });

  it('refuses bad input with 422 and French field messages', async () => {
    const { reporter, post } = await conversation();
    const cases: [object, string, string][] = [
      [report(post.id, { reason: 'boring' }), 'reason', 'Choisissez le motif du signalement.'],
      [report(post.id, { explanation: '   ' }), 'explanation', 'Expliquez en quelques mots ce qui pose problème.'],
      [report(post.id, { explanation: 'é'.repeat(REPORT_EXPLANATION_MAX + 1) }), 'explanation', 'L’explication ne doit pas dépasser 2\u202f000 caractères.'],
      [report(post.id, { target_type: 'course' }), 'target_type', 'Type de contenu inconnu.'],
      [report(0), 'target_id', 'Identifiant invalide.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/reports', reporter, payload);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect(await db.select().from(reports).where(eq(reports.reporterId, reporter.id))).toEqual([]);
    expect((await call('POST', '/api/reports', null, report(post.id))).statusCode).toBe(401);
  });
});

async function reported() {
  const world = await conversation();
  const created = (await call('POST', '/api/reports', world.reporter, report(world.post.id))).json() as ReportCreated;
  return { ...world, reportId: created.id };
}

describe('the administrators’ queue', () => {
  it('lists open reports with the excerpt, type, reason, explanation, names and the count on the same content; no e-mail', async () => {
    const { author, reporter, post, reportId } = await reported();
    const second = await createUser(db, { role: 'formateur', isValid: true });
    // The fake lets the author and the recipient see the message: make the second reporter its recipient for a moment.
    await db.execute(sql`update test_posts set recipient_id = ${second.id} where id = ${post.id}`);
    expect((await call('POST', '/api/reports', second, report(post.id, { reason: 'harassment' }))).statusCode).toBe(201);
    const page = (await call('GET', '/api/admin/reports?status=open&page=1', admin)).json() as AdminReportsPage;
    const item = page.items.find((i) => i.id === reportId)!;
    expect(item).toMatchObject({
      kind: 'report',
      status: 'open',
      target_type: 'message',
      target_id: post.id,
      excerpt: post.body,
      reason: 'spam',
      explanation: 'Publicité non sollicitée.',
      reporter_name: 'Rita Signalante',
      author_name: 'Paul Auteur',
      open_on_target: 2,
      decision: null,
      contested_decision: null,
    });
    expect(JSON.stringify(page)).not.toContain(author.email);
    expect(JSON.stringify(page)).not.toContain(reporter.email);
    expect(((await call('GET', '/api/admin/reports?status=closed', admin)).json() as AdminReportsPage).items.some((i) => i.id === reportId)).toBe(false);
    expect((await call('GET', '/api/admin/reports?status=done', admin)).statusCode).toBe(422);
  });

  it('is refused to everyone but administrators (403), and to visitors (401)', async () => {
    const { author, reporter, reportId } = await reported();
    const trainer = await createUser(db, { role: 'formateur', isValid: true });
    for (const user of [author, reporter, trainer]) {
      expect((await call('GET', '/api/admin/reports', user)).statusCode).toBe(403);
      const res = await call('POST', `/api/admin/reports/${reportId}/decision`, user, { action: 'delete', reason: 'Spam.' });
      expect(res.statusCode).toBe(403);
    }
    expect((await call('GET', '/api/admin/reports', null)).statusCode).toBe(401);
    expect((await reportOf(reportId)).status).toBe('open');
  });
});

describe('decisions', () => {
  it('hides the content, closes every open report on it, audits, and tells the author and each reporter the decision and its reason', async () => {
    const { author, reporter, post, reportId } = await reported();
    const res = await call('POST', `/api/admin/reports/${reportId}/decision`, admin, { action: 'hide', reason: '  Publicité commerciale interdite par les conditions d’utilisation.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const decision = res.json() as ModerationDecision;
    expect(decision).toMatchObject({ action: 'hide', reason: 'Publicité commerciale interdite par les conditions d’utilisation.', decided_by: 'Alice Admin', excerpt: post.body, contest: null, contestable: false });
    expect((await postOf(db, post.id))!.hidden).toBe(true);
    expect(await reportOf(reportId)).toMatchObject({ status: 'closed', decisionId: decision.id });

    const [toAuthor] = await notesOf(author.id);
    expect(toAuthor).toMatchObject({ kind: 'moderation_decision', title: 'Votre contenu a été masqué par la modération', link: `/moderation/decisions/${decision.id}` });
    expect(toAuthor!.body).toContain(nb('Motif : Publicité commerciale interdite par les conditions d’utilisation.'));
    expect(toAuthor!.body).toContain(nb('Décision : masqué.'));
    const [toReporter] = await notesOf(reporter.id);
    expect(toReporter).toMatchObject({ kind: 'report_decision', title: 'Votre signalement a été examiné', link: null });
    expect(toReporter!.body).toContain(nb('Motif : Publicité commerciale interdite par les conditions d’utilisation.'));
    // The author never learns who reported.
    expect(toAuthor!.body).not.toContain('Rita');

    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.targetId, author.id), eq(auditLog.action, 'moderation_decision')));
    expect(audit).toMatchObject({ actorId: admin.id, details: expect.objectContaining({ decision: 'hide', target_type: 'message', target_id: post.id, reports_closed: 1 }) });

    const again = await call('POST', `/api/admin/reports/${reportId}/decision`, admin, { action: 'delete', reason: 'Deux fois.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(moderationMessages.reportClosed);
  });

  it('keeps the content: nothing changes on it, the author and the reporter are told, and the decision is not contestable', async () => {
    const { author, reporter, post, reportId } = await reported();
    const decision = (await call('POST', `/api/admin/reports/${reportId}/decision`, admin, { action: 'keep', reason: 'Message conforme aux règles.' })).json() as ModerationDecision;
    expect((await postOf(db, post.id))!.hidden).toBe(false);
    expect((await notesOf(author.id))[0]).toMatchObject({ kind: 'moderation_decision', title: 'Un contenu signalé est maintenu' });
    expect((await notesOf(reporter.id))[0]!.body).toContain(nb('Décision : maintenu en ligne. Motif : Message conforme aux règles.'));
    const contest = await call('POST', `/api/moderation/decisions/${decision.id}/contest`, author, { explanation: 'Je conteste.' });
    expect(contest.statusCode).toBe(409);
    expect(contest.json().message).toBe(moderationMessages.notContestable);
  });

  it('deletes the content through its module', async () => {
    const { post, reportId } = await reported();
    expect((await call('POST', `/api/admin/reports/${reportId}/decision`, admin, { action: 'delete', reason: 'Arnaque.' })).statusCode).toBe(200);
    expect(await postOf(db, post.id)).toBeUndefined();
  });

  it('refuses a decision without reason or with an unknown action (422), and an unknown report (404), changing nothing', async () => {
    const { post, reportId } = await reported();
    const noReason = await call('POST', `/api/admin/reports/${reportId}/decision`, admin, { action: 'hide', reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([nb('Indiquez le motif de la décision : il est communiqué à l’auteur et aux signalants.')]);
    const badAction = await call('POST', `/api/admin/reports/${reportId}/decision`, admin, { action: 'ban', reason: 'Non.' });
    expect(badAction.json().errors.action).toEqual([nb('Choisissez la décision : maintenir, masquer ou supprimer.')]);
    expect((await call('POST', '/api/admin/reports/999999/decision', admin, { action: 'keep', reason: 'Non.' })).statusCode).toBe(404);
    expect((await postOf(db, post.id))!.hidden).toBe(false);
    expect((await reportOf(reportId)).status).toBe('open');
  });
});

async function decided(action: 'hide' | 'delete') {
  const world = await reported();
  const decision = (await call('POST', `/api/admin/reports/${world.reportId}/decision`, admin, { action, reason: 'Contenu publicitaire.' })).json() as ModerationDecision;
  return { ...world, decision };
}

describe('contesting a decision', () => {
  it('lets the author read the decision and contest it once; the contest joins the queue; a second contest gets 409', async () => {
    const { author, decision } = await decided('hide');
    const read = (await call('GET', `/api/moderation/decisions/${decision.id}`, author)).json() as ModerationDecision;
    expect(read).toMatchObject({ id: decision.id, action: 'hide', reason: 'Contenu publicitaire.', contestable: true, contest: null });
    const res = await call('POST', `/api/moderation/decisions/${decision.id}/contest`, author, { explanation: 'Ce n’était pas de la publicité : je partageais un lien utile.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(moderationMessages.contested);
    expect((await notesOf(admin.id)).at(-1)).toMatchObject({ kind: 'moderation_queue', title: 'Une décision de modération est contestée', link: '/admin/moderation' });
    const queue = (await call('GET', '/api/admin/reports', admin)).json() as AdminReportsPage;
    expect(queue.items.find((i) => i.id === res.json().id)).toMatchObject({
      kind: 'contest',
      reason: null,
      explanation: 'Ce n’était pas de la publicité : je partageais un lien utile.',
      reporter_name: 'Paul Auteur',
      contested_decision: { id: decision.id, action: 'hide', reason: 'Contenu publicitaire.' },
    });
    const after = (await call('GET', `/api/moderation/decisions/${decision.id}`, author)).json() as ModerationDecision;
    expect(after).toMatchObject({ contestable: false, contest: { explanation: 'Ce n’était pas de la publicité : je partageais un lien utile.', answer: null } });
    const twice = await call('POST', `/api/moderation/decisions/${decision.id}/contest`, author, { explanation: 'Encore.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error_code: 'already_contested', message: moderationMessages.alreadyContested });
  });

  it('refuses anyone but the author: 403 for the reporter and an administrator, 404 for an unknown decision', async () => {
    const { reporter, decision } = await decided('hide');
    for (const user of [reporter, admin]) {
      const res = await call('POST', `/api/moderation/decisions/${decision.id}/contest`, user, { explanation: 'Je conteste.' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(moderationMessages.notAuthor);
    }
    expect((await call('GET', `/api/moderation/decisions/${decision.id}`, reporter)).statusCode).toBe(403);
    expect((await call('GET', `/api/moderation/decisions/${decision.id}`, admin)).statusCode).toBe(200);
    expect((await call('POST', '/api/moderation/decisions/999999/contest', reporter, { explanation: 'x' })).statusCode).toBe(404);
    expect(await db.select().from(reports).where(eq(reports.contestsDecisionId, decision.id))).toEqual([]);
  });

  it('reversing a hiding shows the content again, tells the author, audits the answer, and closes the matter', async () => {
    const { author, post, decision } = await decided('hide');
    const contest = (await call('POST', `/api/moderation/decisions/${decision.id}/contest`, author, { explanation: 'Lien utile.' })).json() as ReportCreated;
    const res = await call('POST', `/api/admin/reports/${contest.id}/decision`, admin, { action: 'keep', reason: 'Après réexamen, le lien est pertinent.' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as ModerationDecision;
    expect(answer).toMatchObject({ action: 'keep', reviews_decision_id: decision.id, contestable: false });
    expect((await postOf(db, post.id))!.hidden).toBe(false);
    const notes = await notesOf(author.id);
    expect(notes.at(-1)).toMatchObject({ kind: 'moderation_decision', title: 'Votre contestation est acceptée' });
    expect(notes.at(-1)!.body).toContain(nb('Motif : Après réexamen, le lien est pertinent.'));
    expect(await db.select().from(auditLog).where(and(eq(auditLog.targetId, author.id), eq(auditLog.action, 'moderation_contest_answer')))).toHaveLength(1);
    expect(((await call('GET', `/api/moderation/decisions/${decision.id}`, author)).json() as ModerationDecision).contest?.answer).toMatchObject({ id: answer.id, action: 'keep' });
    // The answer to a contest cannot be contested in turn.
    expect((await call('POST', `/api/moderation/decisions/${answer.id}/contest`, author, { explanation: 'Encore.' })).statusCode).toBe(409);
  });

  it('upholding keeps the content hidden and says the contest is not retained', async () => {
    const { author, post, decision } = await decided('hide');
    const contest = (await call('POST', `/api/moderation/decisions/${decision.id}/contest`, author, { explanation: 'Lien utile.' })).json() as ReportCreated;
    expect((await call('POST', `/api/admin/reports/${contest.id}/decision`, admin, { action: 'hide', reason: 'Publicité confirmée.' })).statusCode).toBe(200);
    expect((await postOf(db, post.id))!.hidden).toBe(true);
    expect((await notesOf(author.id)).at(-1)).toMatchObject({ title: 'Votre contestation n’est pas retenue' });
  });

  it('a deleted content cannot come back: hiding it is refused (409 in French); annulling the decision leaves it deleted and says so', async () => {
    const { author, post, decision } = await decided('delete');
    const contest = (await call('POST', `/api/moderation/decisions/${decision.id}/contest`, author, { explanation: 'Erreur.' })).json() as ReportCreated;
    const hide = await call('POST', `/api/admin/reports/${contest.id}/decision`, admin, { action: 'hide', reason: 'Masqué plutôt.' });
    expect(hide.statusCode).toBe(409);
    expect(hide.json().message).toBe(moderationMessages.deletedCannotReturn);
    const annul = await call('POST', `/api/admin/reports/${contest.id}/decision`, admin, { action: 'keep', reason: 'La suppression n’était pas justifiée.' });
    expect(annul.statusCode, annul.body).toBe(200);
    expect(await postOf(db, post.id)).toBeUndefined();
    const note = (await notesOf(author.id)).at(-1)!;
    expect(note.title).toBe('Votre contestation est acceptée');
    expect(note.body).toContain('Un contenu supprimé ne peut malheureusement pas être rétabli');
  });

  it('confirming a deletion on contest keeps it deleted', async () => {
    const { author, decision } = await decided('delete');
    const contest = (await call('POST', `/api/moderation/decisions/${decision.id}/contest`, author, { explanation: 'Erreur.' })).json() as ReportCreated;
    expect((await call('POST', `/api/admin/reports/${contest.id}/decision`, admin, { action: 'delete', reason: 'Suppression confirmée.' })).statusCode).toBe(200);
    expect((await notesOf(author.id)).at(-1)!.title).toBe('Votre contestation n’est pas retenue');
  });
});

describe('personal data', () => {
  it('exports the reporter’s reports and the author’s decisions, never the reporters to the author', async () => {
    const { author, reporter, decision } = await decided('hide');
    await call('POST', `/api/moderation/decisions/${decision.id}/contest`, author, { explanation: 'Lien utile.' });
    const [authorUser] = await db.select().from(users).where(eq(users.id, author.id));
    const [reporterUser] = await db.select().from(users).where(eq(users.id, reporter.id));
    const mine = await moderationModule.exportSections!(db, reporterUser!);
    expect(mine.reports).toEqual([expect.objectContaining({ kind: 'report', reason: 'spam', status: 'closed', decision: expect.objectContaining({ action: 'hide', reason: 'Contenu publicitaire.' }) })]);
    const theirs = await moderationModule.exportSections!(db, authorUser!);
    expect(theirs.moderation_decisions).toEqual([expect.objectContaining({ action: 'hide', reason: 'Contenu publicitaire.', contest: expect.objectContaining({ explanation: 'Lien utile.' }) })]);
    expect(JSON.stringify(theirs)).not.toContain('Publicité non sollicitée.');
  });

  it('keeps decisions as anonymised evidence when the author’s account is deleted', async () => {
    const { author, decision } = await decided('hide');
    await db.delete(users).where(eq(users.id, author.id));
    const [row] = await db.select().from(moderationDecisions).where(eq(moderationDecisions.id, decision.id));
    expect(row).toMatchObject({ authorId: null, action: 'hide' });
  });
});
