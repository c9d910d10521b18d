import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { LessonContent } from '../src/shared/learning';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/pglite';
import { seedReferenceData } from '../src/server/db/seed';
import { createSession } from '../src/server/lib/sessions';
import { createUser, insertCourse, insertSection } from '../src/server/test/factories';
import { multipartBoundary, partHead, pdfDocument, webmVideo } from '../src/server/test/files';
import { measureLatency, round } from './lib';

const MB = 1024 * 1024;
const VIDEO_BYTES = 500 * MB;
const CHUNK = 64 * 1024;

export interface MediaBenchResult {
  /** Resident memory rise while a 500 MB video is uploaded, and the same server's rise while idle as long. */
  uploadRssIncreaseMb: number;
  idleRssIncreaseMb: number;
  uploadSeconds: number;
  /** p95 of a seek (a Range request in the middle of the 500 MB file, until its first bytes), and of a 1 KB file in full. */
  seekP95Ms: number;
  smallFileP95Ms: number;
}

/** Multipart fields then the video, streamed in 64 KB views of one buffer: the client holds no copy of the file. */
function streamVideoLesson(port: number, token: string, sectionId: number): Promise<{ status: number; body: string }> {
  const boundary = multipartBoundary();
  const field = (name: string, value: string) => Buffer.concat([partHead(boundary, { name }), Buffer.from(`${value}\r\n`)]);
  const head = Buffer.concat([
    field('title', 'Vidéo de mesure'),
    field('type', 'video'),
    field('duration_minutes', '45'),
    partHead(boundary, { name: 'file', filename: 'mesure.webm', contentType: 'video/webm' }),
  ]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const start = webmVideo(CHUNK);
  const filler = Buffer.alloc(CHUNK, 0x42);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/sections/${sectionId}/lessons/media`,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': head.length + VIDEO_BYTES + tail.length },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    const send = async () => {
      const write = (chunk: Buffer) => (request.write(chunk) ? Promise.resolve() : new Promise<void>((r) => request.once('drain', () => r())));
      await write(head);
      for (let offset = 0; offset < VIDEO_BYTES; offset += CHUNK) await write(offset === 0 ? start : filler);
      request.end(tail);
    };
    send().catch(reject);
  });
}

/** Resident memory sampled every 20 ms while `work` runs: the rise from its start to its peak. */
async function rssRise(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().rss) - before;
}

/** With a range: time until the answer's status and first bytes arrive (what a player waits for after a seek), the rest dropped; without: the whole answer. */
function firstBytes(agent: http.Agent, port: number, url: string, range?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent, headers: range ? { Range: range } : {} }, (response) => {
      const expected = range ? 206 : 200;
      if (response.statusCode !== expected) reject(new Error(`${url} ${range ?? ''}: statut ${response.statusCode}`));
      if (!range) {
        // The small file is read whole.
        response.resume();
        response.on('end', () => resolve());
        return;
      }
      response.once('data', () => {
        // A player that seeks again drops the rest of the answer the same way.
        request.destroy();
        resolve();
      });
    });
    request.on('error', (error) => {
      if ((error as { code?: string }).code !== 'ECONNRESET') reject(error);
    });
  });
}

/**
 * Issue 12's media budgets, over real HTTP on PGlite: a 500 MB video upload must raise the
 * server's resident memory by less than 50 MB (it streams to storage), against the same server
 * left idle for as long; a seek (Range request in the middle of that file) must answer 206 within
 * 100 ms at p95, against a 1 KB file served whole by the same route. Server and client share
 * this process, so the memory figure also counts the client (conservative).
 */
export async function benchMedia(): Promise<MediaBenchResult> {
  const dataDir = path.resolve('.tmp', `bench-media-${randomBytes(6).toString('hex')}`);
  const config = testConfig({ dataDir, uploadsDir: path.join(dataDir, 'uploads'), webDistDir: path.join(dataDir, 'no-web') });
  const database = await openPglite();
  await database.migrate();
  await seedReferenceData(database.db);
  const app = await buildApp(config, database.db);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const author = await createUser(database.db, { role: 'formateur', isValid: true, email: 'banc.media@exemple.fr' });
    const token = await createSession(database.db, author.id);
    const course = await insertCourse(database.db, author.id);
    const section = await insertSection(database.db, course.id);

    // A small PDF lesson first: it warms the upload path up and is the seek's baseline.
    const boundary = multipartBoundary();
    const small = await app.inject({
      method: 'POST',
      url: `/api/sections/${section.id}/lessons/media`,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        ...[['title', 'Fiche'], ['type', 'pdf'], ['duration_minutes', '5']].map(([name, value]) => Buffer.concat([partHead(boundary, { name: name! }), Buffer.from(`${value}\r\n`)])),
        partHead(boundary, { name: 'file', filename: 'fiche.pdf', contentType: 'application/pdf' }),
        Buffer.concat([pdfDocument(), Buffer.alloc(1024 - pdfDocument().length, 0x20)]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    if (small.statusCode !== 201) throw new Error(`leçon PDF : statut ${small.statusCode} ${small.body}`);

    let uploadMs = 0;
    let created: { status: number; body: string } = { status: 0, body: '' };
    const uploadRise = await rssRise(async () => {
      const started = Date.now();
      created = await streamVideoLesson(port, token, section.id);
      uploadMs = Date.now() - started;
    });
    if (created.status !== 201) throw new Error(`envoi de la vidéo : statut ${created.status} ${created.body}`);
    // The baseline: the same server, idle for as long as the upload took.
    const idleRise = await rssRise(() => new Promise((resolve) => setTimeout(resolve, uploadMs)));

    const urlOf = async (id: number) => {
      const res = await app.inject({ method: 'GET', url: `/api/lessons/${id}`, headers: { authorization: `Bearer ${token}` } });
      return (res.json() as LessonContent).media!.url;
    };
    const videoUrl = await urlOf((JSON.parse(created.body) as { id: number }).id);
    const pdfUrl = await urlOf((small.json() as { id: number }).id);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const seek = await measureLatency(200, async (i) => {
      // Spread over the middle of the file, as a learner dragging the progress bar would.
      const offset = Math.floor(VIDEO_BYTES * (0.25 + ((i * 0.37) % 0.5)));
      await firstBytes(agent, port, videoUrl, `bytes=${offset}-`);
    });
    const whole = await measureLatency(200, async () => firstBytes(agent, port, pdfUrl));
    agent.destroy();

    return {
      uploadRssIncreaseMb: round(uploadRise / MB, 1),
      idleRssIncreaseMb: round(idleRise / MB, 1),
      uploadSeconds: round(uploadMs / 1000, 1),
      seekP95Ms: seek.p95Ms,
      smallFileP95Ms: whole.p95Ms,
    };
  } finally {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
