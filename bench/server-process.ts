import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { createDatabase, dropDatabase } from '../src/server/test/database';
import { buildServer, serverEntry } from '../scripts/build-server.mjs';
import type { Engine } from './lib';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until GET /api/health answers 200 on `port`; milliseconds since `start`. */
export async function waitForHealth(port: number, start: number, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`le serveur s’est arrêté (code ${child.exitCode}) avant de répondre`);
    if (performance.now() - start > 60_000) throw new Error('pas de réponse du serveur après 60 s');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return performance.now() - start;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export interface ServerProcess {
  url: string;
  /** The server's process id (the cluster's primary when WEB_CONCURRENCY > 1), to read its CPU time in /proc. */
  pid: number;
  /** On PostgreSQL, the throwaway database the server runs on (to find its backends in pg_stat_activity). */
  databaseName?: string;
  stop(): Promise<void>;
}

/**
 * The compiled server (`npm start`, decision 026) in a process of its own, on `engine` with the
 * demo catalogue: what a load test must hit, so that the load generator never shares its event loop.
 */
export async function startServerProcess(engine: Engine, options: { databaseUrl?: string; webConcurrency?: number } = {}): Promise<ServerProcess> {
  if (!fs.existsSync(serverEntry)) await buildServer();
  const dataDir = `.tmp/bench-server-${randomBytes(4).toString('hex')}`;
  const name = `ecoforma_bench_load_${randomBytes(4).toString('hex')}`;
  const databaseUrl = engine === 'postgres' ? await createDatabase(options.databaseUrl!, name) : '';
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: 'admin@bench.test',
    ADMIN_PASSWORD: 'AdminBench2026',
    WEB_CONCURRENCY: String(options.webConcurrency ?? 1),
    // The load test creates its accounts through the API, all from this one address.
    SIGNUP_LIMIT_PER_ADDRESS: '1000',
    // The load generator forwards each request for one of its users, as a reverse proxy would (decision 034).
    TRUST_PROXY: '127.0.0.1',
  };
  const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForHealth(port, performance.now(), child);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    ...(engine === 'postgres' ? { databaseName: name } : {}),
    async stop() {
      await stopProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (engine === 'postgres') await dropDatabase(options.databaseUrl!, name);
    },
  };
}

/** Milliseconds for the landing page (GET /) on a connection opened for this request alone (no keep-alive reuse). */
export function freshConnectionLatency(url: string, timeoutMs = 30_000): Promise<number> {
  const start = performance.now();
  return new Promise((resolve) => {
    const request = http.get(`${url}/`, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - start));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(timeoutMs));
  });
}
