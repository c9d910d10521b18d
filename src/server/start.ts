import { and, inArray, isNotNull, lt } from 'drizzle-orm';
import { buildApp } from './app';
import type { Config } from './config';
import type { Database, Db, OpeningDatabase } from './db/client';
import { auditLog, courses, lessons, mailOutbox, users } from './db/schema';
import { seedReferenceData } from './db/seed';
import { createMailWorker } from './lib/mail/worker';
import { mediaSigningSecret } from './lib/media-links';
import { unsubscribeSecret } from './lib/notifications/unsubscribe';
import { pruneCounters } from './lib/rate-limits';
import { deleteExpiredSessions } from './lib/sessions';
import { createStorage, removeOrphanFiles, type Storage } from './lib/storage';
import { ensureAdminAccount } from './modules/auth/admin-account';
import { seedDemoCatalogue } from './modules/courses/demo-seed';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Time after the grace period for the database to close before the process exits regardless. */
const FORCED_EXIT_MARGIN_MS = 10_000;

async function referencedUploads(db: Db): Promise<Set<string>> {
  const names = new Set<string>();
  for (const row of await db.select({ cv: users.cvPath }).from(users).where(isNotNull(users.cvPath))) names.add(row.cv!);
  for (const row of await db.select({ image: courses.imagePath, attachment: courses.attachmentPath }).from(courses)) {
    if (row.image) names.add(row.image);
    if (row.attachment) names.add(row.attachment);
  }
  for (const row of await db.select({ file: lessons.filePath, captions: lessons.captionsPath }).from(lessons).where(isNotNull(lessons.filePath))) {
    names.add(row.file!);
    if (row.captions) names.add(row.captions);
  }
  return names;
}

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * What happens once per start, before any request: migrations, seeds, housekeeping. With several
 * API processes the cluster's primary runs it alone, before forking them (decision 029).
 */
export async function prepare(config: Config, database: Database, storage: Storage, log: Log): Promise<void> {
  await database.migrate();
  const { db } = database;
  await seedReferenceData(db);
  // Signing secrets drawn once, outside any request's transaction: requests then only read them.
  await mediaSigningSecret(db, config);
  await unsubscribeSecret(db);
  await ensureAdminAccount(db, config, log);
  if (config.seedDemo) await seedDemoCatalogue(db, storage);
  // Housekeeping: expired sessions and rate-limit counters older than any window that counts them.
  await deleteExpiredSessions(db);
  await pruneCounters(db, new Date(Date.now() - DAY_MS));
  // The privacy policy promises the administration log is kept five years, not longer.
  await db.delete(auditLog).where(lt(auditLog.createdAt, new Date(Date.now() - 5 * 365 * DAY_MS)));
  // A sent or abandoned e-mail keeps its recipient's address 30 days, then goes (decision 021).
  await db.delete(mailOutbox).where(and(inArray(mailOutbox.status, ['sent', 'failed']), lt(mailOutbox.createdAt, new Date(Date.now() - 30 * DAY_MS))));
  const removed = await removeOrphanFiles(storage, await referencedUploads(db));
  if (removed > 0) log.info(`${removed} fichier(s) ou dossier(s) orphelin(s) supprimé(s) du stockage`);
}

/**
 * Prepares (unless the cluster's primary already did) and listens; `main.ts` has already started
 * opening the database.
 */
export async function start(config: Config, opening: Promise<OpeningDatabase>, options: { prepared?: boolean } = {}): Promise<void> {
  const { database, opened } = await opening;
  const { db } = database;
  const storage = await createStorage(config);
  // The application is built (CPU) while the database opens and is prepared (mostly waiting on it):
  // building it queries nothing (app.test.ts), and nothing listens before both are done.
  const building = buildApp(config, db, { storage });
  // What the preparation says is logged by the application's logger, once it exists.
  const log: Log = {
    info: (message) => void building.then((app) => app.log.info(message), () => {}),
    warn: (message) => void building.then((app) => app.log.warn(message), () => {}),
  };
  const [app] = await Promise.all([building, options.prepared ? undefined : opened.then(() => prepare(config, database, storage, log))]);

  // Sends the outbox in this process; other API processes run their own, and never send the same message (decision 020).
  const mailWorker = createMailWorker({ db, config, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} reçu, arrêt en cours`);
    // Requests in flight get the grace period; a client still sending after it (a body trickled
    // byte by byte) must not hold up the stop, so its connection is closed.
    const grace = setTimeout(() => {
      app.log.warn(`délai de grâce de ${config.shutdownGraceMs} ms écoulé : les connexions encore ouvertes sont fermées`);
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    // The last resort if closing itself hangs: an orchestrator would kill the process anyway.
    setTimeout(() => {
      app.log.error('arrêt forcé : la fermeture ne s’est pas terminée à temps');
      process.exit(1);
    }, config.shutdownGraceMs + FORCED_EXIT_MARGIN_MS).unref();
    await app.close();
    clearTimeout(grace);
    await mailWorker.stop();
    // PGlite writes its files on close; skipping this could lose the last writes.
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  mailWorker.start();
  app.log.info(`EcoForma est disponible sur http://${config.host}:${config.port} (base ${database.kind}, processus ${process.pid})`);
}
