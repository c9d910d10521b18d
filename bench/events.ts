/**
 * The live events' benchmark (issue 26), each figure against a bare Fastify stream measured in
 * the same run: (a) the memory of 2,000 open event streams on one API process, per stream;
 * (b) on PostgreSQL, the delay from sending a message on one API process to its arrival on a
 * stream held by another (p95 at 50 messages a second). Every server runs in a process of its
 * own (bench/events-node.ts), so the clients here never weigh on the memory measured.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { seedReferenceData } from '../src/server/db/seed';
import { openPostgres } from '../src/server/db/postgres';
import { testConfig } from '../src/server/config';
import { createDatabase, dropDatabase } from '../src/server/test/database';

export const EVENT_STREAMS = 2000;
export const MESSAGES_PER_SECOND = 50;
export const SENDING_SECONDS = 10;
/** Each sender stays under the messaging limit (30 a minute). */
const SENDERS = 25;

interface Node {
  port: number;
  ask<T>(request: object): Promise<T>;
  stop(): Promise<void>;
}

async function startNode(mode: 'bare' | 'api', env: Record<string, string> = {}): Promise<Node> {
  const child: ChildProcess = fork('bench/events-node.ts', [mode], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const pending = new Map<number, (answer: Record<string, unknown>) => void>();
  let nextId = 1;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`le processus ${mode} s’est arrêté (code ${code})`)));
    child.on('message', (raw) => {
      const message = raw as Record<string, unknown>;
      if (message.ready) resolve(message.port as number);
      else pending.get(message.id as number)?.(message);
    });
  });
  return {
    port,
    ask<T>(request: object) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, (answer) => {
          pending.delete(id);
          if (answer.error) reject(new Error(String(answer.error)));
          else resolve(answer as T);
        });
        child.send({ ...request, id });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Stream {
  close(): void;
}

/** Opens one SSE stream; resolves once its first frame arrived. `onEvent` receives each `data:` JSON. */
function openStream(port: number, path: string, token: string | null, onEvent?: (event: { type: string; message_id?: number }, at: number) => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false, headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`flux refusé : ${res.statusCode}`));
      let buffer = '';
      let opened = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (data && onEvent) onEvent(JSON.parse(data.slice(6)), at);
        }
        if (!opened) {
          opened = true;
          resolve({ close: () => request.destroy() });
        }
      });
      res.on('error', () => {});
    });
    request.on('error', (error) => {
      if (!(error as NodeJS.ErrnoException).code?.includes('ECONNRESET')) reject(error);
    });
  });
}

/** Resident memory growth of `node` per stream once `count` streams are open, in kilobytes. */
async function memoryPerStream(node: Node, path: string, tokens: (string | null)[]): Promise<number> {
  const before = (await node.ask<{ rss: number }>({ cmd: 'rss' })).rss;
  const streams: Stream[] = [];
  // By batches of 100: a burst of 2,000 connections would hit the listen backlog.
  for (let i = 0; i < tokens.length; i += 100) streams.push(...(await Promise.all(tokens.slice(i, i + 100).map((token) => openStream(node.port, path, token)))));
  await new Promise((r) => setTimeout(r, 500));
  const after = (await node.ask<{ rss: number }>({ cmd: 'rss' })).rss;
  for (const stream of streams) stream.close();
  return (after - before) / tokens.length / 1024;
}

/** (a) 2,000 open streams: kilobytes of resident memory per stream, the API (PGlite) and a bare Fastify route. */
export async function benchStreamMemory(): Promise<{ apiKb: number; bareKb: number }> {
  const bare = await startNode('bare');
  let bareKb: number;
  try {
    bareKb = await memoryPerStream(bare, '/events', Array.from({ length: EVENT_STREAMS }, () => null));
  } finally {
    await bare.stop();
  }
  const apiNode = await startNode('api');
  try {
    const { tokens } = await apiNode.ask<{ tokens: string[] }>({ cmd: 'sessions', count: EVENT_STREAMS });
    const apiKb = await memoryPerStream(apiNode, '/api/events', tokens);
    return { apiKb, bareKb };
  } finally {
    await apiNode.stop();
  }
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/**
 * Sends `MESSAGES_PER_SECOND` for `SENDING_SECONDS` through `sendOne` (which resolves with the
 * message's id) and returns the p95, in milliseconds, from each send to the arrival of its event
 * as recorded in `arrivals` (the event may come before the answer).
 */
async function deliveryP95(arrivals: Map<number, number>, sendOne: (i: number) => Promise<number>): Promise<{ p95Ms: number; lost: number }> {
  const total = MESSAGES_PER_SECOND * SENDING_SECONDS;
  const sent: Promise<{ id: number; start: number }>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / MESSAGES_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sentAt = performance.now();
    sent.push(sendOne(i).then((id) => ({ id, start: sentAt })));
  }
  const done = await Promise.all(sent);
  // Late events get two seconds to arrive; a missing one counts as lost.
  const deadline = performance.now() + 2000;
  while (done.some((d) => !arrivals.has(d.id)) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const delays = done.filter((d) => arrivals.has(d.id)).map((d) => arrivals.get(d.id)! - d.start);
  return { p95Ms: Math.round(p95(delays) * 10) / 10, lost: done.length - delays.length };
}

function post(port: number, path: string, token: string | null, body: object | null): Promise<{ status: number; json: { id: number } }> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : '';
    const request = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text || '{}') }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** (b) On PostgreSQL: a message sent on one API process, its event on a stream of another; and a bare stream fed in process. */
export async function benchCrossProcessDelivery(serverUrl: string): Promise<{ apiP95Ms: number; apiLost: number; bareP95Ms: number }> {
  const bare = await startNode('bare');
  let bareP95Ms: number;
  try {
    const arrivals = new Map<number, number>();
    const stream = await openStream(bare.port, '/events', null, (event, at) => {
      if (event.type === 'message' && event.message_id !== undefined) arrivals.set(event.message_id, at);
    });
    bareP95Ms = (await deliveryP95(arrivals, async (i) => (await post(bare.port, `/send?id=${i + 1}`, null, null)).json.id)).p95Ms;
    stream.close();
  } finally {
    await bare.stop();
  }

  const name = `ecoforma_bench_events_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(serverUrl, name);
  const nodes: Node[] = [];
  try {
    const database = openPostgres(url, testConfig().dbTimeouts);
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
    const sending = await startNode('api', { BENCH_DB_URL: url });
    nodes.push(sending);
    const receiving = await startNode('api', { BENCH_DB_URL: url });
    nodes.push(receiving);
    const chat = await sending.ask<{ recipientToken: string; senders: { token: string; conversationId: number }[] }>({ cmd: 'chat', senders: SENDERS });
    const arrivals = new Map<number, number>();
    const stream = await openStream(receiving.port, '/api/events', chat.recipientToken, (event, at) => {
      if (event.type === 'message' && event.message_id !== undefined) arrivals.set(event.message_id, at);
    });
    const result = await deliveryP95(arrivals, async (i) => {
      const sender = chat.senders[i % chat.senders.length]!;
      const res = await post(sending.port, `/api/conversations/${sender.conversationId}/messages`, sender.token, { body: `Message ${i + 1}` });
      if (res.status !== 201) throw new Error(`envoi refusé : ${res.status}`);
      return res.json.id;
    });
    stream.close();
    return { apiP95Ms: result.p95Ms, apiLost: result.lost, bareP95Ms };
  } finally {
    for (const node of nodes) await node.stop();
    await dropDatabase(serverUrl, name);
  }
}
