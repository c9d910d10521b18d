import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { inArray, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/server/config';
import { type Database } from '../../src/server/db/client';
import { openPglite } from '../../src/server/db/pglite';
import { openPostgres } from '../../src/server/db/postgres';
import { courses, sessions, users } from '../../src/server/db/schema';
import { verifyPassword } from '../../src/server/lib/passwords';
import { ORPHAN_GRACE_MS } from '../../src/server/lib/storage';
import { createDatabase, dropDatabase, POSTGRES_TEMPLATE_DB, testEngine } from '../../src/server/test/database';
import { freePort, ServerProcess } from './server-process';
import { errorMessages } from '../../src/shared/errors';
import { jsonRequestHead, trickle, within } from './slow-client';
import { courseFields } from '../../src/server/test/factories';
import { pngImage } from '../../src/server/test/files';

/**
 * The real server as a child process: stopped gracefully, then killed outright in the middle of
 * an upload and of a burst of signups. Runs on PGlite (the database lives in DATA_DIR and must
 * survive SIGKILL) and, in the server-postgres project, on a fresh PostgreSQL database.
 */
const pgServerUrl = testEngine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const engine = pgServerUrl ? 'PostgreSQL' : 'PGlite';

const ADMIN_EMAIL = 'admin@redemarrage.test';
const ADMIN_PASSWORD = 'AdminRedemarrage2026';
const PASSWORD = 'Motdepasse1';
const runId = randomBytes(3).toString('hex');
const SHUTDOWN_GRACE_MS = 2000;

let dataDir: string;
let uploadsDir: string;
let incomingRoot: string;
let server: ServerProcess;
let pgDbName: string | undefined;
let databaseUrl = '';

beforeAll(async () => {
  dataDir = path.resolve('.tmp', `restart-${runId}`);
  uploadsDir = path.join(dataDir, 'uploads');
  incomingRoot = path.join(dataDir, 'incoming');
  if (pgServerUrl) {
    pgDbName = `ecoforma_restart_${runId}`;
    databaseUrl = await createDatabase(pgServerUrl, pgDbName, POSTGRES_TEMPLATE_DB);
  }
  server = new ServerProcess(await freePort(), {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    // The burst of signups below all comes from 127.0.0.1.
    SIGNUP_LIMIT_PER_ADDRESS: '100000',
    SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
  });
  await server.start();
});

afterAll(async () => {
  if (server?.running) await server.kill();
  if (pgDbName) await dropDatabase(pgServerUrl!, pgDbName);
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

// ---- HTTP helpers against the child server ----------------------------------------------------

async function call(method: string, url: string, options: { token?: string; json?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  return fetch(`${server.url}${url}`, { method, headers, body, signal: AbortSignal.timeout(20_000) });
}

function signupBody(email: string, role: 'membre' | 'formateur' | 'organisme', firstname = 'Camille') {
  return { firstname, lastname: 'Durand', email, password: PASSWORD, gender: 'female', birthdate: '1990-05-17', phone_number: '', role };
}

async function signup(email: string, role: 'membre' | 'formateur' | 'organisme') {
  const res = await call('POST', '/api/signup', { json: signupBody(email, role) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { accessToken: string; user: { id: number } };
}

async function login(email: string, password = PASSWORD) {
  const res = await call('POST', '/api/login', { json: { email, password } });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function listUploads(): Promise<string[]> {
  try {
    return (await fs.readdir(uploadsDir)).sort();
  } catch {
    return [];
  }
}

/** Files being received, in every process's incoming folder, as `<folder>/<file>`. */
async function listIncoming(): Promise<string[]> {
  try {
    return (await fs.readdir(incomingRoot, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(incomingRoot, path.join(e.parentPath, e.name))).sort();
  } catch {
    return [];
  }
}

async function openDirectly(): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl, testConfig().dbTimeouts) : openPglite({ dataDir: path.join(dataDir, 'db') });
}

// ---- Shared between the steps, which run in order on the same data ----------------------------

const member = { email: `membre-${runId}@exemple.fr` };
const trainerEmail = `formatrice-${runId}@exemple.fr`;
const crashTrainerEmail = `coupure-${runId}@exemple.fr`;
const burstPrefix = `rafale-${runId}`;
let trainerId = 0;
let courseId = 0;
const cv = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300 * 1024), Buffer.from('\n%%EOF\n')]);
const image = pngImage(64, 48);
const acknowledgedSignups: string[] = [];
const burstEmails: string[] = [];
let restartedAt: Date;

describe(`restart and crash safety of the real server (${engine})`, () => {
  it.skipIf(Boolean(pgServerUrl))('refuses a second process on the same PGlite folder: it exits at once, naming the folder and the first process (issue 25)', async () => {
    const second = new ServerProcess(await freePort(), { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
    await expect(second.start(20_000)).rejects.toThrow(/s'est arrêté au démarrage/);
    expect(second.output).toContain(`Le dossier de données «\u00a0${dataDir}\u00a0» est déjà utilisé par le processus`);
    expect(second.running).toBe(false);
    // The first one still serves, and still holds the folder.
    expect((await call('GET', '/api/health')).status).toBe(200);
  });

  it('keeps every committed write across a graceful restart (SIGTERM)', async () => {
    const { accessToken: memberToken } = await signup(member.email, 'membre');
    const update = await call('PUT', '/api/user/profile', {
      token: memberToken,
      json: {
        firstName: 'Élodie',
        lastName: 'Rivière',
        phoneNumber: '06 12 34 56 78',
        email: member.email,
        birthDate: '1988-02-29',
        gender: 'female',
      },
    });
    expect(update.status, await update.clone().text()).toBe(200);

    const trainer = await signup(trainerEmail, 'formateur');
    trainerId = trainer.user.id;
    const cvForm = new FormData();
    cvForm.append('cv', new Blob([new Uint8Array(cv)], { type: 'application/pdf' }), 'CV Camille Durand.pdf');
    const upload = await call('POST', '/api/upload-cv', { token: trainer.accessToken, form: cvForm });
    expect(upload.status, await upload.clone().text()).toBe(201);

    const adminToken = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const courseForm = new FormData();
    for (const [name, value] of Object.entries(courseFields({ title: 'Énergie citoyenne après redémarrage' }))) courseForm.append(name, value);
    courseForm.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'couverture.png');
    const created = await call('POST', '/api/courses', { token: adminToken, form: courseForm });
    expect(created.status, await created.clone().text()).toBe(201);
    courseId = ((await created.json()) as { id: number }).id;

    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    await server.start();

    // The member signs in again and finds their profile as they left it.
    const newToken = await login(member.email);
    const profile = await call('GET', '/api/user/profile', { token: newToken });
    expect(await profile.json()).toMatchObject({
      firstname: 'Élodie',
      lastname: 'Rivière',
      email: member.email,
      phone_number: '06 12 34 56 78',
      birthdate: '1988-02-29',
      gender: 'female',
    });
    // Sessions are rows too: the token from before the restart still works.
    expect((await call('GET', '/api/user/profile', { token: memberToken })).status).toBe(200);

    const admin = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const download = await call('GET', `/api/admin/users/${trainerId}/cv`, { token: admin });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(cv)).toBe(true);

    // A new course is a draft until reviewed: the administrator who wrote it reads it.
    const course = await call('GET', `/api/courses/${courseId}`, { token: admin });
    expect(course.status).toBe(200);
    expect(await course.json()).toMatchObject({ id: courseId, title: 'Énergie citoyenne après redémarrage', price: 79 });
    const served = await call('GET', `/api/courses/${courseId}/image`, { token: admin });
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  });

  it('killed (SIGKILL) in the middle of a CV upload and a burst of signups: after the next start, no half-written row, no orphan file, every account whole', async () => {
    const { accessToken, user } = await signup(crashTrainerEmail, 'formateur');
    const before = await listUploads();

    // A 6 MB CV of which only the first half arrives, slowly, before the process dies.
    const boundary = `----ecoforma${randomBytes(8).toString('hex')}`;
    const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(6 * 1024 * 1024)]);
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const request = http.request(`${server.url}/api/upload-cv`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + file.length + tail.length,
      },
    });
    const uploadOutcome = new Promise<string>((resolve) => {
      request.on('response', (res) => resolve(`réponse ${res.statusCode}`));
      request.on('error', (error) => resolve(`erreur ${(error as NodeJS.ErrnoException).code ?? error.message}`));
    });
    request.write(head);
    const half = file.subarray(0, file.length / 2);
    for (let offset = 0; offset < half.length; offset += 256 * 1024) {
      request.write(half.subarray(offset, offset + 256 * 1024));
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    // Wait until the server has streamed part of it into its temporary file (in its own incoming folder).
    let incoming: string | undefined;
    for (let i = 0; i < 100 && !incoming; i++) {
      for (const name of await listIncoming()) {
        if ((await fs.stat(path.join(incomingRoot, name))).size > 0) incoming = name;
      }
      if (!incoming) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(incoming, 'le fichier temporaire de l’envoi en cours').toBeDefined();

    // Meanwhile, thirty people sign up at once.
    const roles = ['membre', 'formateur', 'organisme'] as const;
    const attempts = Array.from({ length: 30 }, (_, i) => {
      const email = `${burstPrefix}-${i}@exemple.fr`;
      burstEmails.push(email);
      return call('POST', '/api/signup', { json: signupBody(email, roles[i % 3]!, `Prénom${i}`) }).then(
        (res) => {
          if (res.status === 201) acknowledgedSignups.push(email);
          return res.status;
        },
        () => 'coupé' as const,
      );
    });
    // Kill once a few accounts are committed and the rest are still on their way.
    for (let i = 0; i < 1000 && acknowledgedSignups.length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await server.kill()).toEqual({ code: null, signal: 'SIGKILL' });
    const outcomes = await Promise.all(attempts);
    expect(acknowledgedSignups.length).toBeGreaterThan(0);
    expect(outcomes).toContain('coupé');
    expect(await uploadOutcome).toMatch(/^erreur /);

    // The crash did leave its temporary file behind; the next start must remove it.
    expect(await listIncoming()).toContain(incoming);
    // A stored file no row references: what a crash between the rename and the commit leaves,
    // old enough that no upload in progress elsewhere can still be about to commit it.
    const strayStored = `${randomBytes(16).toString('hex')}.pdf`;
    await fs.writeFile(path.join(uploadsDir, strayStored), '%PDF-1.4\n');
    const longAgo = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    await fs.utimes(path.join(uploadsDir, strayStored), longAgo, longAgo);

    restartedAt = new Date();
    await server.start();
    expect(await listUploads()).toEqual(before);
    expect(await listIncoming()).toEqual([]);

    // The trainer's row was never touched: no CV, and they can still upload one.
    const status = await call('GET', `/api/formateur/${user.id}/status`, { token: accessToken });
    expect(await status.json()).toMatchObject({ state: 'no_cv', cv: null, isApproved: false });
    const form = new FormData();
    form.append('cv', new Blob([new Uint8Array(cv)], { type: 'application/pdf' }), 'cv.pdf');
    expect((await call('POST', '/api/upload-cv', { token: accessToken, form })).status).toBe(201);

    // Which burst accounts exist, as an administrator sees them.
    const admin = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const list = await call('GET', `/api/admin/dashboard?q=${burstPrefix}&pageSize=100`, { token: admin });
    expect(list.status).toBe(200);
    const present = ((await list.json()) as { users: Array<{ email: string }> }).users.map((u) => u.email).sort();
    // A signup answered 201 was committed: it must have survived the kill.
    for (const email of acknowledgedSignups) expect(present).toContain(email);
    for (const email of present) await login(email);
  });

  it('after a graceful stop, every row is complete and the uploads folder holds exactly the referenced files', async () => {
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const database = await openDirectly();
    try {
      const { db } = database;
      const burstRows = await db.select().from(users).where(like(users.email, `${burstPrefix}-%`));
      for (const row of burstRows) {
        expect(row.email).toMatch(new RegExp(`^${burstPrefix}-\\d+@exemple\\.fr$`));
        expect(row.firstname).toMatch(/^Prénom\d+$/);
        expect(row).toMatchObject({ lastname: 'Durand', gender: 'female', birthdate: '1990-05-17', isValid: row.role !== 'formateur' });
        expect(['membre', 'formateur', 'organisme']).toContain(row.role);
        expect(row.searchText).toContain(row.email);
        expect(await verifyPassword(row.passwordHash, PASSWORD)).toBe(true);
      }
      // Account and first session are written in one transaction: no account without its session.
      if (burstRows.length > 0) {
        const signupSessions = await db
          .select({ userId: sessions.userId, createdAt: sessions.createdAt })
          .from(sessions)
          .where(inArray(sessions.userId, burstRows.map((r) => r.id)));
        for (const row of burstRows) {
          expect(signupSessions.some((s) => s.userId === row.id && s.createdAt < restartedAt)).toBe(true);
        }
      }

      const referenced = new Set<string>();
      for (const row of await db.select({ cv: users.cvPath }).from(users).where(isNotNull(users.cvPath))) referenced.add(row.cv!);
      for (const row of await db.select({ image: courses.imagePath, attachment: courses.attachmentPath }).from(courses)) {
        if (row.image) referenced.add(row.image);
        if (row.attachment) referenced.add(row.attachment);
      }
      // Two CVs (the first trainer's, and the one uploaded after the crash) and one course image.
      expect(referenced.size).toBe(3);
      expect(await listUploads()).toEqual([...referenced].sort());
    } finally {
      await database.close();
    }
  });

  it('stops within the grace period on SIGTERM while a client trickles a body one byte at a time', async () => {
    if (!server.running) await server.start();
    // The request time limit (10 minutes by default) is far away: only the grace period can end it.
    const client = trickle(server.port, jsonRequestHead('/api/login', 1000), 'x'.repeat(1000), 200);
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await within(server.stop('SIGTERM'), SHUTDOWN_GRACE_MS + 10_000, 'l’arrêt du serveur')).toEqual({ code: 0, signal: null });
      expect(server.output).toContain(`délai de grâce de ${SHUTDOWN_GRACE_MS} ms écoulé`);
      await within(client.closed, 5000, 'la connexion du client lent');
    } finally {
      client.stop();
    }
  });

  it('answers an upload still arriving after the grace period 503 shutting_down and removes its partial file at once (issue 25)', async () => {
    if (!server.running) await server.start();
    const accessToken = await login(trainerEmail);
    const boundary = `----ecoforma${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
    const request = http.request(`${server.url}/api/upload-cv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + 8 * 1024 * 1024 },
    });
    const answer = new Promise<{ status: number; body: string } | string>((resolve) => {
      request.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      request.on('error', (error) => resolve(`erreur ${(error as NodeJS.ErrnoException).code ?? error.message}`));
    });
    request.write(head);
    // 64 KB every 100 ms: 8 MB would take 13 s, far beyond the grace period.
    const sending = setInterval(() => request.write(randomBytes(64 * 1024)), 100);
    try {
      let partial: string | undefined;
      for (let i = 0; i < 100 && !partial; i++) {
        for (const name of await listIncoming()) if ((await fs.stat(path.join(incomingRoot, name))).size > 0) partial = name;
        if (!partial) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(partial, 'le fichier temporaire de l’envoi en cours').toBeDefined();

      const stopped = server.stop('SIGTERM');
      expect(await within(answer, SHUTDOWN_GRACE_MS + 5000, 'la réponse à l’envoi interrompu')).toEqual({
        status: 503,
        body: JSON.stringify({ error_code: 'shutting_down', message: errorMessages.shutting_down }),
      });
      expect(await within(stopped, 15_000, 'l’arrêt du serveur')).toEqual({ code: 0, signal: null });
      // Removed by the stop itself, not left for the next start's sweep.
      expect(await listIncoming()).toEqual([]);
    } finally {
      clearInterval(sending);
      request.destroy();
    }
  });
});
