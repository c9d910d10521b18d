import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { testConfig, type Config } from '../src/server/config';
import { type Database, type Db } from '../src/server/db/client';
import { openPgliteThread } from '../src/server/db/pglite';
import { seedReferenceData } from '../src/server/db/seed';
import { openScratchPostgres } from '../src/server/test/database';

export type Engine = 'pglite' | 'postgres';

/** One line of the report: a figure, its budget, and what it was compared with in the same run. */
export interface BenchResult {
  name: string;
  engine: Engine | '-';
  figure: number;
  unit: string;
  budget: string;
  baseline?: { name: string; figure: number; unit: string };
  ratio?: number;
  pass: boolean;
}

/** A fresh, migrated database: PGlite in memory in its own thread as the server runs it, or a throwaway database on the PostgreSQL server. */
export async function openBenchDatabase(engine: Engine, databaseUrl?: string): Promise<Database> {
  if (engine === 'pglite') {
    const database = await openPgliteThread();
    await database.migrate();
    await seedReferenceData(database.db);
    return database;
  }
  const database = await openScratchPostgres(databaseUrl!, `ecoforma_bench_${randomBytes(5).toString('hex')}`);
  await database.migrate();
  await seedReferenceData(database.db);
  return database;
}

/** The API on a free port; without the web interface unless `overrides.webDistDir` names a build. */
export async function startBenchApp(database: Database, overrides: Partial<Config> = {}): Promise<{ app: FastifyInstance; url: string; config: Config }> {
  const dataDir = `.tmp/bench-${randomBytes(4).toString('hex')}`;
  const config = testConfig({ dataDir, uploadsDir: `${dataDir}/uploads`, webDistDir: `${dataDir}/no-web`, ...overrides });
  const app = await buildApp(config, database.db);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, config };
}

/** Requests per second that a route sustains over real HTTP, with `connections` in flight. */
export async function measureThroughput(options: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  /** A body per request (e.g. rotating accounts), in place of `body`. */
  nextBody?: () => string;
}): Promise<number> {
  const nextBody = options.nextBody;
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    ...(nextBody ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: nextBody() }) }] } : {}),
    connections: options.connections ?? 10,
    duration: options.seconds ?? 5,
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${options.url}: ${failures} réponses en échec pendant la mesure`);
  return result.requests.average;
}

/** Latency percentiles of `count` sequential calls of `call`, after a short warm-up. */
export async function measureLatency(count: number, call: (i: number) => Promise<void>): Promise<{ p50Ms: number; p95Ms: number; samples: number }> {
  for (let i = 0; i < Math.min(20, count); i++) await call(i);
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    await call(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50Ms: round(at(0.5)), p95Ms: round(at(0.95)), samples: samples.length };
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * What autovacuum does on a database in service, done before measuring what was just grown: fresh
 * statistics, the dead rows of updates reclaimed, and a visibility map for index-only scans. Left to
 * autovacuum, it came during the measurement itself and doubled a p95 (decision 083).
 */
export async function vacuumAnalyze(db: Db, tables: readonly string[]): Promise<void> {
  // One table per statement: VACUUM cannot run inside a transaction, nor in a multi-statement query.
  for (const table of tables) await db.execute(sql.raw(`vacuum analyze ${table}`));
}
