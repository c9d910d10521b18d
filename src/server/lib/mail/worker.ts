import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { databaseErrorFields, isDatabaseUnavailable, unavailabilityReason } from '../db-errors';
import { mailOutbox, type MailAttachmentData } from '../../db/schema';
import { renderMail } from './layout';
import { mailTemplates, type MailTemplateName } from './templates';
import { createMailTransport, type MailTransport } from './transport';

/** How long a claimed message stays out of the other workers' reach: longer than any SMTP wait (transport.ts). */
const CLAIM_LEASE_SECONDS = 120;
/** Messages claimed per statement. */
const BATCH = 20;
/** A retry never waits longer than this, however many failures came before. */
const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;

interface MailLog {
  info(message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

interface ClaimedRow extends Record<string, unknown> {
  id: number;
  recipient: string;
  template: string;
  data: Record<string, unknown> | null;
  headers: Record<string, string> | null;
  attachments: MailAttachmentData[] | null;
  attempts: number;
  created_at: string | Date;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailWorker {
  /** Sends every message due now, then returns (the tests drive the worker with it). */
  deliverDue(): Promise<DeliveryReport>;
  /** Polls every MAIL_POLL_INTERVAL_MS until stopped. */
  start(): void;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

/** Delay before attempt `attempts + 1`, doubling from the base: 1, 2, 4, 8… times MAIL_RETRY_BASE_MS. */
export function retryDelayMs(baseMs: number, attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The stored extra headers as sent: in a `List-*` header (RFC 2369: `<uri>, <uri>`), a URI
 * stored as a path is completed with PUBLIC_URL now, as the templates' links are.
 */
export function resolveHeaders(headers: Record<string, string> | null, baseUrl: string): Record<string, string> {
  if (!headers) return {};
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, /^list-/i.test(name) ? value.replace(/<(\/[^>]*)>/g, (_match, path: string) => `<${baseUrl}${path}>`) : value]),
  );
}

/** What may be logged of a sending error: its codes, never the recipient nor the server's full answer. */
/**
 * What is logged and kept (`last_error`) of a failure. An SMTP error as it is; a database error
 * without its SQL text nor its values, which Drizzle puts in the message (decision 016).
 */
function errorSummary(error: unknown): { code?: string; responseCode?: number; message: string } {
  const sqlFields = databaseErrorFields(error);
  if (sqlFields || isDatabaseUnavailable(error)) {
    return { ...(sqlFields?.code ? { code: sqlFields.code } : {}), message: `base de données indisponible ou en erreur (${sqlFields?.code ?? unavailabilityReason(error)})` };
  }
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  return {
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.responseCode === 'number' ? { responseCode: e.responseCode } : {}),
    message: typeof e.message === 'string' ? e.message.slice(0, 200) : String(error).slice(0, 200),
  };
}

/**
 * The in-process sender of the outbox (decision 020). Each pass claims the due rows in one
 * statement: `for update skip locked` lets concurrent workers (other API processes) take other
 * rows instead of waiting, and pushing `next_attempt_at` a lease ahead keeps the claimed rows
 * away from them until this worker has sent them and said so.
 */
export function createMailWorker(options: { db: Db; config: Config; log: MailLog; transport?: MailTransport }): MailWorker {
  const { db, config, log } = options;
  const settings = config.mail;
  const transport = options.transport ?? createMailTransport(settings);
  const host = new URL(config.publicUrl).hostname || 'localhost';

  async function claim(): Promise<ClaimedRow[]> {
    const result = await db.execute<ClaimedRow>(sql`
      update ${mailOutbox} set attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
      where id in (
        select id from ${mailOutbox}
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${BATCH}
        for update skip locked)
      returning id, recipient, template, data, headers, attachments, attempts, created_at`);
    return (result as unknown as { rows: ClaimedRow[] }).rows;
  }

  async function sendOne(row: ClaimedRow): Promise<'sent' | 'retried' | 'failed'> {
    const createdAt = new Date(row.created_at);
    try {
      const template = mailTemplates[row.template as MailTemplateName];
      if (!template) throw new Error(`modèle inconnu : ${row.template}`);
      const mail = renderMail(template(row.data as never, { baseUrl: config.publicUrl }));
      const stem = `${createdAt.toISOString().replace(/[:.]/g, '-')}-${row.id}-${row.template}`;
      const { file } = await transport.send(
        {
          from: settings.from,
          to: row.recipient,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          // The same id on every attempt: a receiver can drop a copy sent twice after a crash.
          messageId: `<ecoforma-${row.id}-${createdAt.getTime()}@${host}>`,
          date: createdAt,
          headers: { ...resolveHeaders(row.headers, config.publicUrl), 'Content-Language': 'fr' },
          attachments: (row.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, ...(a.encoding ? { encoding: a.encoding } : {}) })),
        },
        stem,
      );
      // The data may hold a single-use link: once sent, the outbox keeps no copy of it (nor of headers and files).
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), data: null, headers: null, attachments: null, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      if (file) log.info(`E-mail « ${row.template} » n° ${row.id} écrit dans ${file}`);
      return 'sent';
    } catch (error) {
      const summary = errorSummary(error);
      if (row.attempts >= settings.maxAttempts) {
        await db
          .update(mailOutbox)
          .set({ status: 'failed', lastError: summary.message, data: null, headers: null, attachments: null })
          .where(eq(mailOutbox.id, row.id));
        log.error({ mailId: row.id, template: row.template, attempts: row.attempts, ...summary }, 'e-mail abandonné après le dernier essai');
        return 'failed';
      }
      const delay = retryDelayMs(settings.retryBaseMs, row.attempts);
      await db
        .update(mailOutbox)
        .set({ lastError: summary.message, nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})` })
        .where(eq(mailOutbox.id, row.id));
      log.warn({ mailId: row.id, template: row.template, attempts: row.attempts, retryInMs: delay, ...summary }, 'envoi d’e-mail échoué, nouvel essai prévu');
      return 'retried';
    }
  }

  async function deliverDue(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const rows = await claim();
      for (const row of rows) report[await sendOne(row)]++;
      if (rows.length < BATCH) return report;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  // A database outage fails every pass: one line when passes start failing, one when one succeeds again.
  let failing = false;
  const tick = () => {
    running = deliverDue()
      .then(
        () => {
          if (failing) log.info('passes d’envoi des e-mails de nouveau possibles');
          failing = false;
        },
        (error: unknown) => {
          if (!failing) log.warn(errorSummary(error), 'passe d’envoi des e-mails interrompue, nouvel essai à chaque intervalle sans autre message');
          failing = true;
        },
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, settings.pollIntervalMs);
      });
  };

  return {
    deliverDue,
    start() {
      stopped = false;
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
