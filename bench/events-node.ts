/**
 * One process of the live events' benchmark (issue 26), started by bench/events.ts with IPC:
 * `bare` is a bare Fastify route holding server-sent event streams (the baseline), `api` the real
 * API on PGlite (no BENCH_DB_URL) or on a PostgreSQL database the parent migrated. It answers the
 * parent's requests (its memory, accounts and sessions to open streams with) on the IPC channel.
 */
import { PassThrough } from 'node:stream';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { conversations } from '../src/server/db/schema';
import type { Database } from '../src/server/db/client';
import { openPostgres } from '../src/server/db/postgres';
import { testConfig } from '../src/server/config';
import { authHeader, createUser } from '../src/server/test/factories';
import { openBenchDatabase, startBenchApp } from './lib';

type Request = { id: number; cmd: 'rss' } | { id: number; cmd: 'sessions'; count: number } | { id: number; cmd: 'chat'; senders: number };

const send = (message: object) => process.send!(message);

function rss(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().rss;
}

async function bare(): Promise<number> {
  const app = Fastify();
  const open = new Set<PassThrough>();
  app.get('/events', async (request, reply) => {
    const stream = new PassThrough();
    open.add(stream);
    request.raw.once('close', () => {
      open.delete(stream);
      stream.end();
    });
    stream.write('retry: 2000\n\nevent: ready\ndata: {"type":"ready"}\n\n');
    return reply.header('Content-Type', 'text/event-stream; charset=utf-8').header('Cache-Control', 'no-store').send(stream);
  });
  // Fed in process: the event written to every open stream as the request arrives.
  app.post<{ Querystring: { id: string } }>('/send', async (request) => {
    const id = Number(request.query.id);
    for (const stream of open) stream.write(`event: message\ndata: {"type":"message","message_id":${id}}\n\n`);
    return { id };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

async function api(): Promise<{ port: number; database: Database }> {
  const url = process.env.BENCH_DB_URL || undefined;
  const database = url ? openPostgres(url, testConfig().dbTimeouts) : await openBenchDatabase('pglite');
  const { app } = await startBenchApp(database, { databaseUrl: url });
  return { port: (app.server.address() as AddressInfo).port, database };
}

const mode = process.argv[2];
let database: Database | null = null;
let port: number;
if (mode === 'bare') port = await bare();
else ({ port, database } = await api());

process.on('message', (raw) => {
  const request = raw as Request;
  void (async () => {
    if (request.cmd === 'rss') return send({ id: request.id, rss: rss() });
    const db = database!.db;
    if (request.cmd === 'sessions') {
      // One account per stream, as many people each with their tab open.
      const tokens: string[] = [];
      for (let i = 0; i < request.count; i++) tokens.push((await authHeader(db, await createUser(db))).authorization.slice('Bearer '.length));
      return send({ id: request.id, tokens });
    }
    // A trainer and `senders` learners, each in a conversation with the trainer.
    const recipient = await createUser(db, { role: 'formateur', isValid: true });
    const senders: { token: string; conversationId: number }[] = [];
    for (let i = 0; i < request.senders; i++) {
      const sender = await createUser(db);
      const [a, b] = sender.id < recipient.id ? [sender.id, recipient.id] : [recipient.id, sender.id];
      const [row] = await db.insert(conversations).values({ userAId: a, userBId: b }).returning({ id: conversations.id });
      senders.push({ token: (await authHeader(db, sender)).authorization.slice('Bearer '.length), conversationId: row!.id });
    }
    send({ id: request.id, recipientToken: (await authHeader(db, recipient)).authorization.slice('Bearer '.length), senders });
  })().catch((error: unknown) => send({ id: request.id, error: String(error) }));
});
send({ ready: true, port });
