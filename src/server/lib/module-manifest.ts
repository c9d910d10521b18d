import type { PgColumn } from 'drizzle-orm/pg-core';
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

/** Housekeeping a module runs at every start, before any request, then daily in each API process (expired rows, retention periods). */
export interface Job {
  /** What it does, in French, for the start log. */
  name: string;
  run(context: StartContext): Promise<void>;
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
}
