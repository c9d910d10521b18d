import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { openEventStream } from '../../test/event-stream';
import { authHeader, createUser, enrol, insertCourse } from '../../test/factories';

const { app, db } = await createTestApp();
await app.listen({ host: '127.0.0.1', port: 0 });
const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

afterAll(() => app.server.closeAllConnections());

const tokenOf = async (user: { id: number }) => (await authHeader(db, user)).authorization.replace('Bearer ', '');

describe('a new reply reaches the open streams live (discussion_reply)', () => {
  it('goes to the follower, the trainer and a learner of the course, never to the replier nor an outsider', async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: true });
    const course = await insertCourse(db, trainer.id);
    const author = await createUser(db, { role: 'membre' });
    const replier = await createUser(db, { role: 'membre' });
    const reader = await createUser(db, { role: 'membre' });
    const outsider = await createUser(db, { role: 'membre' });
    for (const user of [author, replier, reader]) await enrol(db, user.id, course.id);
    const opened = await app.inject({ method: 'POST', url: `/api/courses/${course.id}/threads`, headers: await authHeader(db, author), payload: { title: 'Une question', body: 'Laquelle ?', kind: 'question' } });
    const threadId = opened.json<{ id: number }>().id;

    const streams = await Promise.all([author, trainer, reader, replier, outsider].map(async (user) => openEventStream(baseUrl, await tokenOf(user))));
    for (const stream of streams) await stream.next('ready');

    const sent = await app.inject({ method: 'POST', url: `/api/threads/${threadId}/replies`, headers: await authHeader(db, replier), payload: { body: 'Celle-ci.' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const expected = { type: 'discussion_reply', thread_id: threadId, course_id: course.id, reply_id: sent.json<{ id: number }>().id };
    const [toAuthor, toTrainer, toReader, toReplier, toOutsider] = streams;
    expect(await toAuthor!.next('discussion_reply')).toEqual(expected);
    expect(await toTrainer!.next('discussion_reply')).toEqual(expected);
    expect(await toReader!.next('discussion_reply')).toEqual(expected);
    await expect(toReplier!.next('discussion_reply', 300)).rejects.toThrow();
    await expect(toOutsider!.next('discussion_reply', 300)).rejects.toThrow();
    for (const stream of streams) stream.close();
  });
});
