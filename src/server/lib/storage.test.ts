import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { pdfDocument } from '../test/files';
import { placeFile, uploadsListing } from '../test/uploads';
import { ORPHAN_GRACE_MS, removeOrphanFiles, Storage } from './storage';

/** The start-up sweep removes what crashes left, never what another live process is doing. */
const { storage } = await createTestApp();

const later = (ms: number) => new Date(Date.now() + ms);
const [host, pid] = path.basename(storage.incomingDir).split('-');

async function incomingFolder(name: string): Promise<string> {
  const folder = path.join(storage.incomingRoot, name);
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(path.join(folder, 'partiel'), 'envoi en cours');
  return name;
}

async function incomingFolders(): Promise<string[]> {
  return (await fs.readdir(storage.incomingRoot)).sort();
}

describe('the storage driver (disk, or S3 in the server-s3 project)', () => {
  async function read(stream: NodeJS.ReadableStream): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  it('opens a range of a kept file: only those bytes, with the whole size', async () => {
    const bytes = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256));
    const name = await placeFile(storage, bytes, 'bin');
    // Not 0-0: s3rver reads an end of 0 as "to the end" (real S3 does not).
    for (const [start, end] of [
      [0, 9],
      [100, 199],
      [299, 299],
    ] as const) {
      const opened = await storage.driver.open(name, { start, end });
      expect(opened!.size).toBe(300);
      expect((await read(opened!.stream)).equals(bytes.subarray(start, end + 1))).toBe(true);
    }
    const whole = await storage.driver.open(name);
    expect((await read(whole!.stream)).equals(bytes)).toBe(true);
    expect(await storage.driver.open('absent.bin', { start: 0, end: 1 })).toBeNull();
  });
});

describe('removeOrphanFiles (start-up sweep)', () => {
  it('keeps a file no row references yet while it is younger than the grace period: another process may be about to commit it', async () => {
    const inProgress = await placeFile(storage, pdfDocument(), 'pdf');
    await removeOrphanFiles(storage, new Set());
    expect(await uploadsListing(storage)).toContain(inProgress);
  });

  it('removes an unreferenced file past the grace period, and keeps a referenced one however old', async () => {
    const orphan = await placeFile(storage, pdfDocument(), 'pdf');
    const referenced = await placeFile(storage, pdfDocument(), 'pdf');
    await removeOrphanFiles(storage, new Set([referenced]), later(ORPHAN_GRACE_MS + 60_000));
    const listing = await uploadsListing(storage);
    expect(listing).not.toContain(orphan);
    expect(listing).toContain(referenced);
  });

  it('removes the incoming folders of ended processes and of its own previous start, and nobody else’s', async () => {
    // A process that has ended: its pid runs nothing any more.
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    const own = await incomingFolder(path.basename(storage.incomingDir));
    const live = await incomingFolder(`${host}-${process.ppid}-aaaa11`);
    const otherHost = await incomingFolder(`autre.machine-${ended}-bbbb22`);
    const gone = await incomingFolder(`${host}-${ended}-cccc33`);
    const previousStart = await incomingFolder(`${host}-${pid}-dddd44`);

    await removeOrphanFiles(storage, new Set());
    const folders = await incomingFolders();
    expect(folders).toEqual(expect.arrayContaining([own, live, otherHost]));
    expect(folders).not.toContain(gone);
    expect(folders).not.toContain(previousStart);
  });

  it('gives every storage instance, and so every process, its own incoming folder', () => {
    const other = new Storage(storage.driver, storage.incomingRoot);
    expect(other.incomingDir).not.toBe(storage.incomingDir);
    expect(path.basename(other.incomingDir)).toMatch(new RegExp(`^${host}-${process.pid}-[0-9a-f]{12}$`));
  });
});
