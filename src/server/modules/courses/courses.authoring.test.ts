import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COURSE_IMAGE_MAX_BYTES } from '../../../shared/constants';
import { courseDeletionMessages, type CourseDetail, type CourseItem } from '../../../shared/courses';
import { certificates, courses, enrolments, users } from '../../db/schema';
import { receiveUpload } from '../../lib/storage';
import { discardCourseForm } from './course-uploads';
import { createCourse } from './courses.service';
import { createTestApp } from '../../test/app';
import { authHeader, courseFields, createUser, imagePart } from '../../test/factories';
import { type FilePart, jpegImage, mp4Video, multipart, oleDocument, pdfDocument, pngImage } from '../../test/files';
import { readStoredFile, uploadsListing } from '../../test/uploads';

const { app, db, storage } = await createTestApp();

const trainer = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Léa', lastname: 'Moreau' });
const otherTrainer = await createUser(db, { role: 'formateur', isValid: true });
const pendingTrainer = await createUser(db, { role: 'formateur', isValid: false });
const member = await createUser(db, { role: 'membre' });
const organisation = await createUser(db, { role: 'organisme' });
const admin = await createUser(db, { role: 'admin' });

async function post(user: { id: number } | null, fields: Record<string, string>, files: FilePart[] = [], filesFirst = false) {
  const body = multipart(fields, files, filesFirst);
  return app.inject({
    method: 'POST',
    url: '/api/courses',
    payload: body.payload,
    headers: { ...body.headers, ...(user ? await authHeader(db, user) : {}) },
  });
}

async function put(user: { id: number }, id: number, fields: Record<string, string>, files: FilePart[] = []) {
  const body = multipart(fields, files);
  return app.inject({ method: 'PUT', url: `/api/courses/${id}`, payload: body.payload, headers: { ...body.headers, ...(await authHeader(db, user)) } });
}

async function createOne(user: { id: number } = trainer, overrides: Record<string, string> = {}, files: FilePart[] = [imagePart()]): Promise<CourseDetail> {
  const res = await post(user, courseFields(overrides), files);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Every file in the uploads folder is referenced by a course row: nothing left behind. */
async function expectNoStrayFiles() {
  const rows = await db.select({ image: courses.imagePath, attachment: courses.attachmentPath }).from(courses);
  const referenced = rows.flatMap((r) => [r.image, r.attachment]).filter((n): n is string => Boolean(n)).sort();
  expect(await uploadsListing(storage)).toEqual(referenced);
}

/** What an administrator's "Publier" does after review (reviews.test.ts covers the review itself). */
async function publish(id: number): Promise<void> {
  await db.update(courses).set({ status: 'published' }).where(eq(courses.id, id));
}

async function courseCount(): Promise<number> {
  return (await db.select({ id: courses.id }).from(courses)).length;
}

describe("a trainer's course lifecycle", () => {
  it('creates, lists, updates and deletes a course with its files', async () => {
    const res = await post(trainer, courseFields(), [imagePart(), { name: 'attachment', filename: 'Guide du compost.pdf', content: pdfDocument() }]);
    expect(res.statusCode, res.body).toBe(201);
    const created: CourseDetail = res.json();
    expect(created).toMatchObject({
      title: 'Compostage collectif en ville',
      category: { slug: 'dechets', name: 'Gestion des déchets' },
      price: 79,
      discountPrice: 69.9,
      duration: '4 semaines',
      // A new course waits for the review before anyone else sees it.
      status: 'draft',
      user: { id: trainer.id, name: 'Léa Moreau', avatar: null },
      attachment: { name: 'Guide du compost.pdf', size: pdfDocument().length, mime: 'application/pdf' },
    });
    expect(created.image).toMatch(new RegExp(`^/api/courses/${created.id}/image\\?v=[0-9a-f]{8}$`));
    expect((await app.inject({ method: 'GET', url: '/api/courses?q=composteur%20quartier' })).json().total).toBe(0);
    await publish(created.id);

    const [row] = await db.select().from(courses).where(eq(courses.id, created.id));
    expect(row!.priceCents).toBe(7900);
    expect(row!.discountPriceCents).toBe(6990);
    expect(row!.searchText).toBe('compostage collectif en ville mettre en place un composteur partage dans son quartier, etape par etape. gestion des dechets');
    expect(await readStoredFile(storage, row!.imagePath!)).toEqual(pngImage());

    // The image is served inline with its type and a long cache.
    const image = await app.inject({ method: 'GET', url: created.image! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    expect(image.rawPayload).toEqual(pngImage());

    // The search finds it by its new title, without accents.
    const found = await app.inject({ method: 'GET', url: '/api/courses?q=composteur%20quartier' });
    expect(found.json().items.map((c: CourseItem) => c.id)).toEqual([created.id]);

    const mine = await app.inject({ method: 'GET', url: '/api/formateur/courses', headers: await authHeader(db, trainer) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items.map((c: CourseItem) => c.id)).toEqual([created.id]);

    // Editing a published course keeps it published; a status sent with the form is ignored.
    const updated = await put(trainer, created.id, { title: 'Compostage partagé en ville', price: '90', discountPrice: '', status: 'draft' }, [
      imagePart(jpegImage(), 'nouvelle.jpg'),
    ]);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Compostage partagé en ville', price: 90, discountPrice: null, status: 'published', duration: '4 semaines' });
    expect(updated.json().image).not.toBe(created.image);
    const [after] = await db.select().from(courses).where(eq(courses.id, created.id));
    expect(after!.imageMimeType).toBe('image/jpeg');
    expect(after!.searchText).toContain('compostage partage en ville');
    expect(await readStoredFile(storage, row!.imagePath!)).toBeNull();
    expect(await readStoredFile(storage, row!.attachmentPath!)).toEqual(pdfDocument());
    await expectNoStrayFiles();

    // A draft stays in the trainer's list but leaves the catalogue.
    await db.update(courses).set({ status: 'draft' }).where(eq(courses.id, created.id));
    const draftList = await app.inject({ method: 'GET', url: '/api/formateur/courses', headers: await authHeader(db, trainer) });
    expect(draftList.json().items[0]).toMatchObject({ id: created.id, status: 'draft' });
    expect((await app.inject({ method: 'GET', url: '/api/courses?q=compostage' })).json().total).toBe(0);
    expect((await app.inject({ method: 'GET', url: `/api/courses/${created.id}/image` })).statusCode).toBe(404);
    const ownDraftImage = await app.inject({ method: 'GET', url: `/api/courses/${created.id}/image`, headers: await authHeader(db, trainer) });
    expect(ownDraftImage.statusCode).toBe(200);
    expect(ownDraftImage.headers['cache-control']).toBe('private, no-store');

    const removed = await app.inject({ method: 'DELETE', url: `/api/courses/${created.id}`, headers: await authHeader(db, trainer) });
    expect(removed.statusCode).toBe(204);
    expect(await db.select().from(courses).where(eq(courses.id, created.id))).toEqual([]);
    expect(await readStoredFile(storage, after!.imagePath!)).toBeNull();
    expect(await readStoredFile(storage, row!.attachmentPath!)).toBeNull();
    await expectNoStrayFiles();
    expect((await app.inject({ method: 'GET', url: `/api/courses/${created.id}` })).statusCode).toBe(404);
  });

  it('accepts files sent before the fields, a PNG named .jpg, a JPEG, and a draft', async () => {
    const res = await post(trainer, courseFields({ status: 'draft', discountPrice: '' }), [imagePart(pngImage(), 'photo.jpg')], true);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'draft', discountPrice: null });
    const [row] = await db.select().from(courses).where(eq(courses.id, res.json().id));
    expect(row!.imageMimeType).toBe('image/png');
    expect(row!.imagePath).toMatch(/^[0-9a-f]{32}\.png$/);
    const jpeg = await createOne(trainer, {}, [imagePart(jpegImage(), 'photo.jpeg')]);
    expect(jpeg.status).toBe('draft');
  });

  it('creates a draft even when asked to publish, and accepts a decimal comma', async () => {
    const res = await post(trainer, courseFields({ price: '84,5', discountPrice: '70.25', status: 'published' }), [imagePart()]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'draft', price: 84.5, discountPrice: 70.25 });
  });

  it('lets an administrator create a course', async () => {
    const course = await createOne(admin);
    expect(course.user.id).toBe(admin.id);
  });

  it('lists only the caller’s own courses in /api/formateur/courses', async () => {
    const own = await createOne(otherTrainer, { title: 'Cours de l’autre formateur' });
    const res = await app.inject({ method: 'GET', url: '/api/formateur/courses', headers: await authHeader(db, otherTrainer) });
    expect(res.json().items.map((c: CourseItem) => c.id)).toEqual([own.id]);
  });
});

describe('who may author courses', () => {
  it('refuses a visitor with 401 before reading the files', async () => {
    const res = await post(null, courseFields(), [imagePart()]);
    expect(res.statusCode).toBe(401);
    expect(res.json().error_code).toBe('invalid_token');
  });

  it('refuses a member, an organisation and an unapproved trainer with 403', async () => {
    for (const user of [member, organisation, pendingTrainer]) {
      const res = await post(user, courseFields(), [imagePart()]);
      expect(res.statusCode).toBe(403);
      expect(res.json().error_code).toBe('forbidden');
      const list = await app.inject({ method: 'GET', url: '/api/formateur/courses', headers: await authHeader(db, user) });
      expect(list.statusCode).toBe(403);
    }
    await expectNoStrayFiles();
  });

  it("refuses to change or delete someone else's course with 403, and lets an admin do both", async () => {
    const course = await createOne(trainer, { title: 'Cours protégé' });
    // Published, so the others see it and the refusal is about editing (a draft would be 404).
    await publish(course.id);
    for (const user of [otherTrainer, member]) {
      const res = await put(user, course.id, { title: 'Piraté' }, [imagePart()]);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Seuls l'auteur du cours et les administrateurs peuvent le modifier ou le supprimer.");
      const del = await app.inject({ method: 'DELETE', url: `/api/courses/${course.id}`, headers: await authHeader(db, user) });
      expect(del.statusCode).toBe(403);
    }
    await expectNoStrayFiles();
    const byAdmin = await put(admin, course.id, { title: 'Corrigé par la modération' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().title).toBe('Corrigé par la modération');
    // A published course is unpublished before it can go (issue 25).
    await db.update(courses).set({ status: 'unpublished' }).where(eq(courses.id, course.id));
    const del = await app.inject({ method: 'DELETE', url: `/api/courses/${course.id}`, headers: await authHeader(db, admin) });
    expect(del.statusCode).toBe(204);
    await expectNoStrayFiles();
  });

  it('refuses to delete a published course, or one with enrolments or attestations, with 409 and a French message (issue 25)', async () => {
    const remove = async (user: { id: number }, id: number) => app.inject({ method: 'DELETE', url: `/api/courses/${id}`, headers: await authHeader(db, user) });
    const course = await createOne(trainer, { title: 'Cours suivi' });
    await publish(course.id);
    for (const user of [trainer, admin]) {
      const res = await remove(user, course.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error_code: 'invalid_transition', message: courseDeletionMessages.published });
    }
    await db.update(courses).set({ status: 'unpublished' }).where(eq(courses.id, course.id));
    await db.insert(enrolments).values({ userId: member.id, courseId: course.id });
    const enrolled = await remove(trainer, course.id);
    expect(enrolled.statusCode).toBe(409);
    expect(enrolled.json()).toEqual({ error_code: 'invalid_transition', message: courseDeletionMessages.followed });

    await db.delete(enrolments).where(eq(enrolments.courseId, course.id));
    await db.insert(certificates).values({ userId: null, courseId: course.id, number: 'EF-2026-900001', code: 'suppressionCCCCCCCCCCC', snapshot: { learner_name: 'Ancien', course_title: 'Cours suivi', objectives: [], duration_minutes: 0, enrolled_at: '2026-01-01T00:00:00.000Z', completed_at: '2026-01-02T00:00:00.000Z', trainer_name: 'Léa Moreau', quizzes: [], objective_results: [] } });
    expect((await remove(trainer, course.id)).json()).toEqual({ error_code: 'invalid_transition', message: courseDeletionMessages.followed });
    expect(await db.select().from(courses).where(eq(courses.id, course.id))).toHaveLength(1);

    await db.delete(certificates).where(eq(certificates.courseId, course.id));
    expect((await remove(trainer, course.id)).statusCode).toBe(204);
    await expectNoStrayFiles();
  });

  it('refuses the author once their approval is revoked', async () => {
    const revoked = await createUser(db, { role: 'formateur', isValid: true });
    const course = await createOne(revoked);
    await db.update(users).set({ isValid: false }).where(eq(users.id, revoked.id));
    const res = await put(revoked, course.id, { title: 'Encore moi' });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 when changing a course that does not exist, 422 for a malformed id', async () => {
    const res = await put(admin, 987654, { title: 'Rien' });
    expect(res.statusCode).toBe(404);
    const del = await app.inject({ method: 'DELETE', url: '/api/courses/abc', headers: await authHeader(db, admin) });
    expect(del.statusCode).toBe(422);
  });
});

describe('field validation (422, French messages, nothing kept)', () => {
  it('refuses a missing title', async () => {
    const before = await courseCount();
    const res = await post(trainer, courseFields({ title: '  ' }), [imagePart()]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error_code: 'validation_failed', errors: { title: ['Le titre est obligatoire.'] } });
    expect(await courseCount()).toBe(before);
    await expectNoStrayFiles();
  });

  it('refuses a discount equal to or above the price', async () => {
    for (const discountPrice of ['79', '80']) {
      const res = await post(trainer, courseFields({ discountPrice }), [imagePart()]);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ discountPrice: ['Le prix remisé doit être inférieur au prix.'] });
    }
    await expectNoStrayFiles();
  });

  it('refuses prices that are not positive numbers, and every other bad field at once', async () => {
    const res = await post(
      trainer,
      { title: 'ab', description: 'court', category: 'cloud', price: '-5', discountPrice: 'gratuit', duration: '' },
      [imagePart()],
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      title: ['Le titre doit contenir au moins 3 caractères.'],
      description: ['La description doit contenir au moins 10 caractères.'],
      category: ['Veuillez choisir une catégorie.'],
      price: ['Le prix doit être un nombre positif.'],
      discountPrice: ['Le prix remisé doit être un nombre positif.'],
      duration: ['Le rythme conseillé est obligatoire.'],
    });
    for (const [price, message] of [
      ['-0,01', 'Le prix doit être un nombre positif.'],
      ['abc', 'Le prix doit être un nombre positif.'],
      ['10000,01', 'Le prix ne doit pas dépasser 10 000 €.'],
      ['12.345', 'Le prix ne peut pas avoir plus de deux décimales.'],
    ]) {
      const bad = await post(trainer, courseFields({ price: price!, discountPrice: '' }), [imagePart()]);
      expect(bad.json().errors, price).toEqual({ price: [message] });
    }
    const max = await post(trainer, courseFields({ price: '10000', discountPrice: '' }), [imagePart()]);
    expect(max.statusCode).toBe(201);
    // A free course (issue 29): joined directly, without a contract.
    const free = await post(trainer, courseFields({ price: '0', discountPrice: '' }), [imagePart()]);
    expect(free.statusCode).toBe(201);
    await expectNoStrayFiles();
  });

  it('refuses a title over 200 characters and a description over 5000', async () => {
    const res = await post(trainer, courseFields({ title: 'a'.repeat(201), description: 'b'.repeat(5001), duration: 'c'.repeat(51) }), [imagePart()]);
    expect(res.json().errors).toEqual({
      title: ['Le titre ne doit pas dépasser 200 caractères.'],
      description: ['La description ne doit pas dépasser 5000 caractères.'],
      duration: ['La durée ne doit pas dépasser 50 caractères.'],
    });
  });

  it('requires an image on creation', async () => {
    const res = await post(trainer, courseFields(), []);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ image: ["L'image du cours est obligatoire."] });
  });

  it('compares an updated discount with the price the course keeps', async () => {
    const course = await createOne(trainer, { price: '80', discountPrice: '' });
    const res = await put(trainer, course.id, { discountPrice: '85' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ discountPrice: ['Le prix remisé doit être inférieur au prix.'] });
    const lower = await put(trainer, course.id, { price: '60' });
    expect(lower.statusCode).toBe(200);
    expect(lower.json().price).toBe(60);
    const ok = await put(trainer, course.id, { discountPrice: '55' });
    expect(ok.json().discountPrice).toBe(55);
    const tooHigh = await put(trainer, course.id, { price: '50' });
    expect(tooHigh.statusCode).toBe(422);
  });
});

describe('files checked by content, size and count', () => {
  it('refuses a text file renamed .png with 415 and the French message', async () => {
    const res = await post(trainer, courseFields(), [imagePart(Buffer.from('ceci est un texte, pas une image'), 'faux.png')]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error_code: 'unsupported_file_type',
      message: "L'image doit être au format JPEG, PNG ou WebP.",
      errors: { image: ["L'image doit être au format JPEG, PNG ou WebP."] },
    });
    await expectNoStrayFiles();
  });

  it('refuses a PDF or an SVG as the image with 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const part of [imagePart(pdfDocument(), 'image.png'), imagePart(svg, 'image.svg')]) {
      const res = await post(trainer, courseFields(), [part]);
      expect(res.statusCode).toBe(415);
    }
    await expectNoStrayFiles();
  });

  it('refuses an image over 5 MB with 413 and keeps nothing', async () => {
    const big = Buffer.concat([pngImage(), Buffer.alloc(COURSE_IMAGE_MAX_BYTES)]);
    const before = await courseCount();
    const res = await post(trainer, courseFields(), [{ name: 'attachment', filename: 'cours.pdf', content: pdfDocument() }, imagePart(big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error_code: 'file_too_large', message: "L'image ne doit pas dépasser 5 Mo." });
    expect(await courseCount()).toBe(before);
    await expectNoStrayFiles();
  });

  it('accepts a PDF, a video and a Word 97-2003 document as attachment', async () => {
    for (const [content, filename, mime] of [
      [mp4Video(), 'présentation.mp4', 'video/mp4'],
      [oleDocument(), 'support.doc', 'application/msword'],
    ] as const) {
      const course = await createOne(trainer, {}, [imagePart(), { name: 'attachment', filename, content }]);
      expect(course.attachment).toEqual({ name: filename, size: content.length, mime });
    }
  });

  it('refuses an attachment of another type with 415, even an Office container not named .doc', async () => {
    for (const part of [
      { name: 'attachment', filename: 'notes.txt', content: Buffer.from('du texte') },
      { name: 'attachment', filename: 'tableur.xls', content: oleDocument() },
      { name: 'attachment', filename: 'photo.pdf', content: pngImage() },
    ]) {
      const res = await post(trainer, courseFields(), [imagePart(), part]);
      expect(res.statusCode).toBe(415);
      expect(res.json().errors).toEqual({ attachment: ['La pièce jointe doit être une vidéo (MP4, WebM, MOV), un PDF ou un document Word.'] });
    }
    await expectNoStrayFiles();
  });

  it('refuses an unexpected file field or two images with 400', async () => {
    const extra = await post(trainer, courseFields(), [imagePart(), { name: 'cv', filename: 'cv.pdf', content: pdfDocument() }]);
    expect(extra.statusCode).toBe(400);
    const twice = await post(trainer, courseFields(), [imagePart(), imagePart()]);
    expect(twice.statusCode).toBe(400);
    await expectNoStrayFiles();
  });

  it('refuses a JSON body with 415', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/courses', payload: courseFields(), headers: await authHeader(db, trainer) });
    expect(res.statusCode).toBe(415);
  });

  it('replaces and removes the attachment on update, deleting the old files', async () => {
    const course = await createOne(trainer, {}, [imagePart(), { name: 'attachment', filename: 'v1.pdf', content: pdfDocument() }]);
    const replaced = await put(trainer, course.id, {}, [{ name: 'attachment', filename: 'v2.mp4', content: mp4Video() }]);
    expect(replaced.json().attachment).toMatchObject({ name: 'v2.mp4', mime: 'video/mp4' });
    await expectNoStrayFiles();
    const removed = await put(trainer, course.id, { removeAttachment: 'true' });
    expect(removed.json().attachment).toBeNull();
    await expectNoStrayFiles();
  });

  it('keeps the old image when the update is refused', async () => {
    const course = await createOne(trainer);
    const res = await put(trainer, course.id, { price: 'abc' }, [imagePart(jpegImage(), 'nouvelle.jpg')]);
    expect(res.statusCode).toBe(422);
    const image = await app.inject({ method: 'GET', url: course.image!, headers: await authHeader(db, trainer) });
    expect(image.rawPayload).toEqual(pngImage());
    await expectNoStrayFiles();
  });

  it('removes the kept files when the database refuses the row', async () => {
    const received = await receiveUpload(storage, Readable.from([pngImage()]), COURSE_IMAGE_MAX_BYTES);
    const form = { fields: courseFields(), image: { ...received, originalName: 'a.png' }, attachment: null };
    // An author id no row has: the foreign key refuses the insert after the image was kept.
    await expect(createCourse(db, storage, { id: 999_999, role: 'formateur', is_valid: true }, form)).rejects.toThrow();
    await discardCourseForm(form);
    await expectNoStrayFiles();
  });
});
