import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { createDatabase, dropDatabase, POSTGRES_TEMPLATE_DB, seedPgliteDataDir, testEngine } from './database';

/** Test tooling for src/server/compiled-server.test.ts: the compiled server run as a process (decision 026). */
const serverUrl = process.env.TEST_DATABASE_URL;
/** True when this run's engine is PostgreSQL: each start then gets an empty database of its own. */
export const onPostgres = testEngine === 'postgres' && Boolean(serverUrl);
const scratchDatabases: string[] = [];
export const START_TIMEOUT_MS = 180_000;

/** Drops the databases the starts created. */
export async function dropStartDatabases(): Promise<void> {
  for (const name of scratchDatabases.splice(0)) await dropDatabase(serverUrl!, name);
}

/** A database of its own on the test PostgreSQL server, empty or a copy of `template`, dropped after the file. */
async function scratchDatabase(template?: string): Promise<string> {
  const name = `ecoforma_start_${randomBytes(6).toString('hex')}`;
  scratchDatabases.push(name);
  return createDatabase(serverUrl!, name, template);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A database of this run's engine already migrated, as a first start leaves it, for a start that is
 * not about migrating: a copy of the run's template instead of a start and a stop.
 */
export async function migratedData(outdir: string): Promise<{ DATA_DIR: string; DATABASE_URL: string }> {
  const DATA_DIR = path.join(outdir, `data-${randomBytes(4).toString('hex')}`);
  if (!onPostgres) {
    await seedPgliteDataDir(path.join(DATA_DIR, 'db'));
    return { DATA_DIR, DATABASE_URL: '' };
  }
  return { DATA_DIR, DATABASE_URL: await scratchDatabase(POSTGRES_TEMPLATE_DB) };
}

export interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts the compiled server in `outdir` and waits for its first answer: on an empty database of this
 * run's engine, or on the data `env` names (`migratedData`).
 */
export async function startCompiled(outdir: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const dataDir = path.join(outdir, `data-${port}`);
  // A start on given data (env.DATABASE_URL) needs no database of its own.
  const databaseUrl = onPostgres && env.DATABASE_URL === undefined ? await scratchDatabase() : '';
  const data = { DATA_DIR: env.DATA_DIR ?? dataDir, DATABASE_URL: env.DATABASE_URL ?? databaseUrl };
  const child = spawn(process.execPath, [path.join(outdir, 'main.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...data,
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'admin@ecoforma.test',
      ADMIN_PASSWORD: 'AdminEco2026',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let ended = false;
  void exited.then(() => (ended = true));

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && !ended) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return { child, port, output: () => output, exited };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`Le serveur compilé n'a pas répondu :\n${output}`);
}
