import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import type { Db } from '../../db/client';
import { courses, type CourseRow } from '../../db/schema';
import { courseSearchText } from './courses.service';

/** Test data for the course suites: real image bytes, multipart bodies, a course factory. */

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
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

/** A real PNG of `width` x `height` green pixels. */
export function pngImage(width = 4, height = 3): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([46, 125, 50], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid 1x1 baseline JPEG. */
export function jpegImage(): Buffer {
  return Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );
}

export function pdfDocument(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
}

/** An OLE2 compound file header, the container of Word 97-2003 (and Excel, PowerPoint) files. */
export function oleDocument(): Buffer {
  const buffer = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(buffer);
  return buffer;
}

/** The start of an MP4 video (an ISO base media 'ftyp' box). */
export function mp4Video(): Buffer {
  const buffer = Buffer.alloc(64);
  buffer.writeUInt32BE(24, 0);
  buffer.write('ftypisom', 4, 'ascii');
  buffer.write('isomiso2avc1mp41', 12, 'ascii');
  return buffer;
}

export interface FilePart {
  name: string;
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** A multipart/form-data body, parts in the given order (fields first unless told otherwise). */
export function multipart(fields: Record<string, string>, files: FilePart[] = [], filesFirst = false) {
  const boundary = `----ecoforma${randomBytes(8).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileParts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    ]),
  );
  const parts = filesFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Fields of a valid course, to override one at a time. */
export function courseFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    title: 'Compostage collectif en ville',
    description: 'Mettre en place un composteur partagé dans son quartier, étape par étape.',
    category: 'dechets',
    price: '79',
    discountPrice: '69,90',
    duration: '4 semaines',
    status: 'published',
    ...overrides,
  };
}

export function imagePart(content: Buffer = pngImage(), filename = 'couverture.png'): FilePart {
  return { name: 'image', filename, content, contentType: 'image/png' };
}

let sequence = 0;
/** A course row written directly (no files), for catalogue and enrolment tests. */
export async function insertCourse(
  db: Db,
  authorId: number,
  overrides: Partial<typeof courses.$inferInsert> = {},
): Promise<CourseRow> {
  sequence++;
  const title = overrides.title ?? `Cours d'essai ${sequence}`;
  const description = overrides.description ?? 'Une description suffisamment longue pour le cours.';
  const categorySlug = overrides.categorySlug ?? 'rse';
  const [row] = await db
    .insert(courses)
    .values({
      duration: '1 mois',
      priceCents: 8000,
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

/** Names in the uploads folder (none when it does not exist yet). */
export async function uploadedFiles(uploadsDir: string): Promise<string[]> {
  try {
    return (await fs.readdir(uploadsDir)).sort();
  } catch {
    return [];
  }
}
