import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../src/server/test/app';
import { authHeader, createUser } from '../../src/server/test/factories';

/**
 * A refused upload (401, 403) is answered before the end of its body. The answer must reach the
 * client, which is still sending, instead of a connection reset ("fetch failed", EPIPE): the
 * server closes with a lingering close (plugins/lingering-close.ts). The client runs in its own
 * process, as a browser would: sharing the server's event loop, it never saw the reset.
 */
const ctx = await createTestApp();
let port = 0;
beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});

/** Sends `count` uploads of `bytes` with fetch, one after the other; prints the statuses and the failures. */
const client = `
const [url, bytes, count, authorization] = process.argv.slice(1);
const form = new FormData();
form.append('cv', new Blob([new Uint8Array(Number(bytes))], { type: 'application/pdf' }), 'cv.pdf');
const statuses = {};
let failures = 0;
for (let i = 0; i < Number(count); i++) {
  try {
    const res = await fetch(url, { method: 'POST', body: form, headers: authorization ? { authorization } : {} });
    const body = await res.json();
    const key = res.status + ' ' + body.error_code;
    statuses[key] = (statuses[key] ?? 0) + 1;
  } catch {
    failures++;
  }
}
console.log(JSON.stringify({ statuses, failures }));
`;

async function refusedUploads(bytes: number, count: number, authorization = '') {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', client, `http://127.0.0.1:${port}/api/upload-cv`, String(bytes), String(count), authorization]);
  return JSON.parse(stdout) as { statuses: Record<string, number>; failures: number };
}

describe('uploads refused before the end of their body', () => {
  it('answers 100 small refused uploads (401 and 403) with their JSON, no client-side error', async () => {
    const { authorization } = await authHeader(ctx.db, await createUser(ctx.db, { role: 'membre' }));
    expect(await refusedUploads(1024, 50)).toEqual({ statuses: { '401 invalid_token': 50 }, failures: 0 });
    expect(await refusedUploads(64 * 1024, 50, authorization)).toEqual({ statuses: { '403 forbidden': 50 }, failures: 0 });
  }, 60_000);

  it('answers 100 refused uploads of 5 MB with their JSON, no client-side error', async () => {
    const { authorization } = await authHeader(ctx.db, await createUser(ctx.db, { role: 'membre' }));
    expect(await refusedUploads(5 * 1024 * 1024, 50)).toEqual({ statuses: { '401 invalid_token': 50 }, failures: 0 });
    expect(await refusedUploads(5 * 1024 * 1024, 50, authorization)).toEqual({ statuses: { '403 forbidden': 50 }, failures: 0 });
  }, 120_000);
});
