import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Real file bytes and hand-built multipart bodies, for every server test, suite under tests/,
 * benchmark and e2e fixture generator. Plain Node: no Vitest import, so Playwright and tsx load
 * it too.
 */

// ---------------------------------------------------------------------------------------------
// Files whose content the server checks (file-type reads the bytes, not the name).

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

/**
 * A drawn signature as a pad sends it: a PNG of `width` x `height` white pixels crossed by a dark
 * stroke (`ink` false: a blank pad, white only).
 */
export function signaturePng(width = 300, height = 100, ink = true): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 255);
    row[0] = 0;
    if (ink) {
      // A wave across the pad, three pixels thick.
      for (let x = 0; x < width; x++) {
        const wave = Math.round(height / 2 + (height / 4) * Math.sin(x / 15));
        if (Math.abs(wave - y) <= 1) row.set([20, 20, 60], 1 + x * 3);
      }
    }
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

/** The smallest PDF file-type recognises; `extra` goes before the trailer (e.g. a hidden script). */
export function pdfDocument(extra = ''): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${extra}trailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** A ZIP archive (stored, no compression) holding the given entries. */
export function zipArchive(entries: Record<string, string>): Buffer {
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
export function docxDocument(): Buffer {
  return zipArchive({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
  });
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

/** A fresh boundary for one multipart body. */
export function multipartBoundary(): string {
  return `----EcoFormaTest${randomBytes(8).toString('hex')}`;
}

/** The delimiter and headers of one part, up to the blank line its content follows. */
export function partHead(boundary: string, part: Omit<Part, 'data'>): Buffer {
  const isFile = part.filename !== undefined || part.filenameStar !== undefined;
  const chunks = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`)];
  if (part.filename !== undefined) chunks.push(Buffer.from('; filename="'), Buffer.from(part.filename), Buffer.from('"'));
  if (part.filenameStar !== undefined) chunks.push(Buffer.from(`; filename*=${part.filenameStar}`));
  chunks.push(Buffer.from(`\r\n${isFile ? `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n` : ''}\r\n`));
  return Buffer.concat(chunks);
}

/** A multipart/form-data body, parts in the given order, as a browser sends it. */
export function multipartBody(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = multipartBoundary();
  const chunks: Buffer[] = [];
  for (const part of parts) chunks.push(partHead(boundary, part), typeof part.data === 'string' ? Buffer.from(part.data) : part.data, Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A file of a form, for `multipart`. */
export interface FilePart {
  name: string;
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** A form's text fields and files as one multipart body (fields first unless told otherwise). */
export function multipart(fields: Record<string, string>, files: FilePart[] = [], filesFirst = false): { payload: Buffer; headers: Record<string, string> } {
  const fieldParts: Part[] = Object.entries(fields).map(([name, data]) => ({ name, data }));
  const fileParts: Part[] = files.map((file) => ({ name: file.name, filename: file.filename, contentType: file.contentType, data: file.content }));
  return multipartBody(filesFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts]);
}

/** The start of a WebM video: an EBML header whose DocType is 'webm'. */
export function webmVideo(size = 64): Buffer {
  const element = (id: number[], data: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);
  const body = Buffer.concat([
    element([0x42, 0x86], Buffer.from([1])),
    element([0x42, 0xf7], Buffer.from([1])),
    element([0x42, 0xf2], Buffer.from([4])),
    element([0x42, 0xf3], Buffer.from([8])),
    element([0x42, 0x82], Buffer.from('webm')),
    element([0x42, 0x87], Buffer.from([4])),
    element([0x42, 0x85], Buffer.from([2])),
  ]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body]);
  return Buffer.concat([header, Buffer.alloc(Math.max(0, size - header.length))]);
}

/** WebVTT captions in French, as a `<track>` reads them. */
export function webVttCaptions(text = 'Bienvenue dans cette leçon.'): Buffer {
  return Buffer.from(`WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n${text}\n`);
}
