import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../shared/auth';
import { directoryMessages, PHOTO_MAX_BYTES, PHOTO_SIZE_PX, type DirectoryPage, type MyDirectoryEntry, type TrainerPublic } from '../../../shared/directory';
import { certificates, directoryEntries, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, certificateSnapshot, createUser, insertCourse, insertSatisfactionAnswer } from '../../test/factories';
import { multipartBody, pdfDocument, pngImage } from '../../test/files';
import { bothAcceptMessages } from './index';

const { app, db, storage } = await createTestApp();

/** A verification code as the certificates module draws them: base64url of 16 random bytes. */
const newCertificateCode = () => randomBytes(16).toString('base64url');

type Caller = { id: number } | null;
async function call(method: 'GET' | 'PUT' | 'DELETE', url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

let sequence = 0;
/** A member with a distinctive name, so each test finds its own people. */
async function person(overrides: Parameters<typeof createUser>[1] = {}) {
  sequence++;
  return createUser(db, { firstname: 'Ysaline', lastname: `Annuaire${sequence}x${Date.now().toString(36)}`, ...overrides });
}

async function attestation(userId: number, title = 'Compostage collectif', revoked = false) {
  const [row] = await db
    .insert(certificates)
    .values({
      userId,
      courseId: null,
      number: `EF-2026-${Math.random().toString(36).slice(2, 10)}`,
      code: newCertificateCode(),
      snapshot: certificateSnapshot({ course_title: title }),
      ...(revoked ? { revokedAt: new Date(), revokedReason: 'Erreur' } : {}),
    })
    .returning();
  return row!;
}

const fullEntry = {
  visible: true,
  fields: ['headline', 'region', 'domains', 'attestations', 'photo'],
  accepts_messages: true,
  headline: 'Animatrice compost',
  region: 'bretagne',
  domains: ['dechets', 'ecologie'],
};

async function search(viewer: Caller, query: string) {
  const res = await call('GET', `/api/directory?${query}`, viewer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DirectoryPage;
}

describe('consent', () => {
  it('lists nobody until they opt in, then only while visible', async () => {
    const viewer = await person();
    const member = await person();
    expect((await search(viewer, `q=${member.lastname}`)).items).toEqual([]);
    const mine = await call('GET', '/api/user/directory', member);
    expect(mine.json()).toMatchObject({ visible: false, fields: [], accepts_messages: false, has_photo: false, updated_at: null });

    const saved = await call('PUT', '/api/user/directory', member, fullEntry);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as MyDirectoryEntry).visible).toBe(true);
    expect((await search(viewer, `q=${member.lastname}`)).items.map((i) => i.id)).toEqual([member.id]);

    await call('PUT', '/api/user/directory', member, { ...fullEntry, visible: false });
    expect((await search(viewer, `q=${member.lastname}`)).total).toBe(0);
  });

  it('shows only the chosen fields, never an e-mail, and filters only on shown fields', async () => {
    const viewer = await person();
    const member = await person();
    await attestation(member.id, 'Zéro déchet au bureau');
    await attestation(member.id, 'Attestation révoquée', true);
    await call('PUT', '/api/user/directory', member, { ...fullEntry, fields: ['headline'] });
    const [card] = (await search(viewer, `q=${member.lastname}`)).items;
    expect(card).toEqual({ id: member.id, firstname: 'Ysaline', lastname: member.lastname, accepts_messages: true, headline: 'Animatrice compost', has_photo: false });
    // Region and domain are stored but not shown: filtering by them cannot reveal them.
    expect((await search(viewer, `q=${member.lastname}&region=bretagne`)).total).toBe(0);
    expect((await search(viewer, `q=${member.lastname}&domain=dechets`)).total).toBe(0);

    await call('PUT', '/api/user/directory', member, fullEntry);
    const page = await search(viewer, `q=${member.lastname}&region=bretagne&domain=dechets`);
    expect(page.items[0]).toMatchObject({ region: 'bretagne', domains: ['dechets', 'ecologie'] });
    expect(page.items[0]!.attestations).toEqual([expect.objectContaining({ course_title: 'Zéro déchet au bureau', verification_url: expect.stringMatching(/^\/certificats\//) })]);
    expect(JSON.stringify(page)).not.toContain(member.email);
    expect(JSON.stringify(page)).not.toContain('@');
  });

  it('finds people by name or shown headline, accents ignored', async () => {
    const viewer = await person();
    const member = await person({ firstname: 'Éléonore' });
    await call('PUT', '/api/user/directory', member, { ...fullEntry, headline: 'Écologue de terrain' });
    expect((await search(viewer, `q=eleonore ${member.lastname}`)).items.map((i) => i.id)).toEqual([member.id]);
    expect((await search(viewer, `q=${encodeURIComponent('écologue de terrain')}`)).items.map((i) => i.id)).toContain(member.id);
    // Nobody is found by their e-mail address.
    expect((await search(viewer, `q=${encodeURIComponent(member.email)}`)).total).toBe(0);
  });

  it('is for signed-in users only (401)', async () => {
    expect((await call('GET', '/api/directory', null)).statusCode).toBe(401);
  });

  it('refuses a headline with a line break or past its length, an unknown field or region, with 422 and nothing saved', async () => {
    const member = await person();
    const cases: [object, string, string][] = [
      [{ ...fullEntry, headline: 'Ligne\nDeux' }, 'headline', authMessages.nameControlCharacters],
      [{ ...fullEntry, headline: 'x'.repeat(121) }, 'headline', directoryMessages.headlineTooLong],
      [{ ...fullEntry, fields: ['email'] }, 'fields.0', directoryMessages.unknownField],
      [{ ...fullEntry, region: 'atlantide' }, 'region', directoryMessages.unknownRegion],
      [{ ...fullEntry, domains: ['astrologie'] }, 'domains.0', directoryMessages.unknownDomain],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('PUT', '/api/user/directory', member, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[field]?.[0] ?? res.json().errors[field.split('.')[0]!]?.[0]).toBe(message);
    }
    expect(await db.select().from(directoryEntries).where(eq(directoryEntries.userId, member.id))).toEqual([]);
  });

  it('tells the messaging module when both people accept messages in the directory', async () => {
    const a = await person();
    const b = await person();
    expect(await bothAcceptMessages(db, a.id, b.id)).toBe(false);
    await call('PUT', '/api/user/directory', a, fullEntry);
    expect(await bothAcceptMessages(db, a.id, b.id)).toBe(false);
    await call('PUT', '/api/user/directory', b, { ...fullEntry, accepts_messages: false });
    expect(await bothAcceptMessages(db, a.id, b.id)).toBe(false);
    await call('PUT', '/api/user/directory', b, fullEntry);
    expect(await bothAcceptMessages(db, a.id, b.id)).toBe(true);
    await call('PUT', '/api/user/directory', b, { ...fullEntry, visible: false });
    expect(await bothAcceptMessages(db, a.id, b.id)).toBe(false);
  });

  it('exports the entry, and the account’s deletion removes it', async () => {
    const member = await person();
    await call('PUT', '/api/user/directory', member, fullEntry);
    const exported = await call('GET', '/api/user/data', member);
    expect(exported.statusCode).toBe(200);
    await db.delete(users).where(eq(users.id, member.id));
    expect(await db.select().from(directoryEntries).where(eq(directoryEntries.userId, member.id))).toEqual([]);
  });
});

function photoUpload(data: Buffer, filename = 'photo.png', contentType = 'image/png') {
  return multipartBody([{ name: 'photo', filename, contentType, data }]);
}

async function putPhoto(user: Caller, data: Buffer, filename?: string, contentType?: string) {
  const { payload, headers } = photoUpload(data, filename, contentType);
  return app.inject({ method: 'PUT', url: '/api/user/photo', payload, headers: { ...headers, ...(user ? await authHeader(db, user) : {}) } });
}

async function pictureOf(userId: number) {
  const [row] = await db.select({ picture: users.profilPicture }).from(users).where(eq(users.id, userId));
  return row!.picture;
}

describe('profile photo', () => {
  it('takes a PNG and keeps it as a square JPEG through the storage', async () => {
    const member = await person();
    const res = await putPhoto(member, pngImage(40, 20));
    expect(res.statusCode, res.body).toBe(200);
    const stored = await pictureOf(member.id);
    expect(stored).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const own = await call('GET', `/api/users/${member.id}/photo`, member);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(own.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', PHOTO_SIZE_PX, PHOTO_SIZE_PX]);
  });

  it('takes a JPEG, replaces the previous photo and removes its file', async () => {
    const member = await person();
    await putPhoto(member, pngImage(8, 8));
    const first = await pictureOf(member.id);
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2e7d32' } }).jpeg().toBuffer();
    expect((await putPhoto(member, jpeg, 'portrait.jpg', 'image/jpeg')).statusCode).toBe(200);
    const second = await pictureOf(member.id);
    expect(second).not.toBe(first);
    expect(await storage.driver.open(first!)).toBeNull();
    const meta = await sharp((await call('GET', `/api/users/${member.id}/photo`, member)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([PHOTO_SIZE_PX, PHOTO_SIZE_PX]);
  });

  it('refuses a PDF renamed .png with 415 and keeps nothing', async () => {
    const member = await person();
    const res = await putPhoto(member, pdfDocument(), 'photo.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error_code: 'unsupported_file_type', message: directoryMessages.photoUnsupported });
    expect(await pictureOf(member.id)).toBeNull();
  });

  it('refuses a photo over 5 MB with 413', async () => {
    const member = await person();
    const big = Buffer.concat([pngImage(2, 2), Buffer.alloc(PHOTO_MAX_BYTES)]);
    const res = await putPhoto(member, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(directoryMessages.photoTooLarge);
    expect(await pictureOf(member.id)).toBeNull();
  });

  it('shows another person’s photo only where they chose to show it (404 otherwise)', async () => {
    const viewer = await person();
    const member = await person();
    await putPhoto(member, pngImage(8, 8));
    expect((await call('GET', `/api/users/${member.id}/photo`, viewer)).statusCode).toBe(404);
    await call('PUT', '/api/user/directory', member, { ...fullEntry, fields: ['headline'] });
    expect((await call('GET', `/api/users/${member.id}/photo`, viewer)).statusCode).toBe(404);
    expect((await search(viewer, `q=${member.lastname}`)).items[0]!.has_photo).toBe(false);
    await call('PUT', '/api/user/directory', member, fullEntry);
    expect((await call('GET', `/api/users/${member.id}/photo`, viewer)).statusCode).toBe(200);
    expect((await search(viewer, `q=${member.lastname}`)).items[0]!.has_photo).toBe(true);
    expect((await call('GET', `/api/users/${member.id}/photo`, null)).statusCode).toBe(401);
  });

  it('answers a form without the photo with 422, and a JSON body with a 4xx, keeping nothing', async () => {
    const member = await person();
    const { payload, headers } = multipartBody([{ name: 'autre', filename: 'photo.png', contentType: 'image/png', data: pngImage(8, 8) }]);
    const res = await app.inject({ method: 'PUT', url: '/api/user/photo', payload, headers: { ...headers, ...(await authHeader(db, member)) } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(directoryMessages.photoMissing);
    const json = await call('PUT', '/api/user/photo', member, { photo: 'x' });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    expect(json.json()).toHaveProperty('error_code');
    // A multipart type without its boundary: the client's error, 400.
    const noBoundary = await app.inject({ method: 'PUT', url: '/api/user/photo', payload: '["a", 1]', headers: { 'content-type': 'multipart/form-data', ...(await authHeader(db, member)) } });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().error_code).toBe('invalid_request');
    expect(await pictureOf(member.id)).toBeNull();
  });

  it('removes the photo on DELETE', async () => {
    const member = await person();
    await putPhoto(member, pngImage(8, 8));
    const stored = await pictureOf(member.id);
    expect((await call('DELETE', '/api/user/photo', member)).statusCode).toBe(204);
    expect(await pictureOf(member.id)).toBeNull();
    expect(await storage.driver.open(stored!)).toBeNull();
    expect((await call('GET', `/api/users/${member.id}/photo`, member)).statusCode).toBe(404);
  });
});

describe('trainers’ public pages', () => {
  it('shows an approved trainer’s presentation, published courses and ratings, without e-mail', async () => {
    const trainer = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Claire', lastname: 'Publique', speciality: 'Compost' });
    await call('PUT', '/api/user/directory', trainer, { visible: false, fields: [], accepts_messages: false, bio: 'Formatrice depuis dix ans.' });
    const course = await insertCourse(db, trainer.id, { title: 'Composter en ville' });
    await insertCourse(db, trainer.id, { title: 'Brouillon caché', status: 'draft' });
    const learners = [await person(), await person()];
    await insertSatisfactionAnswer(db, learners[0]!.id, course.id, { rating: 4 });
    await insertSatisfactionAnswer(db, learners[1]!.id, course.id, { rating: 5 });
    const res = await call('GET', `/api/trainers/${trainer.id}/public`, null);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as TrainerPublic;
    expect(page).toMatchObject({ firstname: 'Claire', lastname: 'Publique', speciality: 'Compost', bio: 'Formatrice depuis dix ans.', rating_average: 4.5, rating_count: 2 });
    expect(page.courses.map((c) => c.title)).toEqual(['Composter en ville']);
    expect(res.body).not.toContain(trainer.email);
  });

  it('answers 404 for a trainer not approved, a member, and an unknown id', async () => {
    const pending = await createUser(db, { role: 'formateur', isValid: false });
    const member = await person();
    for (const id of [pending.id, member.id, 999999]) {
      const res = await call('GET', `/api/trainers/${id}/public`, null);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(directoryMessages.trainerNotFound);
    }
  });
});
