import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createDatabase, dropDatabase } from '../src/server/test/database';
import { buildServer, serverEntry } from '../scripts/build-server.mjs';
import type { Engine } from './lib';
import { round } from './lib';
import { stopProcess, waitForHealth } from './server-process';

/** Milliseconds from spawning `args` until GET /api/health answers 200 on `port`; the process is then stopped. */
async function timeToFirstAnswer(args: string[], port: number, env: Record<string, string>): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore' });
  try {
    return await waitForHealth(port, start, child);
  } finally {
    await stopProcess(child);
  }
}

/** The median of `runs` timings, steadier than one on a shared machine. */
async function median(runs: number, measure: () => Promise<number>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await measure());
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

const RUNS = 3;

/**
 * Restart of an installed copy, as `npm start` runs it (the compiled server, decision 026), on
 * `engine` with the demo data: the first start creates, migrates and seeds the database (not
 * measured); the next ones are timed, against a bare Fastify server started the same way.
 */
export async function benchRestart(engine: Engine, databaseUrl?: string): Promise<{ restartMs: number; baselineMs: number }> {
  await buildServer();
  const dataDir = `.tmp/bench-restart-${engine}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', DATABASE_URL: '', ADMIN_EMAIL: 'admin@bench.test', ADMIN_PASSWORD: 'AdminBench2026', WEB_CONCURRENCY: '1' };
  const name = `ecoforma_bench_start_${randomBytes(4).toString('hex')}`;
  if (engine === 'postgres') env.DATABASE_URL = await createDatabase(databaseUrl!, name);
  try {
    const server = [serverEntry];
    await timeToFirstAnswer(server, 4390, env);
    const restartMs = await median(RUNS, () => timeToFirstAnswer(server, 4391, env));
    const baselineMs = await median(RUNS, () => timeToFirstAnswer(['bench/fixtures/bare-server.mjs'], 4392, {}));
    return { restartMs: round(restartMs, 0), baselineMs: round(baselineMs, 0) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') await dropDatabase(databaseUrl!, name);
  }
}
