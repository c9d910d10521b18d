import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server.mjs';

/** A port nobody listens on right now (the OS picks it, we release it at once). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let compiled: Promise<string> | null = null;

/**
 * The server as `npm start` runs it, compiled once per test worker into a folder of its own
 * (decision 026): it starts in about half the time tsx takes to compile the sources at each start.
 * The folder is named after the worker's pool slot, which no two running workers share: a worker
 * that Vitest stops without an exit event (it often does) left a folder behind for good when each
 * had a random name; the next run in that slot now builds over it.
 */
function compiledEntry(): Promise<string> {
  compiled ??= (async () => {
    const outdir = path.resolve('.tmp', `reliability-server-${process.env.VITEST_POOL_ID ?? randomBytes(4).toString('hex')}`);
    await buildServer({ outdir });
    process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
    return path.join(outdir, 'main.mjs');
  })();
  return compiled;
}

/**
 * The real server (the compiled `main.mjs`) as a child process, so a test can stop it gracefully,
 * kill it outright, and start it again on the same data.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null = null;
  /** stdout and stderr of every start, kept to explain a failure. */
  output = '';

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Starts the server and waits until GET /api/health answers 200. */
  async start(timeoutMs = 45_000): Promise<void> {
    if (this.child) throw new Error('le serveur tourne déjà');
    const child = spawn(process.execPath, [await compiledEntry()], {
      // One process, whatever the engine: these tests stop and kill it (WEB_CONCURRENCY would fork a cluster on PostgreSQL, decision 029).
      env: { ...process.env, WEB_CONCURRENCY: '1', ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = null;
        resolve({ code, signal });
      }),
    );
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.child) throw new Error(`le serveur s'est arrêté au démarrage :\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`pas de réponse de /api/health après ${timeoutMs} ms :\n${this.output}`);
      try {
        const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Sends `signal` and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const child = this.child;
    const exited = this.exited;
    if (!child || !exited) return { code: null, signal: null };
    child.kill(signal);
    return exited;
  }

  /** The process is killed outright: no shutdown hook runs, nothing is flushed or closed. */
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return this.stop('SIGKILL');
  }
}
