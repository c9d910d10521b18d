import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CV_MAX_BYTES } from '../src/shared/constants';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/pglite';
import { createSession } from '../src/server/lib/sessions';
import { createUser } from '../src/server/test/factories';
import { multipartBoundary, partHead } from '../src/server/test/files';

const MB = 1024 * 1024;
const UPLOADS = 10;
const CHUNK = 64 * 1024;

/** Sends one multipart CV upload, streaming `file` in slices (views on the same buffer, no copies). */
function streamUpload(port: number, token: string, file: Buffer): Promise<number> {
  const boundary = multipartBoundary();
  const head = partHead(boundary, { name: 'cv', filename: 'cv-bench.pdf', contentType: 'application/pdf' });
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/upload-cv',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + file.length + tail.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    const send = async () => {
      const write = (chunk: Buffer) =>
        request.write(chunk) ? Promise.resolve() : new Promise<void>((r) => request.once('drain', () => r()));
      await write(head);
      for (let offset = 0; offset < file.length; offset += CHUNK) await write(file.subarray(offset, offset + CHUNK));
      request.end(tail);
    };
    send().catch(reject);
  });
}

/**
 * Ten trainers' 10 MB CVs arriving at once over real HTTP: the server's resident memory must
 * rise by less than 50 MB, which holds only if uploads stream to disk instead of being buffered.
 * Server and client share this process, so the figure also counts the client (conservative).
 */
export async function benchConcurrentUploads(): Promise<{ rssIncreaseMb: number; uploads: number; sizeMb: number }> {
  const dataDir = path.resolve('.tmp', `bench-uploads-${randomBytes(6).toString('hex')}`);
  const config = testConfig({ dataDir, uploadsDir: path.join(dataDir, 'uploads'), webDistDir: path.join(dataDir, 'no-web') });
  const database = await openPglite();
  await database.migrate();
  const app = await buildApp(config, database.db);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    const tokens: string[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const user = await createUser(database.db, { role: 'formateur', firstname: 'Bench', lastname: `Formateur ${i}`, email: `bench-formateur-${i}@exemple.fr` });
      tokens.push(await createSession(database.db, user.id));
    }

    // One real 10 MB PDF (a valid PDF padded with blanks), shared by every upload.
    const file = Buffer.alloc(CV_MAX_BYTES, 0x20);
    Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1').copy(file);

    // A first upload loads the code paths the measured run uses, so they are not counted.
    const warmUp = await streamUpload(port, tokens[0]!, file);
    if (warmUp !== 201) throw new Error(`échauffement : statut ${warmUp}`);

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    let statuses: number[];
    try {
      statuses = await Promise.all(tokens.map((token) => streamUpload(port, token, file)));
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const failed = statuses.filter((s) => s !== 201);
    if (failed.length > 0) throw new Error(`envois refusés : ${failed.join(', ')}`);

    return { rssIncreaseMb: Math.round(((peak - before) / MB) * 10) / 10, uploads: UPLOADS, sizeMb: CV_MAX_BYTES / MB };
  } finally {
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
