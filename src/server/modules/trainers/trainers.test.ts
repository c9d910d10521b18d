import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CV_MAX_BYTES } from '../../../shared/constants';
import { cvMessages } from '../../../shared/trainers';
import { meetings, users, type UserRow } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser } from '../../test/factories';
import { multipartBody, type Part } from '../../test/files';
import { readStoredFile, uploadsListing } from '../../test/uploads';

const { app, db, storage } = await createTestApp();

const fixtures = path.resolve('e2e/fixtures');
const fixture = (name: string) => fs.readFile(path.join(fixtures, name));

async function uploadAs(user: Pick<UserRow, 'id'> | null, parts: Part[]) {
  const body = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: '/api/upload-cv',
    headers: { ...body.headers, ...(user ? await authHeader(db, user) : {}) },
    payload: body.payload,
  });
}

const cvPart = (filename: string, data: Buffer, contentType?: string): Part => ({ name: 'cv', filename, data, contentType });

async function userRow(id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row!;
}

const trainer = () => createUser(db, { role: 'formateur' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /api/upload-cv', () => {
  it.each([
    ['cv-camille-durand.pdf', 'application/pdf', 'pdf'],
    ['cv-camille-durand.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ['cv-camille-durand.doc', 'application/msword', 'doc'],
  ])('stores a real %s and gives it back byte for byte', async (name, mime, ext) => {
    const user = await trainer();
    const original = await fixture(name);
    const res = await uploadAs(user, [cvPart(name, original)]);

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ cv: { name, size: original.length, uploaded_at: expect.any(String) } });
    const row = await userRow(user.id);
    expect(row.cvPath).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
    expect(row.cvOriginalName).toBe(name);
    expect(row.cvMimeType).toBe(mime);
    expect(row.cvSize).toBe(original.length);
    expect(row.cvUploadedAt?.toISOString()).toBe(body.cv.uploaded_at);
    expect(await readStoredFile(storage, row.cvPath!)).toEqual(original);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const user = await trainer();
    const pdf = Buffer.alloc(CV_MAX_BYTES, 0x20);
    (await fixture('cv-camille-durand.pdf')).copy(pdf);
    const res = await uploadAs(user, [cvPart('gros-cv.pdf', pdf)]);
    expect(res.statusCode).toBe(201);
    expect(res.json().cv.size).toBe(CV_MAX_BYTES);
  });

  it('refuses 10 MB + 1 byte with 413 and leaves no file behind', async () => {
    const user = await trainer();
    const before = await uploadsListing(storage);
    const pdf = Buffer.alloc(CV_MAX_BYTES + 1, 0x20);
    (await fixture('cv-camille-durand.pdf')).copy(pdf);
    const res = await uploadAs(user, [cvPart('trop-gros.pdf', pdf)]);

    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error_code: 'file_too_large', message: 'Le fichier dépasse la taille maximale de 10 Mo.' });
    expect(await uploadsListing(storage)).toEqual(before);
    expect((await userRow(user.id)).cvPath).toBeNull();
  });

  it.each([
    ['an executable (ELF) renamed .pdf', 'programme.pdf', () => fixture('programme.pdf')],
    ['a Windows executable (MZ) renamed .pdf', 'setup.pdf', async () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(256)])],
    ['a PNG image renamed .pdf', 'photo.pdf', () => fixture('photo.pdf')],
    ['a real PDF named .docx', 'cv.docx', () => fixture('cv-camille-durand.pdf')],
    ['a real DOCX named .doc', 'cv.doc', () => fixture('cv-camille-durand.docx')],
    ['a real PDF named .txt', 'cv.txt', () => fixture('cv-camille-durand.pdf')],
    ['a PDF without any extension', 'cv', () => fixture('cv-camille-durand.pdf')],
    ['plain text named .pdf', 'notes.pdf', async () => Buffer.from('Ceci n’est pas un PDF.')],
  ])('refuses %s with 415 and leaves no file behind', async (_label, filename, data) => {
    const user = await trainer();
    const before = await uploadsListing(storage);
    const res = await uploadAs(user, [cvPart(filename, await data(), 'application/pdf')]);

    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error_code: 'unsupported_file_type',
      message: cvMessages.unsupported,
    });
    expect(await uploadsListing(storage)).toEqual(before);
    expect((await userRow(user.id)).cvPath).toBeNull();
  });

  it('refuses an empty file with 422', async () => {
    const user = await trainer();
    const before = await uploadsListing(storage);
    const res = await uploadAs(user, [cvPart('vide.pdf', Buffer.alloc(0))]);

    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error_code: 'validation_failed', message: 'Le fichier est vide.', errors: { cv: ['Le fichier est vide.'] } });
    expect(await uploadsListing(storage)).toEqual(before);
  });

  it('asks for a file when the form has no cv part', async () => {
    const user = await trainer();
    const res = await uploadAs(user, [{ name: 'commentaire', data: 'bonjour' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error_code: 'validation_failed',
      message: 'Veuillez sélectionner un fichier',
      errors: { cv: ['Veuillez sélectionner un fichier'] },
    });
  });

  it('asks for a file when the file comes under another field name', async () => {
    const user = await trainer();
    const before = await uploadsListing(storage);
    const res = await uploadAs(user, [{ name: 'fichier', filename: 'cv.pdf', data: await fixture('cv-camille-durand.pdf') }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ cv: ['Veuillez sélectionner un fichier'] });
    expect(await uploadsListing(storage)).toEqual(before);
  });

  it('refuses a body that is not multipart', async () => {
    const user = await trainer();
    const res = await app.inject({ method: 'POST', url: '/api/upload-cv', headers: await authHeader(db, user), payload: { cv: 'cv.pdf' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error_code).toBe('invalid_request');
  });

  it.each(['membre', 'organisme', 'admin'] as const)('refuses an upload by a %s with 403', async (role) => {
    const user = await createUser(db, { role });
    const before = await uploadsListing(storage);
    const res = await uploadAs(user, [cvPart('cv.pdf', await fixture('cv-camille-durand.pdf'))]);
    expect(res.statusCode).toBe(403);
    expect(res.json().error_code).toBe('forbidden');
    expect(await uploadsListing(storage)).toEqual(before);
    expect((await userRow(user.id)).cvPath).toBeNull();
  });

  it('refuses an anonymous upload with 401', async () => {
    const res = await uploadAs(null, [cvPart('cv.pdf', await fixture('cv-camille-durand.pdf'))]);
    expect(res.statusCode).toBe(401);
    expect(res.json().error_code).toBe('invalid_token');
  });

  it('lets an approved trainer update their CV', async () => {
    const user = await createUser(db, { role: 'formateur', isValid: true });
    const res = await uploadAs(user, [cvPart('cv.pdf', await fixture('cv-camille-durand.pdf'))]);
    expect(res.statusCode).toBe(201);
    expect((await userRow(user.id)).isValid).toBe(true);
  });

  it('replaces the previous CV and deletes its file', async () => {
    const user = await trainer();
    await uploadAs(user, [cvPart('ancien.pdf', await fixture('cv-camille-durand.pdf'))]);
    const first = await userRow(user.id);
    expect(await readStoredFile(storage, first.cvPath!)).not.toBeNull();

    const docx = await fixture('cv-camille-durand.docx');
    const res = await uploadAs(user, [cvPart('nouveau.docx', docx)]);
    expect(res.statusCode).toBe(201);
    const second = await userRow(user.id);
    expect(second.cvPath).not.toBe(first.cvPath);
    expect(second.cvOriginalName).toBe('nouveau.docx');
    expect(await readStoredFile(storage, second.cvPath!)).toEqual(docx);
    expect(await readStoredFile(storage, first.cvPath!)).toBeNull();
  });

  it('keeps the previous CV when the new one is refused', async () => {
    const user = await trainer();
    const pdf = await fixture('cv-camille-durand.pdf');
    await uploadAs(user, [cvPart('cv.pdf', pdf)]);
    const before = await userRow(user.id);
    const res = await uploadAs(user, [cvPart('programme.pdf', await fixture('programme.pdf'))]);
    expect(res.statusCode).toBe(415);
    const after = await userRow(user.id);
    expect(after.cvPath).toBe(before.cvPath);
    expect(await readStoredFile(storage, after.cvPath!)).toEqual(pdf);
  });

  it('deletes the new file and keeps the old CV when the database update fails', async () => {
    const user = await trainer();
    await uploadAs(user, [cvPart('cv.pdf', await fixture('cv-camille-durand.pdf'))]);
    const before = await userRow(user.id);
    const folder = await uploadsListing(storage);

    vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('panne de la base'));
    const res = await uploadAs(user, [cvPart('nouveau.pdf', await fixture('cv-camille-durand.pdf'))]);

    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error_code: 'server_error', message: "Une erreur serveur s'est produite. Veuillez réessayer ultérieurement." });
    expect(await uploadsListing(storage)).toEqual(folder);
    expect((await userRow(user.id)).cvPath).toBe(before.cvPath);
  });

  it('leaves no file and no change when the connection dies halfway through the upload', async () => {
    const user = await trainer();
    const pdf = await fixture('cv-camille-durand.pdf');
    await uploadAs(user, [cvPart('cv.pdf', pdf)]);
    const before = await userRow(user.id);
    const folder = await uploadsListing(storage);

    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const boundary = '----EcoFormaCoupure';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/upload-cv HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${(await authHeader(db, user)).authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 2 * 1024 * 1024}\r\n\r\n${head}`,
    );
    socket.write(Buffer.concat([pdf, Buffer.alloc(512 * 1024, 0x20)]));
    // Wait until the server has started writing the temporary file, then cut the connection.
    await vi.waitFor(async () => expect((await uploadsListing(storage)).some((name) => name.startsWith('incoming/'))).toBe(true), { timeout: 5000 });
    socket.destroy();

    await vi.waitFor(async () => expect(await uploadsListing(storage)).toEqual(folder), { timeout: 5000 });
    expect((await userRow(user.id)).cvPath).toBe(before.cvPath);
  });

  it('keeps the original name without its path or control characters, accents included', async () => {
    const user = await trainer();
    const res = await uploadAs(user, [cvPart('../../etc/Mon CV été\u0007.pdf', await fixture('cv-camille-durand.pdf'))]);
    expect(res.statusCode).toBe(201);
    expect(res.json().cv.name).toBe('Mon CV été.pdf');
    expect((await userRow(user.id)).cvOriginalName).toBe('Mon CV été.pdf');
  });

  it('shortens a very long original name but keeps its extension', async () => {
    const user = await trainer();
    const res = await uploadAs(user, [cvPart(`${'é'.repeat(300)}.docx`, await fixture('cv-camille-durand.docx'))]);
    expect(res.statusCode).toBe(201);
    const name: string = res.json().cv.name;
    expect(Array.from(name)).toHaveLength(150);
    expect(name.endsWith('é.docx')).toBe(true);
  });

  it('treats a new CV after a refusal as a new application', async () => {
    const user = await createUser(db, { role: 'formateur', rejectedAt: new Date(), rejectionReason: 'Expérience insuffisante' });
    const res = await uploadAs(user, [cvPart('cv.pdf', await fixture('cv-camille-durand.pdf'))]);
    expect(res.statusCode).toBe(201);
    const row = await userRow(user.id);
    expect(row.rejectedAt).toBeNull();
    expect(row.rejectionReason).toBeNull();
  });
});

describe('GET /api/formateur/:id/status', () => {
  const statusOf = async (id: number, caller: Pick<UserRow, 'id'> | null) =>
    app.inject({ method: 'GET', url: `/api/formateur/${id}/status`, headers: caller ? await authHeader(db, caller) : {} });

  it('lets a trainer read their own status', async () => {
    const user = await trainer();
    const res = await statusOf(user.id, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isApproved: false, state: 'no_cv', rejectionReason: null, cv: null });
  });

  it('refuses another trainer with 403', async () => {
    const user = await trainer();
    const other = await trainer();
    const res = await statusOf(user.id, other);
    expect(res.statusCode).toBe(403);
    expect(res.json().error_code).toBe('forbidden');
  });

  it('refuses a member with 403, and the same for an unknown id (no probing)', async () => {
    const user = await trainer();
    const member = await createUser(db, { role: 'membre' });
    expect((await statusOf(user.id, member)).statusCode).toBe(403);
    expect((await statusOf(999_999, member)).statusCode).toBe(403);
  });

  it('refuses an anonymous caller with 401', async () => {
    const user = await trainer();
    expect((await statusOf(user.id, null)).statusCode).toBe(401);
  });

  it('lets an administrator read any trainer status', async () => {
    const user = await trainer();
    const admin = await createUser(db, { role: 'admin' });
    const res = await statusOf(user.id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('no_cv');
  });

  it('answers 404 to an administrator for an unknown id or an account that is not a trainer', async () => {
    const admin = await createUser(db, { role: 'admin' });
    const member = await createUser(db, { role: 'membre' });
    const unknown = await statusOf(999_999, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error_code: 'not_found', message: 'Formateur introuvable.' });
    expect((await statusOf(member.id, admin)).statusCode).toBe(404);
  });

  it('refuses an id that is not a number with 422', async () => {
    const user = await trainer();
    const res = await app.inject({ method: 'GET', url: '/api/formateur/abc/status', headers: await authHeader(db, user) });
    expect(res.statusCode).toBe(422);
    expect(res.json().error_code).toBe('validation_failed');
    const huge = await app.inject({ method: 'GET', url: '/api/formateur/99999999999/status', headers: await authHeader(db, user) });
    expect(huge.statusCode).toBe(422);
  });

  it('reports cv_received with the CV once one is uploaded', async () => {
    const user = await trainer();
    const pdf = await fixture('cv-camille-durand.pdf');
    await uploadAs(user, [cvPart('mon-cv.pdf', pdf)]);
    const res = await statusOf(user.id, user);
    expect(res.json()).toEqual({
      isApproved: false,
      state: 'cv_received',
      rejectionReason: null,
      cv: { name: 'mon-cv.pdf', size: pdf.length, uploaded_at: expect.any(String) },
    });
  });

  it('reports interview_scheduled with the latest meeting', async () => {
    const user = await createUser(db, { role: 'formateur', cvPath: 'abc.pdf', cvOriginalName: 'cv.pdf', cvSize: 10, cvUploadedAt: new Date() });
    // In five minutes: its room is open, so the trainer gets the address (meetings.test.ts covers the window).
    const date = new Date(Math.floor(Date.now() / 1000) * 1000 + 5 * 60_000);
    await db.insert(meetings).values({
      userId: user.id,
      roomName: `EcoForma-${user.id}-old`,
      url: 'https://meet.jit.si/ancienne',
      scheduledAt: new Date('2030-01-01T09:00:00Z'),
      createdAt: new Date(Date.now() - 60_000),
    });
    await db.insert(meetings).values({ userId: user.id, roomName: `EcoForma-${user.id}-new`, url: 'https://meet.jit.si/EcoForma-salle', scheduledAt: date });
    const res = await statusOf(user.id, user);
    expect(res.json()).toMatchObject({
      isApproved: false,
      state: 'interview_scheduled',
      meeting: { date: date.toISOString(), url: 'https://meet.jit.si/EcoForma-salle' },
    });
  });

  it('reports approved for an approved trainer', async () => {
    const user = await createUser(db, { role: 'formateur', isValid: true });
    const res = await statusOf(user.id, user);
    expect(res.json()).toMatchObject({ isApproved: true, state: 'approved', rejectionReason: null });
  });

  it('reports refused with the reason given', async () => {
    const user = await createUser(db, { role: 'formateur', rejectedAt: new Date(), rejectionReason: 'Expérience insuffisante en RSE' });
    const res = await statusOf(user.id, user);
    expect(res.json()).toMatchObject({ isApproved: false, state: 'refused', rejectionReason: 'Expérience insuffisante en RSE' });
  });

  it('reports refused without a reason when none was given', async () => {
    const user = await createUser(db, { role: 'formateur', rejectedAt: new Date() });
    const res = await statusOf(user.id, user);
    expect(res.json()).toMatchObject({ state: 'refused', rejectionReason: null });
  });
});
