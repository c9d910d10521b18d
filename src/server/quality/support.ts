import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { courseSearchText } from '../modules/courses/courses.service';
import type { Db } from '../db/client';
import { auditLog, courses, enrolments, meetings, savedCourses, sessions, users, type CourseRow, type UserRow } from '../db/schema';
import { createSession } from '../lib/sessions';
import { createUser } from '../test/helpers';

/**
 * Shared tools of the quality suites (access matrix, fuzzing, upload attacks, headers and logs):
 * the actors, real file bytes, hand-built multipart bodies and database/folder snapshots.
 */

/** The roles the access matrix distinguishes, each a signed-in account but the visitor. */
export const roleActors = ['membre', 'organisme', 'formateurPending', 'formateurApproved', 'admin'] as const;
export type RoleActor = (typeof roleActors)[number];

export interface SignedIn {
  user: UserRow;
  headers: { authorization: string };
}

/** A user of the given kind with a live session. */
export async function signedIn(db: Db, kind: RoleActor, overrides: Parameters<typeof createUser>[1] = {}): Promise<SignedIn> {
  const base: Parameters<typeof createUser>[1] =
    kind === 'formateurPending'
      ? { role: 'formateur', isValid: false }
      : kind === 'formateurApproved'
        ? { role: 'formateur', isValid: true }
        : { role: kind };
  const user = await createUser(db, { ...base, ...overrides });
  return { user, headers: { authorization: `Bearer ${await createSession(db, user.id)}` } };
}

// ---------------------------------------------------------------------------------------------
// Real file bytes, built here so the suites do not depend on another feature's fixtures.

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  return c >>> 0;
});

export function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 2x2 PNG. */
export function pngBytes(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.from([0, 46, 125, 50, 46, 125, 50]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid 1x1 baseline JPEG. */
export function jpegBytes(): Buffer {
  return Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );
}

export function pdfBytes(extra = ''): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${extra}trailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** A ZIP archive (stored, no compression) holding the given entries. */
export function zipBytes(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(entries).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

/** A minimal but real Word (DOCX) document: the OOXML parts file-type looks for. */
export function docxBytes(): Buffer {
  return zipBytes({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
  });
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies built by hand, so a test controls every byte of every part header.

export interface Part {
  name: string;
  /** The `filename="…"` parameter, written as given (raw bytes allowed); absent for a text field. */
  filename?: string | Buffer;
  /** An RFC 5987 `filename*=` parameter (already percent-encoded), as some clients send. */
  filenameStar?: string;
  contentType?: string;
  data: Buffer | string;
}

export function multipartBody(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----EcoFormaQuality${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const isFile = part.filename !== undefined || part.filenameStar !== undefined;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`));
    if (part.filename !== undefined) chunks.push(Buffer.from('; filename="'), Buffer.from(part.filename), Buffer.from('"'));
    if (part.filenameStar !== undefined) chunks.push(Buffer.from(`; filename*=${part.filenameStar}`));
    chunks.push(Buffer.from(`\r\n${isFile ? `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n` : ''}\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The text fields of a valid course. */
export function courseFieldParts(overrides: Record<string, string> = {}): Part[] {
  const fields: Record<string, string> = {
    title: 'Jardins partagés en ville',
    description: 'Créer et animer un jardin partagé dans son quartier, de la parcelle à la récolte.',
    category: 'biodiversite',
    price: '59',
    duration: '3 semaines',
    status: 'published',
    ...overrides,
  };
  return Object.entries(fields).map(([name, data]) => ({ name, data }));
}

// ---------------------------------------------------------------------------------------------
// Data written directly, and what is on disk.

let courseSequence = 0;
/** A course row written directly; files, if any, are placed with `placeFile`. */
export async function insertCourse(db: Db, authorId: number, overrides: Partial<typeof courses.$inferInsert> = {}): Promise<CourseRow> {
  courseSequence++;
  const title = overrides.title ?? `Cours de contrôle ${courseSequence}`;
  const description = overrides.description ?? 'Une description assez longue pour un cours de contrôle.';
  const categorySlug = overrides.categorySlug ?? 'rse';
  const [row] = await db
    .insert(courses)
    .values({
      duration: '2 semaines',
      priceCents: 4900,
      status: 'published',
      ...overrides,
      title,
      description,
      categorySlug,
      authorId,
      searchText: courseSearchText(title, description, categorySlug),
    })
    .returning();
  return row!;
}

/** Writes bytes into the uploads folder under a random stored name, as keepUpload names them. */
export async function placeFile(uploadsDir: string, bytes: Buffer, ext: string): Promise<string> {
  await fs.mkdir(uploadsDir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await fs.writeFile(path.join(uploadsDir, name), bytes);
  return name;
}

/** Every entry under the uploads folder, hidden and nested ones included, as relative paths. */
export async function uploadsListing(uploadsDir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(uploadsDir, { recursive: true, withFileTypes: true });
    return entries.map((e) => path.relative(uploadsDir, path.join(e.parentPath, e.name))).sort();
  } catch {
    return [];
  }
}

/** The stored names the database references (CVs, course images and attachments). */
export async function referencedFiles(db: Db): Promise<string[]> {
  const [userFiles, courseFiles] = await Promise.all([
    db.select({ cv: users.cvPath }).from(users),
    db.select({ image: courses.imagePath, attachment: courses.attachmentPath }).from(courses),
  ]);
  return [...userFiles.map((u) => u.cv), ...courseFiles.flatMap((c) => [c.image, c.attachment])]
    .filter((name): name is string => Boolean(name))
    .sort();
}

/** The uploads folder holds exactly the referenced files: no temporary file, no orphan. */
export async function expectNoStrayFile(db: Db, uploadsDir: string): Promise<void> {
  expect(await uploadsListing(uploadsDir)).toEqual(await referencedFiles(db));
}

/**
 * Everything a request could change, as one comparable value: the rows of every table that
 * holds user data, and the uploads folder. Used to prove that a refused call changed nothing.
 */
export async function stateFingerprint(db: Db, uploadsDir: string): Promise<string> {
  const rows = await Promise.all([
    db.select().from(users).orderBy(asc(users.id)),
    db.select().from(sessions).orderBy(asc(sessions.id)),
    db.select().from(courses).orderBy(asc(courses.id)),
    db.select().from(enrolments).orderBy(asc(enrolments.userId), asc(enrolments.courseId)),
    db.select().from(savedCourses).orderBy(asc(savedCourses.userId), asc(savedCourses.courseId)),
    db.select().from(meetings).orderBy(asc(meetings.id)),
    db.select().from(auditLog).orderBy(asc(auditLog.id)),
  ]);
  return JSON.stringify([rows, await uploadsListing(uploadsDir)]);
}

/** The API's error body: `{ error_code, message, errors? }` with French text. */
export function expectErrorBody(res: LightMyRequestResponse, code?: string): { error_code: string; message: string } {
  expect(res.headers['content-type'], `${res.statusCode} ${res.body.slice(0, 200)}`).toMatch(/^application\/json/);
  const body = res.json() as { error_code: unknown; message: unknown; errors?: unknown };
  expect(typeof body.error_code).toBe('string');
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  if (code) expect(body.error_code).toBe(code);
  return body as { error_code: string; message: string };
}
