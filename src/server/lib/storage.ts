import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { AppError } from './app-error';

/** A file received into the uploads folder under a temporary name, not yet referenced by any row. */
export interface ReceivedFile {
  tempPath: string;
  size: number;
}

export interface DetectedType {
  ext: string;
  mime: string;
}

const TEMP_PREFIX = '.incoming-';

/**
 * Streams an upload to disk, refusing it (413, nothing left behind) as soon as it passes
 * `maxBytes`, so a large file never sits in memory.
 */
export async function receiveUpload(uploadsDir: string, stream: Readable, maxBytes: number): Promise<ReceivedFile> {
  await fs.mkdir(uploadsDir, { recursive: true });
  const tempPath = path.join(uploadsDir, `${TEMP_PREFIX}${randomBytes(16).toString('hex')}`);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(new AppError('file_too_large', 413));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(stream, counter, createWriteStream(tempPath, { flags: 'wx' }));
    // @fastify/multipart truncates at its own limit instead of failing when throwFileSizeLimit is off.
    if ((stream as Readable & { truncated?: boolean }).truncated) throw new AppError('file_too_large', 413);
  } catch (error) {
    await fs.rm(tempPath, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large', 413);
    throw error;
  }
  return { tempPath, size };
}

/** The file's real type, read from its content (magic bytes, ZIP and OLE2 structure), never its name. */
export async function detectFileType(filePath: string): Promise<DetectedType | null> {
  const type = await fileTypeFromFile(filePath);
  return type ? { ext: type.ext, mime: type.mime } : null;
}

/** Gives a received file its permanent random name; the caller then references it in the database. */
export async function keepUpload(uploadsDir: string, file: ReceivedFile, ext: string): Promise<string> {
  const storedName = `${randomBytes(16).toString('hex')}.${ext}`;
  await fs.rename(file.tempPath, path.join(uploadsDir, storedName));
  return storedName;
}

export async function discardUpload(file: ReceivedFile | null | undefined): Promise<void> {
  if (file) await fs.rm(file.tempPath, { force: true });
}

export function storedFilePath(uploadsDir: string, storedName: string): string {
  // Stored names are ours (hex + extension); basename() guards against anything else.
  return path.join(uploadsDir, path.basename(storedName));
}

export async function removeStoredFile(uploadsDir: string, storedName: string | null | undefined): Promise<void> {
  if (storedName) await fs.rm(storedFilePath(uploadsDir, storedName), { force: true });
}

/**
 * Deletes what a crash can leave behind: temporary uploads, and stored files that no row
 * references (a process killed between the rename and the commit). Run at start.
 */
export async function removeOrphanFiles(uploadsDir: string, referenced: Set<string>): Promise<number> {
  let removed = 0;
  let entries: string[];
  try {
    entries = await fs.readdir(uploadsDir);
  } catch {
    return 0;
  }
  for (const name of entries) {
    if (name.startsWith(TEMP_PREFIX) || !referenced.has(name)) {
      await fs.rm(path.join(uploadsDir, name), { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}

/**
 * A name safe to put in Content-Disposition: no path, no control characters (C0 and C1), no
 * line separators nor bidirectional overrides (which make 'facture\u202Efdp.exe' read as
 * 'factureexe.pdf'), bounded length.
 */
export function sanitizeFileName(name: string, fallback: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069"<>:|?*]/gu, '')
    .replace(/^\.+/, '')
    .trim();
  return keepWithin(cleaned, 150) || fallback;
}

/**
 * The sanitised name a download is offered under, ending with the extension of the type read
 * from the content: a PDF sent as 'programme.html' downloads as 'programme.pdf', never as a page
 * the browser would open from disk.
 */
export function downloadName(name: string, ext: string): string {
  const clean = sanitizeFileName(name, `piece-jointe.${ext}`);
  const current = path.extname(clean);
  if (current.slice(1).toLowerCase() === ext) return clean;
  return keepWithin(`${clean.slice(0, clean.length - current.length) || 'piece-jointe'}.${ext}`, 150);
}

/** Cuts a long name but keeps its extension, which downloads and type checks rely on. */
function keepWithin(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const ext = Array.from(path.extname(name)).slice(0, 16);
  return chars.slice(0, max - ext.length).join('').trimEnd() + ext.join('');
}

/** RFC 6266 header with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'fichier';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
