import { beforeAll, describe, expect, it } from 'vitest';
import { INVALID_ID_MESSAGE } from '../../src/shared/ids';
import { createTestApp } from '../../src/server/test/app';
import { authHeader, createUser } from '../../src/server/test/factories';

const { app, db } = await createTestApp();

interface OpenApiOperation {
  summary?: string;
}
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** Every operation of the API as the OpenAPI document lists it, e.g. `GET /api/courses/{id}`. */
function operations(): { method: string; path: string; operation: OpenApiOperation }[] {
  const document = (app as unknown as { swagger(): OpenApiDocument }).swagger();
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => httpMethods.has(method))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
}

describe('OpenAPI document', () => {
  it('lists the API routes', () => {
    const listed = operations().map((o) => `${o.method} ${o.path}`);
    expect(listed).toContain('GET /api/courses/{id}');
    expect(listed).toContain('POST /api/upload-cv');
    expect(listed.length).toBeGreaterThanOrEqual(33);
  });

  it('gives every route a short summary', () => {
    const missing = operations()
      .filter(({ operation }) => !operation.summary?.trim())
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });
});

describe('malformed ids', () => {
  const malformed = ['abc', '0', '-1', '-0', '1.5', '1e3', '0x1F', '+1', '%201', '2147483648', '99999999999999999999', 'NaN', 'Infinity'];
  let headers: { authorization: string };
  let organisationHeaders: { authorization: string };
  let learnerHeaders: { authorization: string };

  beforeAll(async () => {
    // An administrator passes every route's guard but the ones kept for organisations and for
    // learners (decision 025): those get a caller of their role, so the answer is about the id alone.
    headers = await authHeader(db, await createUser(db, { role: 'admin' }));
    organisationHeaders = await authHeader(db, await createUser(db, { role: 'organisme' }));
    learnerHeaders = await authHeader(db, await createUser(db, { role: 'membre' }));
  });

  const callerFor = (path: string) => (path.startsWith('/api/organisation/') || path === '/api/quotes/{id}/accept' ? organisationHeaders : path.startsWith('/api/user/organisations/') || path.startsWith('/api/user/invitations/') ? learnerHeaders : headers);

  // An attestation's verification code, a signed media link and a signed unsubscribe link are not
  // ids: they answer 404, 403 and 400 when malformed or unknown (decisions 022, 017 and 024); nor is
  // the BPF's year, refused with its own message (decision 053).
  const withIds = () => operations().filter(({ path }) => /\{\w+\}/.test(path) && !path.includes('{code}') && !path.includes('{link}') && !path.includes('{year}'));

  it('finds the routes that take an id', () => {
    expect(withIds().length).toBeGreaterThanOrEqual(17);
  });

  it('answers 422 validation_failed with « Identifiant invalide. » on every route that takes an id', async () => {
    const answers: string[] = [];
    for (const { method, path } of withIds()) {
      for (const id of malformed) {
        const url = path.replace(/\{(\w+)\}/g, id);
        const param = /\{(\w+)\}/.exec(path)![1]!;
        const res = await app.inject({ method: method as 'GET', url, headers: callerFor(path) });
        const body = res.json() as { error_code?: string; errors?: Record<string, string[]> };
        const ok = res.statusCode === 422 && body.error_code === 'validation_failed' && body.errors?.[param]?.[0] === INVALID_ID_MESSAGE;
        if (!ok) answers.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('still answers 404 for a well-formed id that matches nothing', async () => {
    for (const url of ['/api/courses/999999', '/api/admin/users/999999', '/api/admin/meetings/999999']) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error_code).toBe('not_found');
    }
  });
});
