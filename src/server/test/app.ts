import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import type { Db } from '../db/client';
import type { ModuleManifest } from '../lib/module-manifest';
import { createMailWorker, type MailWorker } from '../lib/mail/worker';
import { Storage, type StorageDriver } from '../lib/storage';
import { openTestDatabase } from './database';
import { startMailCatcher, type MailCatcher } from './mail';
import { takeSnapshot, type RestoreSnapshot } from './snapshot';
import { openTestStorage } from './storage';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  storage: Storage;
  /** Keeps the app's rows and files as they are now; the function returned brings them back. */
  snapshot(): Promise<RestoreSnapshot>;
}

interface TestAppOptions {
  /** Wraps the storage driver, e.g. with `failingWrites` to make a full or read-only disk. */
  driver?: (inner: StorageDriver) => StorageDriver;
  /** Where the app's log lines go (with a `logLevel` override), for a test that reads them. */
  logStream?: { write(line: string): void };
  /** Manifests added after the platform's modules, e.g. a fake module owning reportable content. */
  extraModules?: readonly ModuleManifest[];
  /** On PostgreSQL, commits that wait for the disk, as in production (test databases skip it). */
  durableCommits?: boolean;
}

/**
 * The real application on a fresh database and a fresh storage (uploads folder, or an S3 bucket
 * with TEST_STORAGE=s3), closed after the file.
 * Call once per test file, at top level: `const ctx = await createTestApp();`
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestContext> {
  const database = await openTestDatabase({ durableCommits: options.durableCommits, reusable: true });
  const dataDir = path.resolve('.tmp', `data-${randomBytes(6).toString('hex')}`);
  const base = testConfig();
  const config = testConfig({
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    webDistDir: path.join(dataDir, 'no-web'),
    mail: { ...base.mail, dir: path.join(dataDir, 'mail') },
    ...overrides,
  });
  const opened = await openTestStorage(dataDir, config.uploadsDir);
  const storage = options.driver ? new Storage(options.driver(opened.storage.driver), opened.storage.incomingRoot) : opened.storage;
  const app = await buildApp(config, database.db, { storage, logStream: options.logStream, extraModules: options.extraModules });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await opened.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  return { app, db: database.db, config, storage, snapshot: () => takeSnapshot(database, storage) };
}

/** Log lines of the mail worker, kept for assertions instead of printed. */
export interface CapturedLog {
  lines: string[];
  info(message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export function captureLog(): CapturedLog {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(`info ${message}`),
    warn: (details, message) => lines.push(`warn ${message} ${JSON.stringify(details)}`),
    error: (details, message) => lines.push(`error ${message} ${JSON.stringify(details)}`),
  };
}

/**
 * A real SMTP server in process and a mail worker of `ctx` sending to it, closed after the file.
 * `await mail.deliver()` sends what the outbox holds, as the running server's worker would.
 */
export async function catchMail(ctx: TestContext): Promise<MailCatcher & { worker: MailWorker; log: CapturedLog; deliver(): Promise<void> }> {
  const catcher = await startMailCatcher();
  const log = captureLog();
  const worker = createMailWorker({ db: ctx.db, config: { ...ctx.config, mail: { ...ctx.config.mail, smtpUrl: catcher.url } }, log });
  afterAll(async () => {
    await worker.stop();
    await catcher.stop();
  });
  return Object.assign(catcher, {
    worker,
    log,
    async deliver() {
      await worker.deliverDue();
    },
  });
}
