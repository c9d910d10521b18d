import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { detectFileType, discardUpload, isStorageFailure, receiveUpload, type ByteRange, type DetectedType, type OpenedFile, type ReceivedFile, type Storage } from './storage';

/** A file streamed to a temporary name, with the name the user gave it. */
export interface IncomingFile extends ReceivedFile {
  originalName: string;
}

/**
 * Streams one multipart file part into this process's incoming folder under a temporary name. Past
 * `maxBytes` it answers the caller's 413 (`tooLarge`) and leaves nothing behind.
 */
export async function receiveFilePart(file: Readable, storage: Storage, maxBytes: number, tooLarge: () => AppError): Promise<ReceivedFile> {
  try {
    return await receiveUpload(storage, file, maxBytes);
  } catch (error) {
    if (error instanceof AppError && error.code === 'file_too_large') throw tooLarge();
    malformedForm(error);
  }
}

/**
 * The received file's real type, read from its content, as `accept` takes it (null: refused with
 * the caller's 415, `unsupported`). The name is never trusted alone.
 */
export async function checkFileType<T>(
  file: ReceivedFile,
  accept: (detected: DetectedType | null) => T | null,
  unsupported: () => AppError,
): Promise<T> {
  const accepted = accept(await detectFileType(file.tempPath));
  if (accepted === null) throw unsupported();
  return accepted;
}

interface SingleFileRule {
  /** The form field the file must come under. */
  field: string;
  maxBytes: number;
  /** 422 when the form has no file under `field`. */
  missing: () => AppError;
  /** 413 past `maxBytes`. */
  tooLarge: () => AppError;
}

/**
 * Reads a multipart form made of one file (text fields around it carry nothing we use): the file
 * streams to a temporary name, then the rest of the form is read, so a second file (413, through
 * the per-request limit) leaves nothing behind. The caller discards the file once done with it.
 */
export async function receiveSingleFile(request: FastifyRequest, storage: Storage, rule: SingleFileRule): Promise<IncomingFile> {
  // The per-request limits make busboy stop counting at `maxBytes` whatever the global multipart
  // limit, and refuse a second file.
  const parts = request.parts({ limits: { fileSize: rule.maxBytes, files: 1 } })[Symbol.asyncIterator]();
  let next = await parts.next().catch(malformedForm);
  while (!next.done && next.value.type === 'field') next = await parts.next().catch(malformedForm);
  const part = next.done ? null : next.value;
  if (!part || part.type !== 'file' || part.fieldname !== rule.field) {
    // Read and drop a file sent under another name, so the connection stays usable.
    if (part?.type === 'file') part.file.resume();
    throw rule.missing();
  }
  const received = await receiveFilePart(part.file, storage, rule.maxBytes, rule.tooLarge);
  try {
    for (let more = await parts.next(); !more.done; more = await parts.next()) {
      // Fields after the file carry nothing we use either.
    }
  } catch (error) {
    await discardUpload(received);
    malformedForm(error);
  }
  return { ...received, originalName: part.filename };
}

/** Busboy's own parse errors (no boundary, a broken part header, a form cut short) carry no code. */
const MULTIPART_PARSE_ERROR = /^(Multipart: |Malformed part header|Unexpected end of form)/;

/** A form busboy cannot read is the client's error (400), not the server's. */
function malformedForm(error: unknown): never {
  if (error instanceof Error && !(error instanceof AppError) && MULTIPART_PARSE_ERROR.test(error.message)) {
    throw new AppError('invalid_request', 400, 'Le formulaire envoyé est mal formé (multipart/form-data).');
  }
  throw error;
}

/** A kept file opened for streaming, or null when the store has nothing under that name. */
export async function openStoredFile(storage: Storage, storedName: string, range?: ByteRange): Promise<OpenedFile | null> {
  try {
    return await storage.driver.open(storedName, range);
  } catch (error) {
    // A bucket out of reach is the storage's fault, not a missing file nor a bug.
    if (isStorageFailure(error)) throw new AppError('storage_unavailable', 503);
    throw error;
  }
}

/** Streams a kept file as the answer; the caller has set its type and caching headers. */
export function sendStoredFile(reply: FastifyReply, file: OpenedFile) {
  return reply.header('Content-Length', file.size).header('X-Content-Type-Options', 'nosniff').send(file.stream);
}
