import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { openPostgres } from '../../src/server/db/postgres';
import { testConfig } from '../../src/server/config';
import { createDatabase, dropDatabase, POSTGRES_TEMPLATE_DB, testEngine } from '../../src/server/test/database';
import { openEventStream } from '../../src/server/test/event-stream';
import { authHeader, createUser, enrol, insertCourse } from '../../src/server/test/factories';
import { freePort, ServerProcess } from './server-process';

/**
 * The live stream across API processes (issue 26): a message sent through process A reaches the
 * recipient's stream opened on process B, through PostgreSQL's LISTEN/NOTIFY. PGlite belongs to
 * one process, so this runs in the PostgreSQL project (the in-process case is
 * src/server/modules/messages/events.test.ts).
 */
const pgServerUrl = testEngine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const runId = randomBytes(3).toString('hex');
const rootDir = path.resolve('.tmp', `live-events-${runId}`);
const servers: ServerProcess[] = [];
let pgDbName: string | undefined;
let database: Database | undefined;

beforeAll(async () => {
  if (!pgServerUrl) return;
  pgDbName = `ecoforma_live_${runId}`;
  const databaseUrl = await createDatabase(pgServerUrl, pgDbName, POSTGRES_TEMPLATE_DB);
  database = openPostgres(databaseUrl, testConfig().dbTimeouts);
  for (const name of ['a', 'b']) {
    servers.push(new ServerProcess(await freePort(), { DATA_DIR: path.join(rootDir, name), DATABASE_URL: databaseUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }));
  }
  await Promise.all(servers.map((server) => server.start()));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => (server.running ? server.stop() : null)));
  await database?.close();
  if (pgDbName) await dropDatabase(pgServerUrl!, pgDbName);
  await fs.rm(rootDir, { recursive: true, force: true });
});

describe.skipIf(!pgServerUrl)('live events across two API processes on one PostgreSQL database', () => {
  it('delivers on B’s stream the message sent through A, with the unread count and the bell', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const db = database!.db;
    const trainer = await createUser(db, { role: 'formateur', isValid: true });
    const course = await insertCourse(db, trainer.id);
    const learner = await createUser(db, { role: 'membre' });
    await enrol(db, learner.id, course.id);
    const learnerAuth = await authHeader(db, learner);
    const trainerToken = (await authHeader(db, trainer)).authorization.slice('Bearer '.length);

    const stream = await openEventStream(b.url, trainerToken);
    expect(stream.status).toBe(200);
    expect(await stream.next('ready', 10_000)).toMatchObject({ unread_messages: 0 });

    const json = { ...learnerAuth, 'content-type': 'application/json' };
    const opened = await fetch(`${a.url}/api/conversations`, { method: 'POST', headers: json, body: JSON.stringify({ recipient_id: trainer.id, course_id: course.id }) });
    expect(opened.status).toBe(201);
    const { id } = (await opened.json()) as { id: number };
    const sent = await fetch(`${a.url}/api/conversations/${id}/messages`, { method: 'POST', headers: json, body: JSON.stringify({ body: 'Bonjour depuis A' }) });
    expect(sent.status).toBe(201);
    const message = (await sent.json()) as { id: number };

    expect(await stream.next('message', 10_000)).toEqual({ type: 'message', conversation_id: id, message_id: message.id });
    expect(await stream.next('notifications', 10_000)).toEqual({ type: 'notifications', unread: 1 });
    expect(await stream.next('unread_messages', 10_000)).toEqual({ type: 'unread_messages', count: 1 });
    stream.close();
  });
});
