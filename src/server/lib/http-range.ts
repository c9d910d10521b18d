import type { FastifyReply } from 'fastify';
import { errorMessages } from '../../shared/errors';
import { openStoredFile } from './file-transfer';
import type { ByteRange, Storage } from './storage';

/** What a `Range` header asks of a file of a given size. */
export type RangeRequest = { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/** One range of bytes: `a-b`, `a-` or the suffix `-n`; 16 digits at most, far past any file we keep. */
const SINGLE_RANGE = /^bytes=(\d{0,16})-(\d{0,16})$/;

/**
 * Reads a `Range` header (RFC 9110 §14) against a file of `size` bytes. No header: the whole file.
 * One satisfiable range: that part, its end clamped to the file. Anything else (past the end, a
 * zero suffix, start after end, another unit, several ranges, bad syntax) is unsatisfiable: the
 * caller answers 416 with `Content-Range: bytes *\/size` rather than guessing.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'full' };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'unsatisfiable' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'unsatisfiable' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && start > Number(last))) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}

export interface RangedFile {
  storedName: string;
  /** The size recorded when the file was kept; unknown (null): read from the store. */
  size: number | null;
}

/**
 * Streams a kept file honouring `Range`: 200 with the whole file, 206 with `Content-Range` for
 * one range (only those bytes are read from the store), 416 with `Content-Range: bytes *\/size`
 * when the range cannot be served. The caller sets Content-Type, Content-Disposition and caching
 * beforehand. Returns whether it answered: false when the store has nothing under the name. Not the
 * reply itself, which is thenable: awaited, it gives undefined once the bytes are sent.
 */
export async function sendRangedFile(reply: FastifyReply, storage: Storage, file: RangedFile, rangeHeader: string | undefined): Promise<boolean> {
  let size = file.size;
  let opened = null;
  if (size === null) {
    opened = await openStoredFile(storage, file.storedName);
    if (!opened) return false;
    size = opened.size;
  }
  const wanted = parseRange(rangeHeader, size);
  reply.header('Accept-Ranges', 'bytes').header('X-Content-Type-Options', 'nosniff');
  if (wanted.kind === 'unsatisfiable') {
    opened?.stream.destroy();
    reply.removeHeader('Content-Disposition');
    reply
      .status(416)
      .header('Content-Range', `bytes */${size}`)
      .type('application/json; charset=utf-8')
      .send({ error_code: 'range_not_satisfiable', message: errorMessages.range_not_satisfiable });
    return true;
  }
  if (wanted.kind === 'full') {
    opened ??= await openStoredFile(storage, file.storedName);
    if (!opened) return false;
    reply.status(200).header('Content-Length', size).send(opened.stream);
    return true;
  }
  opened?.stream.destroy();
  const { start, end } = wanted.range;
  const part = await openStoredFile(storage, file.storedName, wanted.range);
  if (!part) return false;
  reply
    .status(206)
    .header('Content-Range', `bytes ${start}-${end}/${size}`)
    .header('Content-Length', end - start + 1)
    .send(part.stream);
  return true;
}
