import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { eq } from 'drizzle-orm';
import { testConfig } from './config';
import { openPglite } from './db/pglite';
import { openPostgres } from './db/postgres';
import { sessions } from './db/schema';
import { createUser } from './test/factories';
import { dropStartDatabases, migratedData, onPostgres, START_TIMEOUT_MS, startCompiled } from './test/compiled-server';

/**
 * The server as `npm start` runs it: compiled by esbuild (decision 026), started as a process on
 * this run's engine, then stopped with SIGTERM. No timing is asserted (the bench measures it).
 */
const outdir = path.resolve('.tmp', `server-build-${randomBytes(4).toString('hex')}`);

beforeAll(async () => {
  await buildServer({ outdir });
}, 120_000);

afterAll(async () => {
  fs.rmSync(outdir, { recursive: true, force: true });
  await dropStartDatabases();
});

describe('the compiled server (decision 026)', () => {
  it('bundles the packages but argon2 and PGlite; loads pdfkit, qrcode, nodemailer, file-type and the unused engine’s driver on first use', () => {
    const code = fs
      .readdirSync(outdir)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => fs.readFileSync(path.join(outdir, file), 'utf8'))
      .join('\n');
    // One file read instead of hundreds at start-up; native code and WebAssembly stay in node_modules.
    expect(code).not.toContain('from "fastify"');
    // Swagger UI shares the bundle's @fastify/static and yaml; its pages are read from the installed package.
    expect(code).not.toContain('from "@fastify/swagger-ui"');
    expect(code).toMatch(/^import [^;]*from "@node-rs\/argon2";/m);
    expect(code).toMatch(/^import [^;]*from "@electric-sql\/pglite";/m);
    expect(code).toMatch(/import\("\.\/postgres-[A-Z0-9]+\.mjs"\)/);
    expect(code).toMatch(/import\("\.\/pglite-[A-Z0-9]+\.mjs"\)/);
    for (const lazy of ['pdfkit', 'qrcode', 'nodemailer', 'file-type']) {
      expect(code).not.toMatch(new RegExp(`^import [^;]*from "${lazy}";`, 'm'));
      expect(code).toContain(`import("${lazy}")`);
    }
    expect(fs.existsSync(path.join(outdir, 'migrations', 'meta', '_journal.json'))).toBe(true);
  });

  it(
    'migrates an empty database, answers, and stops gracefully on SIGTERM',
    async () => {
      const server = await startCompiled(outdir);
      const res = await fetch(`http://127.0.0.1:${server.port}/api/courses?q=formations`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ items: [], total: 0 });
      // The bundled Swagger UI finds its page and scripts outside the bundle.
      const docs = await fetch(`http://127.0.0.1:${server.port}/api/docs/`);
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain('swagger-ui');
      // Read to the end: a response left unread holds its connection, and the stop below would wait
      // out the whole grace period (10 s) for it.
      const bundle = await fetch(`http://127.0.0.1:${server.port}/api/docs/static/swagger-ui-bundle.js`);
      expect(bundle.status).toBe(200);
      expect(await bundle.text()).toContain('SwaggerUIBundle');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain(`base ${onPostgres ? 'postgres' : 'pglite'}`);
    },
    START_TIMEOUT_MS + 30_000,
  );

  it(
    'runs the housekeeping at start after it listens, and a stop waits for it: a session that expired while stopped is deleted',
    async () => {
      // A database a server has already migrated: what the stop left is the subject here, not the migration.
      const data = await migratedData(outdir);
      // Read and written while no server runs (PGlite allows one process at a time on its files).
      const openData = async () =>
        onPostgres ? openPostgres(data.DATABASE_URL, testConfig().dbTimeouts) : openPglite({ dataDir: path.join(data.DATA_DIR, 'db') });
      const expired = { tokenHash: 'e'.repeat(64), expiresAt: new Date(Date.now() - 60_000) };
      let database = await openData();
      const member = await createUser(database.db, { role: 'membre' });
      await database.db.insert(sessions).values({ userId: member.id, ...expired });
      await database.close();

      // Stopped as soon as it answers: the stop waits for the start's housekeeping before closing the database.
      // One process: with several, the cluster's primary runs all of it before forking (decision 029).
      const server = await startCompiled(outdir, { ...data, WEB_CONCURRENCY: '1' });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toContain('entretien au démarrage en échec');
      database = await openData();
      const left = await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, expired.tokenHash));
      await database.close();
      expect(left, server.output()).toEqual([]);
    },
    2 * START_TIMEOUT_MS,
  );

  // Several API processes on one port (decision 029): PostgreSQL only, PGlite refuses more than one.
  it.runIf(onPostgres)(
    'runs WEB_CONCURRENCY=2 API processes on one port, restarts one that dies, and stops them all on SIGTERM',
    async () => {
      const server = await startCompiled(outdir, { ...(await migratedData(outdir)), WEB_CONCURRENCY: '2' });
      const workers = () => [...new Set([...server.output().matchAll(/base postgres, processus (\d+)/g)].map((m) => Number(m[1])))];
      const waitFor = async (count: number) => {
        const deadline = Date.now() + START_TIMEOUT_MS;
        while (workers().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(workers(), server.output()).toHaveLength(count);
      };
      await waitFor(2);
      expect(server.output()).toContain('EcoForma\u00a0: 2 processus API');
      expect(workers()).not.toContain(server.child.pid);
      for (let i = 0; i < 4; i++) expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);

      // A worker that dies after its start is replaced (one that dies at once would not be: a crash loop).
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      process.kill(workers()[0]!, 'SIGKILL');
      await waitFor(3);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const alive = workers().filter((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
      expect(alive).toEqual([]);
    },
    2 * START_TIMEOUT_MS,
  );
});
