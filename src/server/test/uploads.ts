import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '../lib/storage';

/** What a test puts into, and reads back from, the storage (uploads folder or S3 bucket). */

/** Keeps bytes under a random stored name, as keepUpload names them. */
export async function placeFile(storage: Storage, bytes: Buffer, ext: string): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await keepBytes(storage, name, bytes);
  return name;
}

/** Keeps bytes under `name`, as the storage's drivers keep a received file. */
export async function keepBytes(storage: Storage, name: string, bytes: Buffer): Promise<void> {
  const source = path.join(storage.incomingRoot, `placed-${name}`);
  await fs.mkdir(storage.incomingRoot, { recursive: true });
  await fs.writeFile(source, bytes);
  try {
    await storage.driver.put(name, source, { size: bytes.length, move: false });
  } finally {
    await fs.rm(source, { force: true });
  }
}

/** The content kept under `name`, or null when nothing is. */
export async function readStoredFile(storage: Storage, name: string): Promise<Buffer | null> {
  const file = await storage.driver.open(name);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export async function removeKeptFile(storage: Storage, name: string): Promise<void> {
  await storage.driver.remove(name);
}

/**
 * Every kept file, then every file being received in this process's incoming folder (as
 * `incoming/<name>`), sorted; none when nothing was stored yet.
 */
export async function uploadsListing(storage: Storage): Promise<string[]> {
  const kept = (await storage.driver.list()).map((entry) => entry.name);
  let incoming: string[] = [];
  try {
    incoming = (await fs.readdir(storage.incomingDir)).map((name) => `incoming/${name}`);
  } catch {
    // Nothing received yet.
  }
  return [...kept, ...incoming].sort();
}
