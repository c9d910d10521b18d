import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** What a test puts into, and reads back from, the uploads folder. */

/** Writes bytes into the uploads folder under a random stored name, as keepUpload names them. */
export async function placeFile(uploadsDir: string, bytes: Buffer, ext: string): Promise<string> {
  await fs.mkdir(uploadsDir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await fs.writeFile(path.join(uploadsDir, name), bytes);
  return name;
}

/**
 * Every entry under the uploads folder, hidden (`.incoming-…` temporary files) and nested ones
 * included, as sorted relative paths; none when the folder does not exist yet.
 */
export async function uploadsListing(uploadsDir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(uploadsDir, { recursive: true, withFileTypes: true });
    return entries.map((e) => path.relative(uploadsDir, path.join(e.parentPath, e.name))).sort();
  } catch {
    return [];
  }
}
