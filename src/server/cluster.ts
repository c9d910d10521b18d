import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { createStorage } from './lib/storage';
import { prepare } from './start';

/** Time after the grace period for the workers to stop before the primary exits regardless. */
const FORCED_EXIT_MARGIN_MS = 10_000;
/** A worker dying sooner than this after its start is not restarted: it would only die again. */
const CRASH_LOOP_MS = 5_000;

function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

/**
 * The cluster's primary (decision 029): prepares the database once (migrations, seeds,
 * housekeeping), then forks `config.webConcurrency` API processes sharing the port, restarts one
 * that dies, and on SIGTERM or SIGINT stops them all gracefully before exiting.
 */
export async function runPrimary(config: Config): Promise<void> {
  const database = await openDatabase(config);
  try {
    await prepare(config, database, await createStorage(config), { info: log, warn: log });
  } finally {
    await database.close();
  }

  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());
  cluster.on('exit', (worker, code, signal) => {
    const started = startedAt.get(worker) ?? 0;
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    log(`Processus API ${worker.process.pid} arrêté (${signal ?? `code ${code}`})`);
    if (Date.now() - started < CRASH_LOOP_MS) {
      log('Il s’est arrêté aussitôt démarré : il n’est pas relancé.');
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} reçu, arrêt des ${startedAt.size} processus API`);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), config.shutdownGraceMs + FORCED_EXIT_MARGIN_MS).unref();
    if (startedAt.size === 0) process.exit(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < config.webConcurrency; i++) fork();
  log(`EcoForma : ${config.webConcurrency} processus API sur http://${config.host}:${config.port}`);
}
