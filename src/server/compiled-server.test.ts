import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { dropStartDatabases, onPostgres, START_TIMEOUT_MS, startCompiled } from './test/compiled-server';

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
  it('loads pdfkit, qrcode, nodemailer and file-type on first use, not at start-up', () => {
    const code = fs
      .readdirSync(outdir)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => fs.readFileSync(path.join(outdir, file), 'utf8'))
      .join('\n');
    expect(code).toContain('from "fastify"');
    for (const lazy of ['pdfkit', 'qrcode', 'nodemailer', 'file-type']) {
      expect(code).not.toMatch(new RegExp(`^import [^;]*from "${lazy}";`, 'm'));
      expect(code).toContain(`import("${lazy}")`);
    }
    expect(fs.existsSync(path.join(outdir, 'migrations', 'meta', '_journal.json'))).toBe(true);
  });

  it(
    'migrates an empty database, answers, and stops gracefully on SIGTERM',
    async () => {
      const server = await startCompiled(outdir, );
      const res = await fetch(`http://127.0.0.1:${server.port}/api/courses?q=formations`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ items: [], total: 0 });
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain(`base ${onPostgres ? 'postgres' : 'pglite'}`);
    },
    START_TIMEOUT_MS + 30_000,
  );
});
