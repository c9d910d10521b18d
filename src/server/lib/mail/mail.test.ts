import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/postgres';
import { mailOutbox } from '../../db/schema';
import { captureLog, catchMail, createTestApp } from '../../test/app';
import { openTestDatabase, testEngine, testServerUrl } from '../../test/database';
import { headerValue } from '../../test/mail';
import { queueMail } from './outbox';
import { createMailWorker, retryDelayMs } from './worker';

const ctx = await createTestApp({ publicUrl: 'https://formation.exemple.fr' });
const { db } = ctx;
const mail = await catchMail(ctx);

let sequence = 0;
const address = () => `destinataire${++sequence}@exemple.fr`;

async function outboxRow(to: string) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
  return row!;
}

describe('outbox and worker', () => {
  it('sends a message queued in a committed transaction, in French, HTML and plain text, with the platform name', async () => {
    const to = address();
    await db.transaction(async (tx) => queueMail(tx, { to, template: 'password-changed', data: { firstname: 'Camille' } }));
    await mail.deliver();

    const [message] = mail.to(to);
    expect(mail.to(to)).toHaveLength(1);
    expect(message!.subject).toBe('Votre mot de passe EcoForma a été modifié');
    expect(message!.text).toContain('Bonjour Camille,');
    expect(message!.text).toContain('https://formation.exemple.fr/mot-de-passe-oublie');
    expect(message!.html).toContain('<html lang="fr">');
    expect(message!.html).toContain('EcoForma');
    expect(message!.raw).toMatch(/^From: EcoForma <ne-pas-repondre@localhost>/m);
    expect(message!.messageId).toMatch(/^<ecoforma-\d+-\d+@formation\.exemple\.fr>$/);
    const row = await outboxRow(to);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, data: null });
  });

  it('sends nothing for an event whose transaction rolled back', async () => {
    const to = address();
    await expect(
      db.transaction(async (tx) => {
        await queueMail(tx, { to, template: 'password-changed', data: { firstname: 'Camille' } });
        throw new Error('l’événement échoue');
      }),
    ).rejects.toThrow('l’événement échoue');
    await mail.deliver();
    expect(mail.to(to)).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to))).toEqual([]);
  });

  it('escapes the data it puts in the HTML', async () => {
    const to = address();
    await queueMail(db, { to, template: 'password-changed', data: { firstname: '<b>Zoé</b>' } });
    await mail.deliver();
    expect(mail.to(to)[0]!.html).toContain('Bonjour &lt;b&gt;Zoé&lt;/b&gt;,');
  });

  it('loses nothing while the mail server is down: retried with back-off, sent once when it is back', async () => {
    const to = address();
    await mail.stop();
    try {
      await queueMail(db, { to, template: 'password-changed', data: { firstname: 'Camille' } });
      await mail.deliver();
      const waiting = await outboxRow(to);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
      expect(waiting.lastError).toBeTruthy();
      // The first retry waits MAIL_RETRY_BASE_MS (one minute by default): not due yet.
      expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
      expect(mail.log.lines.some((l) => l.startsWith('warn envoi d’e-mail échoué') && !l.includes(to))).toBe(true);
      await mail.deliver();
      expect((await outboxRow(to)).attempts).toBe(1);
    } finally {
      await mail.resume();
    }
    // Time passes: the retry falls due.
    await db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.recipient, to));
    await mail.deliver();
    await mail.deliver();
    expect(mail.to(to)).toHaveLength(1);
    expect(await outboxRow(to)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('sends the extra headers and attachments stored in the row, List-* paths completed with PUBLIC_URL, then keeps no copy', async () => {
    const to = address();
    await db.transaction(async (tx) =>
      queueMail(tx, {
        to,
        template: 'password-changed',
        data: { firstname: 'Camille' },
        headers: { 'List-Unsubscribe': '</api/notifications/unsubscribe/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'X-Entity-Ref-ID': '</pas-une-url>' },
        attachments: [{ filename: 'note.txt', contentType: 'text/plain; charset=utf-8', content: 'Une pièce jointe en texte.' }],
      }),
    );
    const queued = await outboxRow(to);
    expect(queued.headers).toEqual({ 'List-Unsubscribe': '</api/notifications/unsubscribe/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'X-Entity-Ref-ID': '</pas-une-url>' });
    expect(queued.attachments).toHaveLength(1);
    await mail.deliver();

    const [message] = mail.to(to);
    expect(headerValue(message!, 'List-Unsubscribe')).toBe('<https://formation.exemple.fr/api/notifications/unsubscribe/abc>');
    expect(headerValue(message!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // Only List-* headers name URIs to complete.
    expect(headerValue(message!, 'X-Entity-Ref-ID')).toBe('</pas-une-url>');
    expect(headerValue(message!, 'Content-Language')).toBe('fr');
    expect(message!.attachments).toEqual([{ filename: 'note.txt', contentType: 'text/plain', content: 'Une pièce jointe en texte.' }]);
    expect(await outboxRow(to)).toMatchObject({ status: 'sent', data: null, headers: null, attachments: null });
  });

  it('refuses, queueing nothing, a header that would replace one of the worker or smuggle another in', async () => {
    const refused: Record<string, string>[] = [{ Subject: 'Autre objet' }, { 'X-Note': 'a\r\nBcc: espion@exemple.fr' }, { 'X Note': 'a' }];
    for (const headers of refused) {
      const to = address();
      await expect(db.transaction(async (tx) => queueMail(tx, { to, template: 'password-changed', data: { firstname: 'Camille' }, headers }))).rejects.toThrow(/en-tête/);
      expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to))).toEqual([]);
    }
  });

  it('doubles the wait after each failure', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(60_000, n))).toEqual([60_000, 120_000, 240_000, 480_000]);
  });

  it('gives up after MAIL_MAX_ATTEMPTS failures: status failed, logged', async () => {
    const to = address();
    const log = captureLog();
    const down = createMailWorker({
      db,
      config: { ...ctx.config, mail: { ...ctx.config.mail, smtpUrl: 'smtp://127.0.0.1:1', maxAttempts: 2 } },
      log,
    });
    await queueMail(db, { to, template: 'password-changed', data: { firstname: 'Camille' } });
    await down.deliverDue();
    await db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(mailOutbox.recipient, to));
    await down.deliverDue();
    await down.stop();
    expect(await outboxRow(to)).toMatchObject({ status: 'failed', attempts: 2, data: null });
    expect(log.lines.filter((l) => l.startsWith('error e-mail abandonné'))).toHaveLength(1);
    await mail.deliver();
    expect(mail.to(to)).toEqual([]);
  });

  it('without SMTP_URL writes each message as a .eml file under DATA_DIR/mail and logs one line naming it', async () => {
    const to = address();
    const log = captureLog();
    const files = createMailWorker({ db, config: ctx.config, log });
    await queueMail(db, { to, template: 'password-reset', data: { firstname: 'Camille', path: '/reinitialiser-mot-de-passe?token=abc' } });
    await files.deliverDue();
    await files.stop();
    expect(log.lines).toHaveLength(1);
    const file = /écrit dans (\S+\.eml)$/.exec(log.lines[0]!)![1]!;
    expect(path.dirname(file)).toBe(ctx.config.mail.dir);
    expect(log.lines[0]).not.toContain('token');
    const parsed = await simpleParser(await fs.readFile(file));
    expect(parsed.subject).toBe('Réinitialisez votre mot de passe EcoForma');
    expect(parsed.text).toContain('https://formation.exemple.fr/reinitialiser-mot-de-passe?token=abc');
    expect((parsed.to as { text: string }).text).toBe(to);
  });
});

describe('the worker during a database outage', () => {
  it('logs one line when its passes start failing, without SQL nor values, and one when they succeed again', async () => {
    const closed = await openTestDatabase();
    await closed.close();
    let down = true;
    // The real error of a real driver whose database has gone, while `down` holds.
    const flaky = new Proxy(db, { get: (target, name, receiver) => (name === 'execute' && down ? closed.db.execute.bind(closed.db) : Reflect.get(target, name, receiver)) });
    const log = captureLog();
    const worker = createMailWorker({ db: flaky, config: { ...ctx.config, mail: { ...ctx.config.mail, pollIntervalMs: 20 } }, log });
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    down = false;
    await new Promise((resolve) => setTimeout(resolve, 150));
    await worker.stop();
    expect(log.lines.map((line) => line.split(' {')[0])).toEqual([
      'warn passe d’envoi des e-mails interrompue, nouvel essai à chaque intervalle sans autre message',
      'info passes d’envoi des e-mails de nouveau possibles',
    ]);
    expect(log.lines.join('\n')).not.toMatch(/mail_outbox|update|select|Failed query|params/i);
  });
});

describe('several workers (several API processes)', () => {
  it('sends each message once when two workers on their own connections run at the same time', async () => {
    // On PostgreSQL the second worker has its own pool, as another process would.
    let other = db;
    let closeOther = async () => {};
    if (testEngine === 'postgres') {
      const result = await db.execute<{ name: string }>(sql`select current_database() as name`);
      const name = (result as unknown as { rows: Array<{ name: string }> }).rows[0]!.name;
      const second = await openPostgres(testServerUrl(name), ctx.config.dbTimeouts);
      other = second.db;
      closeOther = () => second.close();
    }
    const settings = { ...ctx.config, mail: { ...ctx.config.mail, smtpUrl: mail.url } };
    const first = createMailWorker({ db, config: settings, log: captureLog() });
    const second = createMailWorker({ db: other, config: settings, log: captureLog() });
    const recipients = Array.from({ length: 30 }, address);
    for (const to of recipients) await queueMail(db, { to, template: 'password-changed', data: { firstname: 'Camille' } });

    const reports = await Promise.all([first.deliverDue(), second.deliverDue(), first.deliverDue(), second.deliverDue()]);
    await Promise.all([first.stop(), second.stop()]);
    await closeOther();

    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(recipients.length);
    for (const to of recipients) expect(mail.to(to), to).toHaveLength(1);
  });
});
