import type { PgColumn } from 'drizzle-orm/pg-core';
import type { InvoiceSource } from '../../shared/billing';
import type { ReportTargetType } from '../../shared/moderation';
import type { ParisPeriod } from '../../shared/periods';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Db, Executor } from '../db/client';
import type { UserRow } from '../db/schema';
import type { ModuleDeps } from './deps';
import type { Storage } from './storage';

/** A stored file of an account, as its data export carries it and its deletion removes it. */
export interface OwnedFile {
  /** The file's key in the storage. */
  storedName: string;
  /** Its path in the export's ZIP, under `fichiers/`. */
  path: string;
  /** What it is, in French, for the person reading the export. */
  description: string;
}

/**
 * What deleting an account does to a table's rows about it. `cascade` and `set null` are the
 * schema's own foreign keys (a test compares them); `erase` is the module's `eraseAccount` hook,
 * for rows the schema cannot reach (keyed by address) or that stay as evidence, rewritten.
 */
export type AccountDeletion = 'cascade' | 'set null' | 'erase';

/** A column that ties rows to a person: where the export shows them and what an account's deletion does to them. */
export interface PersonalData {
  /** A reference to the account (`user_id`…) or its address. */
  column: PgColumn;
  /** The export's JSON key showing these rows, or why they are not exported. */
  exportedAs: string | { notExported: string };
  onAccountDeletion: AccountDeletion;
}

/** The account being deleted, as every module's erasure sees it. */
export interface DeletedAccount {
  user: UserRow;
  /** Where the files are, and the configuration: the evidence module archives legal proofs (decision 048). */
  storage: Storage;
  config: Config;
  /** Every module's manifest: the evidence module gathers the proofs each one holds. */
  modules: readonly ModuleManifest[];
  /** Addresses the account was moving to (pending e-mail changes): mail and counters keyed by them go too. */
  pendingAddresses: string[];
}

/** What a module's once-per-start preparation and housekeeping receive. */
export interface StartContext {
  config: Config;
  db: Db;
  storage: Storage;
  log: { info(message: string): void; warn(message: string): void };
}

/** What a job receives: the start's context and the clock, so that tests move time. */
export interface JobContext extends StartContext {
  /** The time of this run (the real time in the server, any time in a test). */
  now: Date;
}

/**
 * Housekeeping a module runs at every start, before any request, then daily in each API process
 * (expired rows, retention periods, follow-up mails). Every API process runs it: a job that must
 * act once (send mail) takes a lock or claims its rows (decision 045).
 */
export interface Job {
  /** What it does, in French, for the start log. */
  name: string;
  run(context: JobContext): Promise<void>;
}

/** Reported content as the moderation module sees it (`ModerationTarget.describe`). */
export interface ModerationSubject {
  /** The account that wrote or owns the content: it is told the decision and may contest it; nobody may report their own content. */
  authorId: number;
  /** The content as text (title and body, a profile's headline…), for the administrators' queue and the decision's evidence; the moderation module cuts it to REPORT_EXCERPT_MAX characters. */
  excerpt: string;
  /** The page where the content is seen (a path of src/shared/web-paths.ts), or null. */
  link: string | null;
}

/**
 * How the moderation module (DSA notice and action) reaches one type of reportable content that
 * another module owns, without importing it: the owning module declares it in its manifest's
 * `moderationTargets`, and moderation finds it in `ModuleDeps.modules`. The content's visibility
 * rules stay in its module.
 *
 * Example, in the messages module's manifest:
 * ```ts
 * moderationTargets: {
 *   message: {
 *     async describe(db, id, viewerId) {
 *       const row = await findMessage(db, id);
 *       if (!row || (viewerId !== null && !(await isParticipant(db, row.conversationId, viewerId)))) return null;
 *       return { authorId: row.senderId, excerpt: row.body, link: webPaths.conversation(row.conversationId) };
 *     },
 *     hide: (tx, id, hidden) => tx.update(messages).set({ hiddenAt: hidden ? new Date() : null }).where(eq(messages.id, id)),
 *     remove: (tx, id) => tx.delete(messages).where(eq(messages.id, id)),
 *   },
 * },
 * ```
 */
export interface ModerationTarget {
  /**
   * The content with id `id` as `viewerId` may see it: null when it does not exist, or when that
   * person may not see it (a message outside their conversations, a thread of a course they do not
   * follow, a profile not in the directory…), so that a report of it answers 404 and reveals
   * nothing. `viewerId` null is the moderation's own look (administrators deciding): no visibility
   * rule, but still null for content that no longer exists. Content already hidden by a decision
   * is still described to moderation (viewerId null).
   */
  describe(db: Executor, id: number, viewerId: number | null): Promise<ModerationSubject | null>;
  /**
   * Hides the content (`hidden` true) or shows it again (false, when a contest reverses a hiding),
   * in the decision's transaction. Hidden content stays stored but is shown to nobody but its
   * author (who reads that it is hidden by moderation) and administrators. Must not fail when the
   * content no longer exists.
   */
  hide(tx: Executor, id: number, hidden: boolean): Promise<void>;
  /**
   * Deletes the content for good, in the decision's transaction (what goes with it, e.g. a
   * thread's replies, is the module's choice, and what others see in its place, e.g. « Message
   * supprimé par la modération »). Must not fail when the content no longer exists.
   */
  remove(tx: Executor, id: number): Promise<void>;
}

/** The enrolment whose evidence of training is gathered (issue 27). */
export interface EvidenceEnrolment {
  id: number;
  userId: number;
  courseId: number;
  /** The learner's name and the course's title, as the files name them. */
  learnerName: string;
  courseTitle: string;
  enrolledAt: Date;
  completedAt: Date | null;
}

/** What a module's `evidence` hook receives: the enrolment and the period asked for (null: unbounded). */
export interface EvidenceContext {
  db: Executor;
  storage: Storage;
  config: Config;
  enrolment: EvidenceEnrolment;
  period: ParisPeriod;
}

/** One file of an enrolment's evidence file (`evidence.zip`). */
export interface EvidenceEntry {
  /** Its name in the enrolment's folder of the ZIP, e.g. `presence.csv`. */
  path: string;
  data: Buffer | string;
  /**
   * A proof the law asks the provider to keep (attendance, evaluations, the certificat de
   * réalisation, the attestation): archived when the learner deletes their account, and kept for
   * the legal period (decision 048). Satisfaction answers and messages are not.
   */
  retained: boolean;
}

/**
 * What a server module owns, declared once: the app, the file sweep, the data export and both
 * account deletions iterate over the manifests (modules/index.ts) instead of keeping lists by
 * hand. `manifests.test.ts` checks them against the schema.
 */
export interface ModuleManifest {
  name: string;
  /** The module's route plugins, registered in this order. */
  routes: FastifyPluginAsyncZod<ModuleDeps>[];
  /** Every column holding a stored file's key: the start-up sweep keeps the files they name. */
  storedFiles?: PgColumn[];
  /** The module's tables that hold personal data. */
  personalData?: PersonalData[];
  /** The account's stored files that this module keeps (export, deletion). */
  ownedFiles?(db: Executor, userId: number): Promise<OwnedFile[]>;
  /** The module's sections of the account's data export, by JSON key. */
  exportSections?(db: Executor, user: UserRow): Promise<Record<string, unknown>>;
  /** Rewrites or removes, in the deletion's transaction and before the account row goes, what the cascades cannot reach. */
  eraseAccount?(tx: Executor, account: DeletedAccount): Promise<void>;
  /** Once per start, before any request and before the jobs: secrets, seeds. */
  prepare?(context: StartContext): Promise<void>;
  jobs?: Job[];
  /**
   * The module's files in an enrolment's evidence file (issue 27): the programme, the attendance,
   * the evaluations, the attestation… The evidence module gathers them from every manifest; each
   * file must have content (an empty proof proves nothing).
   */
  evidence?(context: EvidenceContext): Promise<EvidenceEntry[]>;
  /** The reportable content this module owns, by type (DSA notice and action, the moderation module). At most one module serves each type. */
  moderationTargets?: Partial<Record<ReportTargetType, ModerationTarget>>;
  /**
   * An invoice became fully paid (an administrator recorded a bank transfer, or a card payment
   * arrived): called by the invoices module on every manifest, in the payment's transaction, so
   * that what the payment unlocks (the next instalment, seats) happens with it or not at all.
   */
  invoicePaid?(tx: Executor, event: { invoiceId: number; source: InvoiceSource; paidAt: Date }): Promise<void>;
}
