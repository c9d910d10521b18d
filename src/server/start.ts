import { setTimeout as delay } from 'node:timers/promises';
import { isNotNull } from 'drizzle-orm';
import { buildApp } from './app';
import type { Config } from './config';
import type { Database, Db, OpeningDatabase } from './db/client';
import { seedReferenceData } from './db/seed';
import { createMailWorker } from './lib/mail/worker';
import type { StartContext } from './lib/module-manifest';
import { createStorage, removeOrphanFiles, type Storage } from './lib/storage';
import { modules } from './modules';

/** Time the 503 answers of uploads cut by a stop get to reach their clients before the connections close. */
const ANSWER_FLUSH_MS = 1000;
/** Time after the grace period for the database to close before the process exits regardless. */
const FORCED_EXIT_MARGIN_MS = 10_000;

/** Every stored file some row names, by the columns the modules' manifests declare. */
export async function referencedFiles(db: Db): Promise<Set<string>> {
  const names = new Set<string>();
  for (const column of modules.flatMap((module) => module.storedFiles ?? [])) {
    const rows = await db.select({ name: column }).from(column.table).where(isNotNull(column));
    for (const row of rows) names.add(row.name as string);
  }
  return names;
}

type Log = StartContext['log'];

/** How often each API process runs the modules' housekeeping again while it serves. */
const HOUSEKEEPING_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Every module's housekeeping jobs. */
const jobs = modules.flatMap((module) => module.jobs ?? []);

/**
 * What must be done before any request: migrations, seeds, the modules' own preparation, and the
 * removal of orphan files (while nothing is being uploaded, so a file whose row is not yet written
 * is never taken for an orphan).
 */
export async function prepareForRequests(config: Config, database: Database, storage: Storage, log: Log): Promise<void> {
  await database.migrate();
  const { db } = database;
  await seedReferenceData(db);
  const context: StartContext = { config, db, storage, log };
  for (const module of modules) await module.prepare?.(context);
  const removed = await removeOrphanFiles(storage, await referencedFiles(db));
  if (removed > 0) log.info(`${removed} fichier(s) ou dossier(s) orphelin(s) supprimé(s) du stockage`);
}

/** The modules' housekeeping jobs, one after another: they forget what has expired. */
export async function runHousekeeping(config: Config, db: Db, storage: Storage, log: Log): Promise<void> {
  for (const job of jobs) await job.run({ config, db, storage, log, now: new Date() });
}

/**
 * What happens once per start. With several API processes the cluster's primary runs it alone,
 * before forking them (decision 029).
 */
export async function prepare(config: Config, database: Database, storage: Storage, log: Log): Promise<void> {
  await prepareForRequests(config, database, storage, log);
  await runHousekeeping(config, database.db, storage, log);
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
  const [app] = await Promise.all([building, options.prepared ? undefined : opened.then(() => prepareForRequests(config, database, storage, log))]);

  // Sends the outbox in this process; other API processes run their own, and never send the same message (decision 020).
  const mailWorker = createMailWorker({ db, config, log: app.log });
  // A server that runs for weeks still forgets what has expired. Most jobs only delete what is past
  // its date, so two processes running them the same day is harmless; a job that sends mail (the
  // follow-up) takes a lock and logs each send once (decision 045).
  const housekeeping = setInterval(() => {
    for (const job of jobs) {
      job.run({ config, db, storage, log: app.log, now: new Date() }).catch((error: unknown) => app.log.error({ err: error }, `entretien périodique en échec : ${job.name}`));
    }
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  let startHousekeeping: Promise<void> = Promise.resolve();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} reçu, arrêt en cours`);
    // Requests in flight get the grace period; a client still sending after it (a body trickled
    // byte by byte) must not hold up the stop. An upload still arriving is cut: its partial file is
    // removed at once and it is answered 503 `shutting_down`; then every connection left is closed.
    const grace = setTimeout(() => {
      app.log.warn(`délai de grâce de ${config.shutdownGraceMs} ms écoulé : envois interrompus, connexions encore ouvertes fermées`);
      void storage
        .stopReceiving()
        .then(() => delay(ANSWER_FLUSH_MS))
        .finally(() => app.server.closeAllConnections());
    }, config.shutdownGraceMs);
    // The last resort if closing itself hangs: an orchestrator would kill the process anyway.
    setTimeout(() => {
      app.log.error('arrêt forcé : la fermeture ne s’est pas terminée à temps');
      process.exit(1);
    }, config.shutdownGraceMs + FORCED_EXIT_MARGIN_MS).unref();
    clearInterval(housekeeping);
    await app.close();
    clearTimeout(grace);
    await mailWorker.stop();
    await startHousekeeping;
    // PGlite writes its files on close; skipping this could lose the last writes.
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  // The start's housekeeping only forgets what has expired, which the daily run does while serving
  // anyway: it no longer delays the first request (seconds on a large or cold database, decision 062).
  if (!options.prepared) {
    startHousekeeping = runHousekeeping(config, db, storage, app.log).catch((error: unknown) => app.log.error({ err: error }, 'entretien au démarrage en échec'));
  }
  mailWorker.start();
  app.log.info(`EcoForma est disponible sur http://${config.host}:${config.port} (base ${database.kind}, processus ${process.pid})`);
}
