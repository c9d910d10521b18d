import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../../../shared/errors';
import { LESSON_PDF_MAX_BYTES, learningMessages, type AuthorLesson, type LessonContent } from '../../../shared/learning';
import { lessons, settings } from '../../db/schema';
import type { Db } from '../../db/client';
import { createMediaSigner, lazyMediaSigner, mediaSigningSecret, MediaSigner } from '../../lib/media-links';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, enrol, insertCourse, insertLesson, insertSection } from '../../test/factories';
import { multipart, pdfDocument, pngImage, webmVideo, webVttCaptions, type FilePart } from '../../test/files';
import { placeFile, readStoredFile, uploadsListing } from '../../test/uploads';

/** Video and PDF lessons: uploads checked by content, files served by signed links with Range (decision 017). */
/** The app's error lines (level 50 and up): a file served in full or in part must log none. */
const errorLines: string[] = [];
const { app, db, storage, config } = await createTestApp({ logLevel: 'error' }, { logStream: { write: (line) => void errorLines.push(line) } });

const author = await createUser(db, { role: 'formateur', isValid: true });
const admin = await createUser(db, { role: 'admin' });
const learner = await createUser(db, { role: 'membre' });
const stranger = await createUser(db, { role: 'membre' });
const course = await insertCourse(db, author.id, { status: 'published' });
await enrol(db, learner.id, course.id);

type Caller = { id: number } | null;
const headersOf = async (user: Caller) => (user ? await authHeader(db, user) : {});

/** 1 000 bytes of a WebM whose every byte tells its position, so a range's content is checkable. */
const video = webmVideo(1000);
for (let i = 64; i < video.length; i++) video[i] = i % 251;

const pdfPart = (content = pdfDocument(), filename = 'fiche-pratique.pdf'): FilePart => ({ name: 'file', filename, content, contentType: 'application/pdf' });
const videoPart = (content = video, filename = 'presentation.webm'): FilePart => ({ name: 'file', filename, content, contentType: 'video/webm' });
const captionsPart = (content = webVttCaptions(), filename = 'sous-titres.vtt'): FilePart => ({ name: 'captions', filename, content, contentType: 'text/vtt' });

async function createMedia(sectionId: number, fields: Record<string, string>, files: FilePart[], user: Caller = author) {
  const { payload, headers } = multipart({ title: 'Fiche pratique', duration_minutes: '8', ...fields }, files);
  return app.inject({ method: 'POST', url: `/api/sections/${sectionId}/lessons/media`, payload, headers: { ...headers, ...(await headersOf(user)) } });
}

async function replaceMedia(lessonId: number, fields: Record<string, string>, files: FilePart[], user: Caller = author) {
  const { payload, headers } = multipart(fields, files);
  return app.inject({ method: 'PUT', url: `/api/lessons/${lessonId}/media`, payload, headers: { ...headers, ...(await headersOf(user)) } });
}

async function readLesson(lessonId: number, user: Caller) {
  return app.inject({ method: 'GET', url: `/api/lessons/${lessonId}`, headers: await headersOf(user) });
}

async function mediaOf(lessonId: number, user: Caller = learner) {
  const res = await readLesson(lessonId, user);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as LessonContent).media!;
}

/** No header at all: a media element sends none, and no session token may be needed. */
const fetchMedia = (url: string, range?: string) => app.inject({ method: 'GET', url, headers: range ? { range } : {} });

async function rowOf(lessonId: number) {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, lessonId));
  return row;
}

async function newSection() {
  return insertSection(db, course.id);
}

async function videoLesson(extra: FilePart[] = []) {
  const section = await newSection();
  const res = await createMedia(section.id, { type: 'video', title: 'La vidéo' }, [videoPart(), ...extra]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AuthorLesson;
}

describe('adding a video or PDF lesson', () => {
  it('creates a PDF lesson with its file in one call; the author reads it inline and downloads it under a safe name', async () => {
    const section = await newSection();
    const res = await createMedia(section.id, { type: 'pdf', is_preview: 'false' }, [pdfPart(pdfDocument(), '../Fiche\u202Efdp.exe')]);
    expect(res.statusCode, res.body).toBe(201);
    const lesson = res.json() as AuthorLesson;
    expect(lesson).toMatchObject({ title: 'Fiche pratique', type: 'pdf', duration_minutes: 8, is_preview: false, position: 0, body_markdown: null });

    const media = await mediaOf(lesson.id, author);
    expect(media).toMatchObject({ mime_type: 'application/pdf', size: pdfDocument().length, captions_url: null });
    expect(media.url).toMatch(/^\/api\/media\/[A-Za-z0-9_-]+$/);
    const inline = await fetchMedia(media.url);
    expect(inline.statusCode).toBe(200);
    expect(inline.rawPayload.equals(pdfDocument())).toBe(true);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="Fichefdp\.pdf"/);
    const download = await fetchMedia(media.download_url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Fichefdp\.pdf"/);
  });

  it('creates a video lesson with WebVTT captions, both served by their own links', async () => {
    const lesson = await videoLesson([captionsPart()]);
    const media = await mediaOf(lesson.id);
    expect(media.mime_type).toBe('video/webm');
    const captions = await fetchMedia(media.captions_url!);
    expect(captions.statusCode).toBe(200);
    expect(captions.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(captions.body).toBe(webVttCaptions().toString());
  });

  it('refuses a file whose content is not of the lesson’s type (415), whatever its name, keeping nothing', async () => {
    const section = await newSection();
    const before = await uploadsListing(storage);
    const cases: [string, FilePart, string][] = [
      ['video', videoPart(pdfDocument(), 'film.mp4'), learningMessages.videoType],
      ['video', videoPart(pngImage(), 'film.webm'), learningMessages.videoType],
      ['pdf', pdfPart(pngImage(), 'fiche.pdf'), learningMessages.pdfType],
      ['pdf', pdfPart(video, 'fiche.pdf'), learningMessages.pdfType],
    ];
    for (const [type, part, message] of cases) {
      const res = await createMedia(section.id, { type }, [part]);
      expect(res.statusCode, `${type} ${part.filename}`).toBe(415);
      expect(res.json()).toMatchObject({ error_code: 'unsupported_file_type', message, errors: { file: [message] } });
    }
    expect(await db.select().from(lessons).where(eq(lessons.sectionId, section.id))).toEqual([]);
    expect(await uploadsListing(storage)).toEqual(before);
  });

  it('refuses captions that are not WebVTT (415), captions on a PDF (422), and a form without its file (422), keeping nothing', async () => {
    const section = await newSection();
    const before = await uploadsListing(storage);
    const notVtt = await createMedia(section.id, { type: 'video' }, [videoPart(), captionsPart(Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nSRT\n'), 'sous-titres.srt')]);
    expect(notVtt.statusCode).toBe(415);
    expect(notVtt.json()).toMatchObject({ message: learningMessages.captionsType, errors: { captions: [learningMessages.captionsType] } });
    const onPdf = await createMedia(section.id, { type: 'pdf' }, [pdfPart(), captionsPart()]);
    expect(onPdf.statusCode).toBe(422);
    expect(onPdf.json().errors).toEqual({ captions: [learningMessages.captionsVideoOnly] });
    const noFile = await createMedia(section.id, { type: 'pdf' }, []);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors).toEqual({ file: [learningMessages.fileRequired] });
    const badFields = await createMedia(section.id, { type: 'quiz', title: ' ', duration_minutes: 'dix' }, [pdfPart()]);
    expect(badFields.statusCode).toBe(422);
    expect(badFields.json().errors).toEqual({
      type: [learningMessages.mediaTypeInvalid],
      title: [learningMessages.lessonTitleRequired],
      duration_minutes: [learningMessages.durationInvalid],
    });
    expect(await db.select().from(lessons).where(eq(lessons.sectionId, section.id))).toEqual([]);
    expect(await uploadsListing(storage)).toEqual(before);
  });

  it('refuses a PDF over 50 Mo and captions over 1 Mo with 413, keeping nothing', async () => {
    const section = await newSection();
    const before = await uploadsListing(storage);
    const big = Buffer.alloc(LESSON_PDF_MAX_BYTES + 1);
    pdfDocument().copy(big);
    const tooBig = await createMedia(section.id, { type: 'pdf' }, [pdfPart(big)]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ error_code: 'file_too_large', message: learningMessages.pdfTooLarge });
    const longCaptions = Buffer.concat([webVttCaptions(), Buffer.alloc(1024 * 1024, 'a')]);
    const tooLong = await createMedia(section.id, { type: 'video' }, [videoPart(), captionsPart(longCaptions)]);
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toMatchObject({ error_code: 'file_too_large', message: learningMessages.captionsTooLarge });
    expect(await db.select().from(lessons).where(eq(lessons.sectionId, section.id))).toEqual([]);
    expect(await uploadsListing(storage)).toEqual(before);
  });

  it('refuses another trainer before reading the upload (403), and anonymous callers (401)', async () => {
    const section = await newSection();
    const other = await createUser(db, { role: 'formateur', isValid: true });
    expect((await createMedia(section.id, { type: 'pdf' }, [pdfPart()], other)).statusCode).toBe(403);
    expect((await createMedia(section.id, { type: 'pdf' }, [pdfPart()], null)).statusCode).toBe(401);
    expect((await createMedia(section.id, { type: 'pdf' }, [pdfPart()], admin)).statusCode).toBe(201);
  });
});

describe('replacing and deleting a lesson’s files', () => {
  it('replaces the file: the new one is served, the old one is removed and its links die', async () => {
    const lesson = await videoLesson([captionsPart()]);
    const oldRow = await rowOf(lesson.id);
    const old = await mediaOf(lesson.id);
    const replacement = webmVideo(500);
    const res = await replaceMedia(lesson.id, {}, [videoPart(replacement, 'nouvelle.webm')]);
    expect(res.statusCode, res.body).toBe(200);

    const row = await rowOf(lesson.id);
    expect(row!.filePath).not.toBe(oldRow!.filePath);
    expect(row!.captionsPath).toBe(oldRow!.captionsPath);
    expect(await readStoredFile(storage, oldRow!.filePath!)).toBeNull();
    const stale = await fetchMedia(old.url);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toBe(learningMessages.mediaLinkInvalid);
    // The captions were not replaced: their link still works.
    expect((await fetchMedia(old.captions_url!)).statusCode).toBe(200);
    const fresh = await fetchMedia((await mediaOf(lesson.id)).url);
    expect(fresh.rawPayload.equals(replacement)).toBe(true);
  });

  it('replaces and removes captions; refuses a replacement of the wrong type (415) and keeps the old file', async () => {
    const lesson = await videoLesson([captionsPart()]);
    const first = (await rowOf(lesson.id))!;
    expect((await replaceMedia(lesson.id, {}, [captionsPart(webVttCaptions('Nouveau texte.'))])).statusCode).toBe(200);
    const second = (await rowOf(lesson.id))!;
    expect(second.captionsPath).not.toBe(first.captionsPath);
    expect(await readStoredFile(storage, first.captionsPath!)).toBeNull();

    expect((await replaceMedia(lesson.id, { remove_captions: 'true' }, [])).statusCode).toBe(200);
    expect((await rowOf(lesson.id))!.captionsPath).toBeNull();
    expect(await readStoredFile(storage, second.captionsPath!)).toBeNull();

    const wrong = await replaceMedia(lesson.id, {}, [videoPart(pdfDocument(), 'film.webm')]);
    expect(wrong.statusCode).toBe(415);
    expect((await rowOf(lesson.id))!.filePath).toBe(first.filePath);
    expect(await readStoredFile(storage, first.filePath!)).not.toBeNull();
  });

  it('refuses a file for a text lesson and an empty replacement (422)', async () => {
    const section = await newSection();
    const text = await insertLesson(db, section.id);
    const res = await replaceMedia(text.id, {}, [pdfPart()]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ file: [learningMessages.notMediaLesson] });
    const lesson = await videoLesson();
    const empty = await replaceMedia(lesson.id, {}, []);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ file: [learningMessages.mediaUpdateEmpty] });
  });

  it('removes the files when the lesson, its section or its course is deleted', async () => {
    const names = async (id: number) => {
      const row = (await rowOf(id))!;
      return [row.filePath!, row.captionsPath!];
    };
    const one = await videoLesson([captionsPart()]);
    const oneFiles = await names(one.id);
    const res = await app.inject({ method: 'DELETE', url: `/api/lessons/${one.id}`, headers: await headersOf(author) });
    expect(res.statusCode).toBe(204);
    for (const name of oneFiles) expect(await readStoredFile(storage, name)).toBeNull();

    const two = await videoLesson([captionsPart()]);
    const twoFiles = await names(two.id);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/sections/${two.section_id}`, headers: await headersOf(author) });
    expect(deleted.statusCode).toBe(204);
    for (const name of twoFiles) expect(await readStoredFile(storage, name)).toBeNull();

    // A draft: a published course is unpublished before it can be deleted (issue 25).
    const doomed = await insertCourse(db, author.id, { status: 'draft' });
    const doomedSection = await insertSection(db, doomed.id);
    const created = await createMedia(doomedSection.id, { type: 'pdf' }, [pdfPart()]);
    const pdfFile = (await rowOf((created.json() as AuthorLesson).id))!.filePath!;
    expect((await app.inject({ method: 'DELETE', url: `/api/courses/${doomed.id}`, headers: await headersOf(author) })).statusCode).toBe(204);
    expect(await readStoredFile(storage, pdfFile)).toBeNull();
  });
});

const rangedLesson = await videoLesson();

describe('serving a file with HTTP Range', () => {
  const urlOf = async () => (await mediaOf(rangedLesson.id)).url;

  it('logs no error for a file served whole (200) or in part (206), on any engine or store (audit, issue 25)', async () => {
    errorLines.length = 0;
    const url = await urlOf();
    expect((await fetchMedia(url)).statusCode).toBe(200);
    expect((await fetchMedia(url, 'bytes=0-99')).statusCode).toBe(206);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errorLines).toEqual([]);
  });

  it('answers the whole file with 200, its type, length, Accept-Ranges and nosniff', async () => {
    const res = await fetchMedia(await urlOf());
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'video/webm',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(res.rawPayload.equals(video)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=400-599', 400, 599],
    ['bytes=900-', 900, 999],
    ['bytes=-100', 900, 999],
    ['bytes=999-999', 999, 999],
    ['bytes=950-5000', 950, 999],
    ['bytes=-5000', 0, 999],
  ])('answers %s with 206 and bytes %i to %i', async (range, start, end) => {
    const res = await fetchMedia(await urlOf(), range);
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(video.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=1000-', 'bytes=1000-1200', 'bytes=600-500', 'bytes=-0', 'bytes=-', 'bytes=abc', 'octets=0-10', 'bytes=0-1,5-6'])(
    'answers %s with 416 and Content-Range bytes */1000',
    async (range) => {
      const res = await fetchMedia(await urlOf(), range);
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */1000');
      expect(res.json()).toEqual({ error_code: 'range_not_satisfiable', message: errorMessages.range_not_satisfiable });
    },
  );
});

const linkSection = await newSection();
const reservedId = ((await createMedia(linkSection.id, { type: 'video', title: 'Réservée' }, [videoPart(), captionsPart()])).json() as AuthorLesson).id;
const previewId = ((await createMedia(linkSection.id, { type: 'pdf', title: 'Aperçu', is_preview: 'true' }, [pdfPart()])).json() as AuthorLesson).id;
const signer = await createMediaSigner(db, config);

describe('who gets signed links, and what a link opens', () => {
  const section = linkSection;

  it('gives links to the enrolled learner, the author and administrators; refuses others without any link', async () => {
    for (const user of [learner, author, admin]) expect((await mediaOf(reservedId, user)).url).toBeTruthy();
    const refused = await readLesson(reservedId, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('/api/media/');
    expect((await readLesson(reservedId, null)).statusCode).toBe(401);
  });

  it('gives a free preview’s links to anyone, visitors included, and they work without any header', async () => {
    const media = await mediaOf(previewId, null);
    expect((await fetchMedia(media.url)).statusCode).toBe(200);
    expect((await mediaOf(previewId, stranger)).url).toBeTruthy();
  });

  it('makes links that expire in about three hours', async () => {
    const media = await mediaOf(reservedId);
    const hours = (Date.parse(media.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThanOrEqual(3);
    expect(hours).toBeLessThanOrEqual(3.2);
  });

  it('refuses an expired link with 403 and a French message', async () => {
    const row = (await rowOf(reservedId))!;
    const expired = signer.sign(reservedId, 'file', row.filePath!, Date.now() - 4 * 3_600_000);
    const res = await fetchMedia(expired.url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error_code: 'forbidden', message: learningMessages.mediaLinkInvalid });
    // The same link signed now works: only the expiry differed.
    expect((await fetchMedia(signer.sign(reservedId, 'file', row.filePath!).url)).statusCode).toBe(200);
  });

  it('refuses a tampered link, and a link moved to another lesson or another file of the lesson (403)', async () => {
    const media = await mediaOf(reservedId);
    const token = media.url.slice('/api/media/'.length);
    const [lessonPart, kind, version, expiry, signature] = token.split('-') as [string, string, string, string, string];
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const attempts = [
      `${lessonPart}-${kind}-${version}-${expiry}-${flipped}`,
      `${previewId}-${kind}-${version}-${expiry}-${signature}`,
      `${lessonPart}-c-${version}-${expiry}-${signature}`,
      `${lessonPart}-${kind}-${version}-${Number(expiry) + 86_400}-${signature}`,
      `${lessonPart}-${kind}-${'0'.repeat(16)}-${expiry}-${signature}`,
      'n-importe-quoi',
      `${token}x`,
    ];
    for (const attempt of attempts) {
      const res = await fetchMedia(`/api/media/${attempt}`);
      expect(res.statusCode, attempt).toBe(403);
      expect(res.json().message).toBe(learningMessages.mediaLinkInvalid);
    }
    // A valid signature for another lesson's file version (the preview's PDF) opens nothing here.
    const previewRow = (await rowOf(previewId))!;
    expect((await fetchMedia(signer.sign(reservedId, 'file', previewRow.filePath!).url)).statusCode).toBe(404);
  });

  it('signs with a secret drawn once and kept in the settings table, so every process checks the same links', async () => {
    const [stored] = await db.select().from(settings).where(eq(settings.key, 'media_signing_secret'));
    expect(stored!.value.length).toBeGreaterThanOrEqual(43);
    expect((await mediaSigningSecret(db, { mediaSigningSecret: undefined })).toString()).toBe(stored!.value);
    const otherProcess = new MediaSigner(Buffer.from(stored!.value), config.mediaUrlTtlSeconds);
    expect(otherProcess.verify((await mediaOf(reservedId)).url.slice('/api/media/'.length))).toMatchObject({ lessonId: reservedId, kind: 'file' });
    const configured = new MediaSigner(Buffer.from('un-autre-secret-de-trente-deux-caracteres'), 3600);
    expect(configured.verify((await mediaOf(reservedId)).url.slice('/api/media/'.length))).toBeNull();
  });

  it('reads the secret on first use, keeps the signer, and reads again after a failed read', async () => {
    let failures = 1;
    // The database fails its first statement, as when it is briefly out of reach.
    const flaky = new Proxy(db, {
      get: (target, key, receiver) => (key === 'insert' && failures-- > 0 ? () => { throw new Error('base injoignable'); } : Reflect.get(target, key, receiver)),
    }) as Db;
    const signerOf = lazyMediaSigner(flaky, { mediaSigningSecret: undefined, mediaUrlTtlSeconds: config.mediaUrlTtlSeconds });
    await expect(signerOf()).rejects.toThrow('base injoignable');
    const first = await signerOf();
    expect(await signerOf()).toBe(first);
    expect(first.verify((await mediaOf(reservedId)).url.slice('/api/media/'.length))).toMatchObject({ lessonId: reservedId });
  });

  it('answers 404 when the stored file has gone missing', async () => {
    const lesson = await insertLesson(db, section.id, { type: 'pdf', bodyMarkdown: null, filePath: await placeFile(storage, pdfDocument(), 'pdf'), fileMimeType: 'application/pdf', fileSize: pdfDocument().length });
    const media = await mediaOf(lesson.id, author);
    await storage.driver.remove((await rowOf(lesson.id))!.filePath!);
    expect((await fetchMedia(media.url)).statusCode).toBe(404);
  });
});
