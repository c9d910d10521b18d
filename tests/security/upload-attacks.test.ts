import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CV_MAX_BYTES, COURSE_ATTACHMENT_MAX_BYTES, COURSE_IMAGE_MAX_BYTES } from '../../src/shared/constants';
import { COURSE_IMAGE_TYPES } from '../../src/shared/courses';
import { courses, users } from '../../src/server/db/schema';
import { courseFieldParts, expectErrorBody, expectNoStrayFile, signedIn } from './support';
import { createTestApp } from '../../src/server/test/app';
import { docxDocument, jpegImage, multipartBody, type Part, pdfDocument, pngImage, zipArchive } from '../../src/server/test/files';

/**
 * The upload attack corpus, against `POST /api/upload-cv` (a trainer's CV) and `POST /api/courses`
 * (an approved trainer's image and attachment). For every attack: the right 4xx, or, when the
 * content is genuinely of an accepted type, a file that is stored under a sanitised name and only
 * ever served as an attachment (images: inline, but with their detected type only) with nosniff.
 * After every test, the uploads folder holds exactly the files the database references.
 */

const { app, db, storage } = await createTestApp();
const admin = await signedIn(db, 'admin');
const author = await signedIn(db, 'formateurApproved');

afterEach(async () => {
  await expectNoStrayFile(db, storage);
});

// ---------------------------------------------------------------------------------------------
// The corpus

const script = '<html><body><script>fetch("/api/user/profile").then(r=>r.text()).then(alert)</script></body></html>';
/** A real PDF header followed by a page with a script: sniffed as HTML by a careless browser. */
const pdfHtmlPolyglot = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(script), pdfDocument()]);
/** A GIF header whose "pixels" are a script (the classic GIFAR/XSS polyglot). */
const gifScriptPolyglot = Buffer.concat([Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\xff\x00,'), Buffer.from(`*/=1;${script}`)]);
/** A valid JPEG with a script appended after its end marker. */
const jpegScriptPolyglot = Buffer.concat([jpegImage(), Buffer.from(script)]);
/** A ZIP archive that is not a Word document. */
const plainZip = zipArchive({ 'lisez-moi.txt': 'Ceci est une archive, pas un document Word.', 'index.html': script });
const svgWithScript = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>');
const htmlPage = Buffer.from(`<!doctype html>${script}`);

const CV_TYPES = ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/msword'];

/** What may never remain in a stored original name. */
function expectSanitisedName(name: string | null | undefined): void {
  expect(name).toBeTruthy();
  expect(name).not.toMatch(/[/\\]/);
  expect(name).not.toMatch(/[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069"]/u);
  expect(name!.startsWith('.')).toBe(false);
  expect(Array.from(name!).length).toBeLessThanOrEqual(150);
}

/** Served for download only: attachment, nosniff, a type we chose, a header nobody can split. */
function expectAttachment(res: LightMyRequestResponse, allowedTypes: string[]): void {
  expect(res.statusCode).toBe(200);
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!'()*._~-]+$/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(allowedTypes).toContain(String(res.headers['content-type']).split(';')[0]);
}

// ---------------------------------------------------------------------------------------------
// CV uploads

async function uploadCv(parts: Part[] | { payload: Readable | Buffer; headers: Record<string, string> }) {
  const trainer = await signedIn(db, 'formateurPending');
  const body = Array.isArray(parts) ? multipartBody(parts) : parts;
  const res = await app.inject({ method: 'POST', url: '/api/upload-cv', headers: { ...body.headers, ...trainer.headers }, payload: body.payload });
  const [row] = await db.select().from(users).where(eq(users.id, trainer.user.id));
  return { res, row: row! };
}

const cv = (filename: string | Buffer, data: Buffer, contentType = 'application/pdf'): Part => ({ name: 'cv', filename, contentType, data });

describe('CV upload attacks', () => {
  it.each([
    ['a PDF/HTML polyglot named .html', [cv('cv.html', pdfHtmlPolyglot, 'text/html')]],
    ['a GIF/script polyglot named .pdf', [cv('cv.pdf', gifScriptPolyglot)]],
    ['a JPEG with a script appended, named .pdf', [cv('cv.pdf', jpegScriptPolyglot)]],
    ['a ZIP that is not a DOCX, named .docx', [cv('cv.docx', plainZip)]],
    ['a DOCX named .pdf', [cv('cv.pdf', docxDocument())]],
    ['a PDF named .docx', [cv('cv.docx', pdfDocument())]],
    ['a PNG named .doc', [cv('cv.doc', pngImage(2, 2))]],
    ['an HTML page named .pdf', [cv('cv.pdf', htmlPage)]],
    ['an SVG with a script named .pdf', [cv('cv.pdf', svgWithScript, 'image/svg+xml')]],
    ['a PDF named ../../etc/passwd (no accepted extension)', [cv('../../etc/passwd', pdfDocument())]],
    ['a PDF named with a right-to-left override hiding .exe', [cv('cv\u202Efdp.exe', pdfDocument())]],
  ])('refuses %s with 415 and keeps nothing', async (_label, parts) => {
    const { res, row } = await uploadCv(parts);
    expect(res.statusCode).toBe(415);
    expectErrorBody(res, 'unsupported_file_type');
    expect(row.cvPath).toBeNull();
  });

  it('refuses an empty file with 422', async () => {
    const { res, row } = await uploadCv([cv('cv.pdf', Buffer.alloc(0))]);
    expect(res.statusCode).toBe(422);
    expect(expectErrorBody(res, 'validation_failed').message).toBe('Le fichier est vide.');
    expect(row.cvPath).toBeNull();
  });

  it('refuses 10 MB + 1 byte with 413 file_too_large', async () => {
    const { res, row } = await uploadCv([cv('cv.pdf', Buffer.concat([pdfDocument(), Buffer.alloc(CV_MAX_BYTES + 1 - pdfDocument().length, 0x20)]))]);
    expect(res.statusCode).toBe(413);
    expectErrorBody(res, 'file_too_large');
    expect(row.cvPath).toBeNull();
  });

  it('asks for the CV when the file comes under another field name (422)', async () => {
    const { res, row } = await uploadCv([{ name: 'file', filename: 'cv.pdf', contentType: 'application/pdf', data: pdfDocument() }]);
    expect(res.statusCode).toBe(422);
    expect(expectErrorBody(res, 'validation_failed').message).toBe('Veuillez sélectionner un fichier');
    expect(row.cvPath).toBeNull();
  });

  it('takes one file only: a second CV in the same request is refused with 413', async () => {
    const { res, row } = await uploadCv([cv('cv.pdf', pdfDocument()), cv('autre.pdf', pdfDocument())]);
    expect(res.statusCode).toBe(413);
    expectErrorBody(res, 'payload_too_large');
    expect(row.cvPath).toBeNull();
  });

  it('refuses a flood of parts before the file with 413', async () => {
    const flood: Part[] = Array.from({ length: 40 }, (_, i) => ({ name: `champ${i}`, data: 'x' }));
    const { res, row } = await uploadCv([...flood, cv('cv.pdf', pdfDocument())]);
    expect(res.statusCode).toBe(413);
    expectErrorBody(res, 'payload_too_large');
    expect(row.cvPath).toBeNull();
  });

  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\x.pdf', 'x.pdf'],
    ['/var/www/html/shell.pdf', 'shell.pdf'],
    ['C:\\Windows\\System32\\cv.pdf', 'cv.pdf'],
    ['c\u0001v\u0007\u007f\u0085\u009b.pdf', 'cv.pdf'],
    ['cv\\"; filename=evil.html.pdf', 'cv; filename=evil.html.pdf'],
    ['facture\u202Eexe.pdf', 'factureexe.pdf'],
    ['cv\u2028ligne\u2029.pdf', 'cvligne.pdf'],
    ['...pdf', 'pdf'],
  ])('stores %j as %j, without path or control characters', async (filename, expected) => {
    const { res, row } = await uploadCv([cv(filename, pdfDocument())]);
    expect(res.statusCode, res.body).toBe(201);
    expect(row.cvOriginalName).toBe(expected);
    expectSanitisedName(row.cvOriginalName);
  });

  it('drops a part whose RFC 5987 name hides CR/LF (422), keeping nothing', async () => {
    const { res, row } = await uploadCv([{ name: 'cv', filenameStar: "UTF-8''cv%0D%0ASet-Cookie%3A%20session%3Dvol.pdf", contentType: 'application/pdf', data: pdfDocument() }]);
    expect(res.statusCode).toBe(422);
    expectErrorBody(res, 'validation_failed');
    expect(row.cvPath).toBeNull();
  });

  it('decodes an RFC 5987 name with control characters and quotes, and the download header stays one safe line', async () => {
    const { res, row } = await uploadCv([{ name: 'cv', filenameStar: "UTF-8''cv%09%1B%C2%85%22%3B%20%C3%A9t%C3%A9.pdf", contentType: 'application/pdf', data: pdfDocument() }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(row.cvOriginalName).toBe('cv; été.pdf');
    const download = await app.inject({ method: 'GET', url: `/api/admin/users/${row.id}/cv`, headers: admin.headers });
    expectAttachment(download, CV_TYPES);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="cv; ete.pdf"; filename*=UTF-8''cv%3B%20%C3%A9t%C3%A9.pdf`);
  });

  it('shortens a 5,000-character name to 150 characters and keeps .pdf', async () => {
    const { res, row } = await uploadCv([cv(`${'é'.repeat(5000)}.pdf`, pdfDocument())]);
    expect(res.statusCode).toBe(201);
    expectSanitisedName(row.cvOriginalName);
    expect(row.cvOriginalName!.endsWith('.pdf')).toBe(true);
  });

  it('accepts a PDF/HTML polyglot named .pdf (it is a PDF) but serves it only as a PDF attachment with nosniff', async () => {
    const { res, row } = await uploadCv([cv('cv.pdf', pdfHtmlPolyglot, 'text/html')]);
    expect(res.statusCode).toBe(201);
    expect(row.cvMimeType).toBe('application/pdf');
    const download = await app.inject({ method: 'GET', url: `/api/admin/users/${row.id}/cv`, headers: admin.headers });
    expectAttachment(download, ['application/pdf']);
    expect(download.rawPayload.equals(pdfHtmlPolyglot)).toBe(true);
  });

  it('serves a real DOCX as a Word attachment with nosniff', async () => {
    const { res, row } = await uploadCv([cv('mon cv.docx', docxDocument(), 'text/html')]);
    expect(res.statusCode).toBe(201);
    const download = await app.inject({ method: 'GET', url: `/api/admin/users/${row.id}/cv`, headers: admin.headers });
    expectAttachment(download, ['application/vnd.openxmlformats-officedocument.wordprocessingml.document']);
  });
});

// ---------------------------------------------------------------------------------------------
// Course image and attachment

async function postCourse(body: { payload: Buffer | Readable; headers: Record<string, string> }) {
  const before = (await db.select({ id: courses.id }).from(courses)).length;
  const res = await app.inject({ method: 'POST', url: '/api/courses', headers: { ...body.headers, ...author.headers }, payload: body.payload });
  const after = (await db.select({ id: courses.id }).from(courses)).length;
  return { res, created: after - before };
}

const image = (data: Buffer, filename = 'couverture.png', contentType = 'image/png'): Part => ({ name: 'image', filename, contentType, data });
const attachment = (data: Buffer, filename = 'programme.pdf', contentType = 'application/pdf'): Part => ({ name: 'attachment', filename, contentType, data });
const course = (...files: Part[]) => multipartBody([...courseFieldParts(), ...files]);

async function courseRow(id: number) {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return row!;
}

describe('course upload attacks', () => {
  it.each([
    ['a GIF/script polyglot as the image', [image(gifScriptPolyglot, 'x.gif', 'image/gif')], 'image'],
    ['an SVG with a script as the image', [image(svgWithScript, 'x.svg', 'image/svg+xml')], 'image'],
    ['an HTML page sent as image/png', [image(htmlPage)], 'image'],
    ['a PDF/HTML polyglot as the image', [image(pdfHtmlPolyglot, 'x.png')], 'image'],
    ['an empty image', [image(Buffer.alloc(0))], 'image'],
    ['a ZIP that is not a DOCX as the attachment', [image(pngImage(2, 2)), attachment(plainZip, 'notes.docx')], 'attachment'],
    ['an HTML page named .pdf as the attachment', [image(pngImage(2, 2)), attachment(htmlPage)], 'attachment'],
    ['a PNG named .pdf as the attachment', [image(pngImage(2, 2)), attachment(pngImage(2, 2))], 'attachment'],
    ['an empty attachment', [image(pngImage(2, 2)), attachment(Buffer.alloc(0))], 'attachment'],
  ])('refuses %s with 415 and keeps nothing', async (_label, files, field) => {
    const { res, created } = await postCourse(course(...files));
    expect(res.statusCode).toBe(415);
    const body = expectErrorBody(res, 'unsupported_file_type') as { errors?: Record<string, string[]> };
    expect(Object.keys(body.errors ?? {})).toEqual([field]);
    expect(created).toBe(0);
  });

  it('refuses an image of 5 MB + 1 byte with 413 file_too_large', async () => {
    const big = Buffer.concat([pngImage(2, 2), Buffer.alloc(COURSE_IMAGE_MAX_BYTES + 1 - pngImage(2, 2).length)]);
    const { res, created } = await postCourse(course(image(big)));
    expect(res.statusCode).toBe(413);
    expect(expectErrorBody(res, 'file_too_large').message).toBe("L'image ne doit pas dépasser 5 Mo.");
    expect(created).toBe(0);
  });

  it('refuses an attachment of 200 MB + 1 byte with 413, streamed without holding it in memory', async () => {
    const { payload, headers } = streamedCourse(COURSE_ATTACHMENT_MAX_BYTES + 1);
    const { res, created } = await postCourse({ payload, headers });
    expect(res.statusCode).toBe(413);
    expect(expectErrorBody(res, 'file_too_large').message).toBe('La pièce jointe ne doit pas dépasser 200 Mo.');
    expect(created).toBe(0);
  }, 120_000);

  it('refuses more files than allowed (image, attachment and one more) with 413', async () => {
    const { res, created } = await postCourse(course(image(pngImage(2, 2)), attachment(pdfDocument()), attachment(pdfDocument(), 'encore.pdf')));
    expect(res.statusCode).toBe(413);
    expectErrorBody(res, 'payload_too_large');
    expect(created).toBe(0);
  });

  it('refuses two images with 400', async () => {
    const { res, created } = await postCourse(course(image(pngImage(2, 2)), image(pngImage(2, 2), 'b.png')));
    expect(res.statusCode).toBe(400);
    expectErrorBody(res, 'invalid_request');
    expect(created).toBe(0);
  });

  it('refuses a flood of fields with 413', async () => {
    const flood: Part[] = Array.from({ length: 40 }, (_, i) => ({ name: `champ${i}`, data: 'x' }));
    const { res, created } = await postCourse(multipartBody([...courseFieldParts(), ...flood, image(pngImage(2, 2))]));
    expect(res.statusCode).toBe(413);
    expectErrorBody(res, 'payload_too_large');
    expect(created).toBe(0);
  });

  it('refuses a file under an unexpected field name with 400', async () => {
    const { res, created } = await postCourse(course(image(pngImage(2, 2)), { name: 'cv', filename: 'cv.pdf', contentType: 'application/pdf', data: pdfDocument() }));
    expect(res.statusCode).toBe(400);
    expect(expectErrorBody(res, 'invalid_request').message).toBe('Le fichier «\u00a0cv\u00a0» n\'est pas attendu.');
    expect(created).toBe(0);
  });

  it('refuses a NUL character in a text field with 422 (PostgreSQL text cannot hold it)', async () => {
    const { res, created } = await postCourse(multipartBody([...courseFieldParts({ title: 'Compost\u0000age' }), image(pngImage(2, 2))]));
    expect(res.statusCode).toBe(422);
    expectErrorBody(res, 'validation_failed');
    expect(created).toBe(0);
  });

  it('serves a JPEG carrying a script inline as image/jpeg only, with nosniff and a sandbox', async () => {
    const { res } = await postCourse(course(image(jpegScriptPolyglot, 'photo.html', 'text/html')));
    expect(res.statusCode, res.body).toBe(201);
    // A new course is a draft: its author reads its image.
    const served = await app.inject({ method: 'GET', url: `/api/courses/${res.json().id}/image`, headers: author.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition'] ?? '').not.toMatch(/attachment/);
    expect(String(served.headers['content-security-policy'])).toMatch(/default-src 'none'.*sandbox/);
  });

  it('serves a PNG named .jpg and sent as text/html under its detected type, image/png', async () => {
    const { res } = await postCourse(course(image(pngImage(2, 2), 'photo.jpg', 'text/html')));
    expect(res.statusCode, res.body).toBe(201);
    // A new course is a draft: its author reads its image.
    const served = await app.inject({ method: 'GET', url: `/api/courses/${res.json().id}/image`, headers: author.headers });
    expect(served.headers['content-type']).toBe('image/png');
    expect(COURSE_IMAGE_TYPES).toContain(served.headers['content-type']);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('offers a PDF/HTML polyglot named .html only as a PDF attachment named .pdf, with nosniff', async () => {
    const { res } = await postCourse(course(image(pngImage(2, 2)), attachment(pdfHtmlPolyglot, 'programme.html', 'text/html')));
    expect(res.statusCode, res.body).toBe(201);
    const row = await courseRow(res.json().id);
    expect(row.attachmentOriginalName).toBe('programme.pdf');
    const served = await app.inject({ method: 'GET', url: `/api/courses/${row.id}/attachment`, headers: author.headers });
    expectAttachment(served, ['application/pdf']);
    expect(served.headers['content-disposition']).toContain('filename="programme.pdf"');
  });

  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\x.pdf', 'x.pdf'],
    ['pro\u0000gr\u001bamme\r\n.pdf', 'programme.pdf'],
    ['\\"guillemets\\".pdf', 'guillemets.pdf'],
    ['facture\u202Eexe.pdf', 'factureexe.pdf'],
    ['../../etc/passwd', 'passwd.pdf'],
  ])('stores the attachment name %j as %j and serves it as an attachment', async (filename, expected) => {
    const { res } = await postCourse(course(image(pngImage(2, 2)), attachment(pdfDocument(), filename)));
    expect(res.statusCode, res.body).toBe(201);
    const row = await courseRow(res.json().id);
    expect(row.attachmentOriginalName).toBe(expected);
    expectSanitisedName(row.attachmentOriginalName);
    const served = await app.inject({ method: 'GET', url: `/api/courses/${row.id}/attachment`, headers: author.headers });
    expectAttachment(served, ['application/pdf']);
  });

  it('shortens a very long attachment name and keeps its extension', async () => {
    const { res } = await postCourse(course(image(pngImage(2, 2)), attachment(pdfDocument(), `${'a'.repeat(4000)}.pdf`)));
    expect(res.statusCode).toBe(201);
    const row = await courseRow(res.json().id);
    expectSanitisedName(row.attachmentOriginalName);
    expect(row.attachmentOriginalName!.endsWith('.pdf')).toBe(true);
  });
});

/** A course form whose attachment is `size` bytes of a PDF, generated as it is read. */
function streamedCourse(size: number): { payload: Readable; headers: Record<string, string> } {
  const head = multipartBody([...courseFieldParts(), image(pngImage(2, 2))]);
  const boundary = head.headers['content-type']!.split('boundary=')[1]!;
  const withoutEnd = head.payload.subarray(0, head.payload.length - `--${boundary}--\r\n`.length);
  const partHeader = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="gros.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const pdf = pdfDocument();
  function* pieces() {
    yield withoutEnd;
    yield partHeader;
    yield pdf;
    let left = size - pdf.length;
    while (left > 0) {
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= piece.length;
      yield piece;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { payload: Readable.from(pieces()), headers: head.headers };
}
