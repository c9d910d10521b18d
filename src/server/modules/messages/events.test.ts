import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openStreamCount } from '../../lib/event-bus';
import { createTestApp } from '../../test/app';
import { openEventStream } from '../../test/event-stream';
import { authHeader, createUser, enrol, insertCourse } from '../../test/factories';
import { sseFrame } from './events.routes';

const { app, db } = await createTestApp();
await app.listen({ host: '127.0.0.1', port: 0 });
const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

// fetch's connection pool may hold a socket that never sent a request; a test server closes it outright.
afterAll(() => app.server.closeAllConnections());

const tokenOf = async (user: { id: number }) => (await authHeader(db, user)).authorization.replace('Bearer ', '');

async function pair() {
  const trainer = await createUser(db, { role: 'formateur', isValid: true });
  const course = await insertCourse(db, trainer.id);
  const learner = await createUser(db, { role: 'membre', firstname: 'Inès', lastname: 'Apprenante' });
  await enrol(db, learner.id, course.id);
  return { trainer, learner };
}

describe('GET /api/events: the live stream', () => {
  it('needs the bearer token in the header (401 without)', async () => {
    const res = await fetch(`${baseUrl}/api/events`);
    expect(res.status).toBe(401);
  });

  it('opens with both counts, then delivers a new message, the unread count and the bell in process (PGlite)', async () => {
    const { trainer, learner } = await pair();
    const stream = await openEventStream(baseUrl, await tokenOf(trainer));
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    expect(await stream.next('ready')).toEqual({ type: 'ready', unread_messages: 0, notifications: 0 });

    const headers = await authHeader(db, learner);
    const opened = await app.inject({ method: 'POST', url: '/api/conversations', headers, payload: { recipient_id: trainer.id } });
    const { id } = opened.json<{ id: number }>();
    const sent = await app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers, payload: { body: 'Bonjour !' } });
    expect(sent.statusCode).toBe(201);

    expect(await stream.next('message')).toEqual({ type: 'message', conversation_id: id, message_id: sent.json<{ id: number }>().id });
    expect(await stream.next('unread_messages')).toEqual({ type: 'unread_messages', count: 1 });
    expect(await stream.next('notifications')).toEqual({ type: 'notifications', unread: 1 });
    stream.close();
  });

  it('forgets a stream once its client goes away', async () => {
    const { learner } = await pair();
    await expect.poll(() => openStreamCount()).toBe(0);
    const stream = await openEventStream(baseUrl, await tokenOf(learner));
    await stream.next('ready');
    expect(openStreamCount()).toBe(1);
    stream.close();
    await expect.poll(() => openStreamCount()).toBe(0);
  });

  it('writes each event as one SSE frame named by its type', () => {
    expect(sseFrame({ type: 'unread_messages', count: 3 })).toBe('event: unread_messages\ndata: {"type":"unread_messages","count":3}\n\n');
  });
});
