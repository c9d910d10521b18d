import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase, POSTGRES_TEMPLATE_DB, testEngine } from '../../src/server/test/database';
import { courseFields } from '../../src/server/test/factories';
import { pdfDocument, pngImage } from '../../src/server/test/files';
import { s3Environment, startS3Server, type S3TestServer } from '../../src/server/test/storage';
import { freePort, ServerProcess } from './server-process';

/**
 * Two real API processes, each with its own DATA_DIR, on one PostgreSQL database and one S3
 * bucket (s3rver in this process): a file sent through one is served by the other. Several API
 * processes share state only through the database and the storage; PGlite cannot be shared, so
 * this runs in the PostgreSQL project.
 */
const pgServerUrl = testEngine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const runId = randomBytes(3).toString('hex');
const ADMIN_EMAIL = 'admin@stockage-partage.test';
const ADMIN_PASSWORD = 'AdminStockage2026';

let s3: S3TestServer | undefined;
let pgDbName: string | undefined;
const rootDir = path.resolve('.tmp', `shared-storage-${runId}`);
const servers: ServerProcess[] = [];

beforeAll(async () => {
  if (!pgServerUrl) return;
  s3 = await startS3Server(path.join(rootDir, 's3rver'));
  pgDbName = `ecoforma_shared_${runId}`;
  const databaseUrl = await createDatabase(pgServerUrl, pgDbName, POSTGRES_TEMPLATE_DB);
  for (const name of ['a', 'b']) {
    servers.push(
      new ServerProcess(await freePort(), {
        DATA_DIR: path.join(rootDir, name),
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'true',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        ...s3Environment(s3.settings),
      }),
    );
  }
  // Started together: one seeds the demo catalogue, and neither's start-up sweep touches the other's files.
  await Promise.all(servers.map((server) => server.start()));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => (server.running ? server.stop() : null)));
  await s3?.close();
  if (pgDbName) await dropDatabase(pgServerUrl!, pgDbName);
  await fs.rm(rootDir, { recursive: true, force: true });
});

async function call(server: ServerProcess, method: string, url: string, options: { token?: string; json?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else body = options.form;
  return fetch(`${server.url}${url}`, { method, headers, body, signal: AbortSignal.timeout(20_000) });
}

async function bytes(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

describe.skipIf(!pgServerUrl)('two API processes on one PostgreSQL database and one S3 bucket', () => {
  it('serves through B the CV and the course image uploaded through A, and the demo images on both', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const signup = await call(a, 'POST', '/api/signup', {
      json: { firstname: 'Inès', lastname: 'Partage', email: `ines-${runId}@exemple.fr`, password: 'Motdepasse1', gender: 'female', birthdate: '1990-05-17', phone_number: '', role: 'formateur' },
    });
    expect(signup.status, await signup.clone().text()).toBe(201);
    const trainer = (await signup.json()) as { accessToken: string; user: { id: number } };

    const cv = pdfDocument(randomBytes(50_000).toString('hex'));
    const cvForm = new FormData();
    cvForm.append('cv', new Blob([new Uint8Array(cv)], { type: 'application/pdf' }), 'cv.pdf');
    expect((await call(a, 'POST', '/api/upload-cv', { token: trainer.accessToken, form: cvForm })).status).toBe(201);

    const login = await call(b, 'POST', '/api/login', { json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const admin = ((await login.json()) as { accessToken: string }).accessToken;
    const download = await call(b, 'GET', `/api/admin/users/${trainer.user.id}/cv`, { token: admin });
    expect(download.status).toBe(200);
    expect((await bytes(download)).equals(cv)).toBe(true);

    expect((await call(b, 'PUT', `/api/admin/users/${trainer.user.id}/status`, { token: admin, json: { is_valid: true } })).status).toBe(200);
    const image = pngImage(40, 30);
    const courseForm = new FormData();
    for (const [name, value] of Object.entries(courseFields({ title: `Cours partagé ${runId}` }))) courseForm.append(name, value);
    courseForm.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'couverture.png');
    const created = await call(a, 'POST', '/api/courses', { token: trainer.accessToken, form: courseForm });
    expect(created.status, await created.clone().text()).toBe(201);
    const course = (await created.json()) as { image: string };
    // A new course is a draft: its author reads its image, from the other server.
    const served = await call(b, 'GET', course.image, { token: trainer.accessToken });
    expect(served.status).toBe(200);
    expect((await bytes(served)).equals(image)).toBe(true);

    const catalogue = (await (await call(a, 'GET', '/api/courses?pageSize=50')).json()) as { items: Array<{ title: string; image: string | null }> };
    const demo = catalogue.items.filter((item) => item.title !== `Cours partagé ${runId}`);
    expect(demo.length).toBeGreaterThan(0);
    for (const item of demo) {
      for (const server of [a, b]) {
        const res = await call(server, 'GET', item.image!);
        expect(res.status, `${item.title} sur ${server.url}`).toBe(200);
        expect((await res.text()).startsWith('<svg')).toBe(true);
      }
    }
  });
});
