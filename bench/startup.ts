import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { round } from './lib';

/** Milliseconds from spawning `args` until GET /api/health answers 200 on `port`; the process is then stopped. */
async function timeToFirstAnswer(args: string[], port: number, env: Record<string, string>): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore' });
  try {
    for (;;) {
      if (performance.now() - start > 60_000) throw new Error(`pas de réponse après 60 s : ${args.join(' ')}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return performance.now() - start;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Restart of an installed copy: the first start creates and migrates the database (not
 * measured); the second is timed, against a bare Fastify server started the same way.
 */
export async function benchRestart(): Promise<{ restartMs: number; baselineMs: number }> {
  const dataDir = '.tmp/bench-restart';
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', DATABASE_URL: '', ADMIN_EMAIL: 'admin@bench.test', ADMIN_PASSWORD: 'AdminBench2026' };
  const server = ['--import', 'tsx', 'src/server/main.ts'];
  await timeToFirstAnswer(server, 4390, env);
  const restartMs = await timeToFirstAnswer(server, 4391, env);
  const baselineMs = await timeToFirstAnswer(['bench/fixtures/bare-server.mjs'], 4392, {});
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { restartMs: round(restartMs, 0), baselineMs: round(baselineMs, 0) };
}
