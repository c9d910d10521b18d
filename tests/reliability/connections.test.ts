import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CV_MAX_BYTES } from '../../src/shared/constants';
import { courseMessages } from '../../src/shared/courses';
import { errorMessages } from '../../src/shared/errors';
import { cvMessages } from '../../src/shared/trainers';
import { createTestApp } from '../../src/server/test/app';
import { authHeader, courseFields, createUser, imagePart } from '../../src/server/test/factories';
import { multipart, pdfDocument, pngImage } from '../../src/server/test/files';
import { jsonRequestHead, trickle, within } from './slow-client';

/**
 * The real application listening on a port, driven by real sockets: what `app.inject` cannot show
 * (time limits, kept-alive connections). Stopping the real process under a slow client is in
 * restart.test.ts.
 */
const ctx = await createTestApp();
// Short limits, so that a test sees a cut in seconds; production values are in config.ts.
const REQUEST_TIMEOUT_MS = 3000;
const timed = await createTestApp({ requestTimeoutMs: REQUEST_TIMEOUT_MS, headersTimeoutMs: 2000 });
/** Longer than any limit above plus Node's checking interval: past it, the server is stuck. */
const HANG_MS = 10_000;

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

let port = 0;
let timedPort = 0;
beforeAll(async () => {
  port = await listen(ctx.app);
  timedPort = await listen(timed.app);
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request through `agent`, its whole answer read; rejects when none comes within HANG_MS. */
function send(agent: http.Agent, method: string, path: string, headers: Record<string, string>, payload?: Buffer): Promise<Answer> {
  const answer = new Promise<Answer>((resolve, reject) => {
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    // The server may close while the rest of a refused body is still on its way: the answer counts.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(payload);
  });
  return within(answer, HANG_MS, `${method} ${path}`);
}

/** A refused upload, then a second request through the same agent: one kept-alive socket at most. */
async function refusedThenNext(path: string, headers: Record<string, string>, form: { payload: Buffer; headers: Record<string, string> }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const refused = await send(agent, 'POST', path, { ...headers, ...form.headers }, form.payload);
    const next = await send(agent, 'GET', '/api/health', {});
    return { refused, next };
  } finally {
    agent.destroy();
  }
}

describe('a kept-alive connection after an upload refused before the end of its body', () => {
  it('answers the next request after a CV larger than 10 MB (413)', async () => {
    const auth = await authHeader(ctx.db, await createUser(ctx.db, { role: 'formateur' }));
    const cv = Buffer.concat([pdfDocument(), Buffer.alloc(CV_MAX_BYTES + 2 * 1024 * 1024)]);
    const { refused, next } = await refusedThenNext('/api/upload-cv', auth, multipart({}, [{ name: 'cv', filename: 'cv.pdf', content: cv, contentType: 'application/pdf' }]));
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ error_code: 'file_too_large', message: cvMessages.tooLarge });
    expect(next.status).toBe(200);
  });

  it('answers the next request after a course image larger than 5 MB (413), the refusal closing the connection', async () => {
    const auth = await authHeader(ctx.db, await createUser(ctx.db, { role: 'admin' }));
    const image = Buffer.concat([pngImage(), Buffer.alloc(8 * 1024 * 1024)]);
    const { refused, next } = await refusedThenNext('/api/courses', auth, multipart(courseFields(), [imagePart(image)]));
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toMatchObject({ error_code: 'file_too_large', message: courseMessages.imageTooLarge });
    expect(refused.headers.connection).toBe('close');
    expect(next.status).toBe(200);
  });

  it('answers the next request after a course form carrying an unexpected file (400)', async () => {
    const auth = await authHeader(ctx.db, await createUser(ctx.db, { role: 'admin' }));
    const video = { name: 'video', filename: 'cours.mp4', content: Buffer.alloc(8 * 1024 * 1024), contentType: 'video/mp4' };
    const { refused, next } = await refusedThenNext('/api/courses', auth, multipart(courseFields(), [video]));
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toEqual({ error_code: 'invalid_request', message: 'Le fichier «\u00a0video\u00a0» n\'est pas attendu.' });
    expect(refused.headers.connection).toBe('close');
    expect(next.status).toBe(200);
  });

  it('answers the next request after a CV sent under another field name (422)', async () => {
    const auth = await authHeader(ctx.db, await createUser(ctx.db, { role: 'formateur' }));
    const form = multipart({}, [{ name: 'document', filename: 'cv.pdf', content: Buffer.concat([pdfDocument(), Buffer.alloc(8 * 1024 * 1024)]), contentType: 'application/pdf' }]);
    const { refused, next } = await refusedThenNext('/api/upload-cv', auth, form);
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.body)).toMatchObject({ error_code: 'validation_failed', message: cvMessages.missing });
    expect(next.status).toBe(200);
  });

  it('keeps the connection open after a refusal that came once the whole body had arrived', async () => {
    const auth = await authHeader(ctx.db, await createUser(ctx.db, { role: 'admin' }));
    const { refused, next } = await refusedThenNext('/api/courses', auth, multipart(courseFields({ title: '' }), [imagePart()]));
    expect(refused.status).toBe(422);
    expect(refused.headers.connection).toBe('keep-alive');
    expect(next.status).toBe(200);
  });
});

describe('time limits of a request', () => {
  const login = JSON.stringify({ email: 'personne@exemple.fr', password: 'Motdepasse1' });

  it('cuts a body trickled one byte at a time once the request time limit has passed (408)', async () => {
    const client = trickle(timedPort, jsonRequestHead('/api/login', 1000), 'x'.repeat(1000), 200);
    try {
      const answer = await within(client.closed, HANG_MS, 'le corps envoyé octet par octet');
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error_code: 'request_timeout', message: errorMessages.request_timeout });
    } finally {
      client.stop();
    }
  });

  it('cuts request headers trickled one byte at a time (408)', async () => {
    const client = trickle(timedPort, '', `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lent: ${'a'.repeat(200)}\r\n\r\n`, 100);
    try {
      expect(await within(client.closed, HANG_MS, 'les en-têtes envoyés octet par octet')).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      client.stop();
    }
  });

  it('answers a slow body that arrives within the time limit', async () => {
    // About a sixth of the limit: slow, but well in time.
    const client = trickle(timedPort, jsonRequestHead('/api/login', login.length), login, Math.floor(REQUEST_TIMEOUT_MS / 6 / login.length));
    try {
      const answer = await within(client.closed, HANG_MS, 'la connexion');
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain(errorMessages.invalid_credentials);
    } finally {
      client.stop();
    }
  });
});
