import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { AppError } from './app-error';

/** A file received under a temporary name in this process's incoming folder, not yet referenced by any row. */
export interface ReceivedFile {
  tempPath: string;
  size: number;
}

export interface DetectedType {
  ext: string;
  mime: string;
}

/** A kept file, as the store lists it. */
export interface StoredEntry {
  name: string;
  modifiedAt: Date;
}

/** A kept file opened for reading: streamed, never loaded in memory. */
export interface OpenedFile {
  /** The whole file's size, even when `stream` carries only a range of it. */
  size: number;
  stream: Readable;
}

/** Bytes `start` to `end` of a file, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where kept files live: the uploads folder (`diskDriver`) or an S3 bucket (`s3Driver`). Every
 * file the product keeps goes through one, so every API process sees the same files.
 */
export interface StorageDriver {
  readonly kind: 'disk' | 's3';
  /** Stores the local file at `sourcePath` under `name`; with `move` the source may be taken over (renamed). */
  put(name: string, sourcePath: string, options: { size: number; move: boolean }): Promise<void>;
  /**
   * The file, or null when nothing is stored under `name`; with `range` (already checked against
   * the size), only those bytes are read, so seeking in a large video reads only what is shown.
   */
  open(name: string, range?: ByteRange): Promise<OpenedFile | null>;
  remove(name: string): Promise<void>;
  list(): Promise<StoredEntry[]>;
  /** Writes then deletes a small object: fails when the store takes no write. */
  probe(): Promise<void>;
}

export type StorageStatus = 'ok' | 'unavailable';

/** How long a health answer about the storage is reused: /api/health never writes on every call. */
const STATUS_TTL_MS = 15_000;
/** Unreferenced kept files younger than this may belong to an upload whose row is not committed yet. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/**
 * The product's one storage: the driver that keeps files, and this process's own incoming folder
 * (`<incomingRoot>/<host>-<pid>-<random>`), where uploads stream and are checked before they are
 * kept. A folder per process lets the start-up sweep tell its own leftovers from another live
 * process's uploads in progress (decision 014).
 */
export class Storage {
  readonly incomingDir: string;
  private status: { value: StorageStatus; at: number } | null = null;
  /** Aborted when a stop's grace period is over: the uploads still arriving are cut. */
  private readonly stopping = new AbortController();
  /** The uploads streaming into the incoming folder now, each settled once its partial file is gone. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    readonly driver: StorageDriver,
    readonly incomingRoot: string,
  ) {
    this.incomingDir = path.join(incomingRoot, `${hostTag()}-${process.pid}-${randomBytes(6).toString('hex')}`);
  }

  /** Whether files can be written, from the last write or a probe at most STATUS_TTL_MS old. */
  async health(): Promise<StorageStatus> {
    if (this.status && Date.now() - this.status.at < STATUS_TTL_MS) return this.status.value;
    try {
      await fs.mkdir(this.incomingDir, { recursive: true });
      const probe = path.join(this.incomingDir, `.probe-${randomBytes(6).toString('hex')}`);
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe, { force: true });
      await this.driver.probe();
      this.note('ok');
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      this.note('unavailable');
    }
    return this.status!.value;
  }

  /** Records what a real write just showed, so /api/health reports a full disk at once. */
  note(value: StorageStatus): void {
    this.status = { value, at: Date.now() };
  }

  /**
   * Cuts every upload still arriving (a stop's grace period is over): each removes its partial file
   * and answers 503 `shutting_down`. Resolves once they all have.
   */
  async stopReceiving(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Runs an upload's reception unless the process is stopping; tracked, so that a stop waits for its cleanup. */
  async receiving<T>(work: (stop: AbortSignal) => Promise<T>): Promise<T> {
    if (this.stopping.signal.aborted) throw new AppError('shutting_down', 503);
    const received = work(this.stopping.signal);
    this.inFlight.add(received);
    try {
      return await received;
    } finally {
      this.inFlight.delete(received);
    }
  }

  /** Runs a write; a full, read-only or unreachable store becomes 503 `storage_unavailable`. */
  async write<T>(operation: () => Promise<T>): Promise<T> {
    try {
      const result = await operation();
      this.note('ok');
      return result;
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      this.note('unavailable');
      throw new AppError('storage_unavailable', 503);
    }
  }
}

/** `<host>-<pid>-<random>`: the host part never holds a dash. */
const INCOMING_NAME = /^([^-]+)-(\d+)-([0-9a-f]+)$/;

function hostTag(): string {
  return os.hostname().replace(/[^A-Za-z0-9.]/g, '_');
}

/** The storage the configuration asks for: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export async function createStorage(config: Config): Promise<Storage> {
  const incomingRoot = path.join(config.dataDir, 'incoming');
  if (!config.s3) return new Storage(diskDriver(config.uploadsDir), incomingRoot);
  // Loaded only when used: the SDK is large, and the embedded default never needs it.
  const { s3Driver } = await import('./s3-storage');
  return new Storage(s3Driver(config.s3), incomingRoot);
}

/** Error codes of a disk that takes no more writes (full, quota, read-only, refused). */
const DISK_FAILURES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM']);
/** Network failures reaching an object store. */
const NETWORK_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE']);

/** True for an error meaning the store cannot take writes, as opposed to a bug or a bad request. */
export function isStorageFailure(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'storage_unavailable';
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (DISK_FAILURES.has(code) || NETWORK_FAILURES.has(code))) return true;
  // An S3 service error (access denied, missing bucket, 5xx) carries the response's metadata.
  return typeof (error as { $metadata?: unknown } | null)?.$metadata === 'object';
}

/** Kept files on the local disk, in the uploads folder. */
export function diskDriver(uploadsDir: string): StorageDriver {
  return {
    kind: 'disk',
    async put(name, sourcePath, { move }) {
      await fs.mkdir(uploadsDir, { recursive: true });
      const target = storedFilePath(uploadsDir, name);
      if (move) {
        try {
          // A rename is atomic: the kept name never shows half a file.
          return await fs.rename(sourcePath, target);
        } catch (error) {
          if ((error as { code?: string }).code !== 'EXDEV') throw error;
        }
      }
      await fs.copyFile(sourcePath, target, fs.constants.COPYFILE_EXCL);
    },
    async open(name, range) {
      const filePath = storedFilePath(uploadsDir, name);
      const stat = await fs.stat(filePath).catch(() => null);
      if (!stat?.isFile()) return null;
      return { size: stat.size, stream: createReadStream(filePath, range ? { start: range.start, end: range.end } : undefined) };
    },
    async remove(name) {
      await fs.rm(storedFilePath(uploadsDir, name), { force: true, recursive: true });
    },
    async list() {
      let names: string[];
      try {
        names = await fs.readdir(uploadsDir);
      } catch {
        return [];
      }
      const entries: StoredEntry[] = [];
      for (const name of names) {
        const stat = await fs.stat(path.join(uploadsDir, name)).catch(() => null);
        if (stat) entries.push({ name, modifiedAt: stat.mtime });
      }
      return entries;
    },
    async probe() {
      await fs.mkdir(uploadsDir, { recursive: true });
      const probe = path.join(uploadsDir, `.probe-${randomBytes(6).toString('hex')}`);
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe, { force: true });
    },
  };
}

/**
 * Streams an upload into this process's incoming folder, refusing it (413, nothing left behind)
 * as soon as it passes `maxBytes`, so a large file never sits in memory.
 */
export async function receiveUpload(storage: Storage, stream: Readable, maxBytes: number): Promise<ReceivedFile> {
  const tempPath = path.join(storage.incomingDir, randomBytes(16).toString('hex'));
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(new AppError('file_too_large', 413));
      else callback(null, chunk);
    },
  });
  return storage.receiving(async (stop) => {
    let out: WriteStream | null = null;
    try {
      await storage.write(() => fs.mkdir(storage.incomingDir, { recursive: true }));
      out = createWriteStream(tempPath, { flags: 'wx' });
      await pipeline(stream, counter, out, { signal: stop });
      // @fastify/multipart truncates at its own limit instead of failing when throwFileSizeLimit is off.
      if ((stream as Readable & { truncated?: boolean }).truncated) throw new AppError('file_too_large', 413);
    } catch (error) {
      // A first chunk already past the limit fails before the file is even opened: removing it
      // before the stream has closed would let the open create it afterwards, left behind.
      const writer = out;
      if (writer && !writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
      await fs.rm(tempPath, { force: true });
      if (stop.aborted) throw new AppError('shutting_down', 503);
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large', 413);
      if (isStorageFailure(error) && !(error instanceof AppError)) {
        storage.note('unavailable');
        throw new AppError('storage_unavailable', 503);
      }
      throw error;
    }
    return { tempPath, size };
  });
}

/** The file's real type, read from its content (magic bytes, ZIP and OLE2 structure), never its name. */
export async function detectFileType(filePath: string): Promise<DetectedType | null> {
  // Loaded on first use, not at start-up (decision 026).
  const { fileTypeFromFile } = await import('file-type');
  const type = await fileTypeFromFile(filePath);
  return type ? { ext: type.ext, mime: type.mime } : null;
}

/** Keeps a checked file under its permanent random name; the caller then references it in the database. */
export async function keepUpload(storage: Storage, file: ReceivedFile, ext: string): Promise<string> {
  const storedName = `${randomBytes(16).toString('hex')}.${ext}`;
  await storage.write(() => storage.driver.put(storedName, file.tempPath, { size: file.size, move: true }));
  await fs.rm(file.tempPath, { force: true });
  return storedName;
}

/** Keeps a copy of a file the product ships (the demo images), as an upload would be kept. */
export async function keepCopy(storage: Storage, sourcePath: string, ext: string): Promise<string> {
  const storedName = `${randomBytes(16).toString('hex')}.${ext}`;
  const { size } = await fs.stat(sourcePath);
  await storage.write(() => storage.driver.put(storedName, sourcePath, { size, move: false }));
  return storedName;
}

export async function discardUpload(file: ReceivedFile | null | undefined): Promise<void> {
  if (file) await fs.rm(file.tempPath, { force: true });
}

export function storedFilePath(uploadsDir: string, storedName: string): string {
  // Stored names are ours (hex + extension); basename() guards against anything else.
  return path.join(uploadsDir, path.basename(storedName));
}

export async function removeStoredFile(storage: Storage, storedName: string | null | undefined): Promise<void> {
  if (storedName) await storage.driver.remove(path.basename(storedName));
}

/**
 * Deletes what a crash can leave behind, without touching what another live process is doing:
 * kept files no row references once they are older than ORPHAN_GRACE_MS (a process killed
 * between keeping a file and committing its row), and the incoming folders of processes that are
 * gone (on this host: pid no longer running, or our own pid from a previous start). Run at start.
 */
export async function removeOrphanFiles(storage: Storage, referenced: Set<string>, now = new Date()): Promise<number> {
  let removed = 0;
  for (const entry of await storage.driver.list()) {
    if (referenced.has(entry.name) || now.getTime() - entry.modifiedAt.getTime() < ORPHAN_GRACE_MS) continue;
    await storage.driver.remove(entry.name);
    removed++;
  }
  let folders: string[];
  try {
    folders = await fs.readdir(storage.incomingRoot);
  } catch {
    return removed;
  }
  const ownFolder = path.basename(storage.incomingDir);
  for (const folder of folders) {
    if (folder !== ownFolder && isLeftBehind(folder)) {
      await fs.rm(path.join(storage.incomingRoot, folder), { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}

/** An incoming folder of this host whose process has ended; another host's folders are not ours to judge. */
function isLeftBehind(folder: string): boolean {
  const match = INCOMING_NAME.exec(folder);
  if (!match || match[1] !== hostTag()) return false;
  const pid = Number(match[2]);
  // Our own pid under another random part: this process's previous start (a container restarts as pid 1).
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as { code?: string }).code === 'ESRCH';
  }
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

/** RFC 6266 header with an ASCII fallback and the UTF-8 name; `inline` shows the file (a PDF) instead of saving it. */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'fichier';
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
