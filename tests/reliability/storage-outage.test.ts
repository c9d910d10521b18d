import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../src/server/test/app';
import { authHeader, courseFields, createUser, imagePart } from '../../src/server/test/factories';
import { multipart, pdfDocument } from '../../src/server/test/files';
import { failingWrites, type DiskFailure } from '../../src/server/test/storage';
import { uploadsListing } from '../../src/server/test/uploads';

/**
 * A full, read-only or refused disk answers 503 `storage_unavailable` in French, and /api/health
 * says so, instead of a generic 500 while the health check reports everything fine.
 */
let failure: DiskFailure | null = null;
const { app, db, storage } = await createTestApp({}, { driver: (inner) => failingWrites(inner, () => failure) });
const broken = await createTestApp({}, { driver: (inner) => failingWrites(inner, () => 'ENOSPC') });

const STORAGE_UNAVAILABLE = { error_code: 'storage_unavailable', message: 'Espace de stockage indisponible.' };

async function uploadCv(auth: Record<string, string>) {
  const body = multipart({}, [{ name: 'cv', filename: 'cv.pdf', content: pdfDocument(), contentType: 'application/pdf' }]);
  return app.inject({ method: 'POST', url: '/api/upload-cv', headers: { ...body.headers, ...auth }, payload: body.payload });
}

async function health() {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: res.json() };
}

describe('storage that takes no writes', () => {
  it('reports a writable storage as ok in /api/health', async () => {
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'ok', storage: 'ok' } });
  });

  it('reports a storage that refuses writes as unavailable, with 503, from the first health check', async () => {
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded', database: 'ok', storage: 'unavailable' });
  });

  it.each(['ENOSPC', 'EROFS', 'EACCES'] as const)('answers a CV upload on a %s disk with 503 and the French message, leaving no file', async (code) => {
    const auth = await authHeader(db, await createUser(db, { role: 'formateur' }));
    const before = await uploadsListing(storage);
    failure = code;
    try {
      const res = await uploadCv(auth);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(STORAGE_UNAVAILABLE);
      // The failed write is reported at once, not after the next probe.
      expect(await health()).toMatchObject({ status: 503, body: { status: 'degraded', storage: 'unavailable' } });
    } finally {
      failure = null;
    }
    expect(await uploadsListing(storage)).toEqual(before);
  });

  it('accepts the same upload once the disk takes writes again, and health says ok again', async () => {
    const auth = await authHeader(db, await createUser(db, { role: 'formateur' }));
    failure = 'ENOSPC';
    expect((await uploadCv(auth)).statusCode).toBe(503);
    failure = null;
    expect((await uploadCv(auth)).statusCode).toBe(201);
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'ok', storage: 'ok' } });
  });

  it('answers a course creation on a full disk with 503 and writes no course', async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: true });
    const body = multipart(courseFields({ title: 'Cours sur disque plein' }), [imagePart()]);
    failure = 'ENOSPC';
    try {
      const res = await app.inject({ method: 'POST', url: '/api/courses', headers: { ...body.headers, ...(await authHeader(db, trainer)) }, payload: body.payload });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(STORAGE_UNAVAILABLE);
    } finally {
      failure = null;
    }
    const mine = await app.inject({ method: 'GET', url: '/api/formateur/courses', headers: await authHeader(db, trainer) });
    expect(mine.json().items).toEqual([]);
  });
});
