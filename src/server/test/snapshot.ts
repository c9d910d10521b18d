import type { Storage } from '../lib/storage';
import type { TestDatabase } from './database';
import { readRowsRestore } from './database-reuse';
import { keepBytes, readStoredFile } from './uploads';

/** Brings a test app's data back to a moment taken by `takeSnapshot`. */
export type RestoreSnapshot = () => Promise<void>;

/**
 * The rows, sequences and stored files of a test app as they are now. A test that needs the same
 * data before each of many calls that change it builds the data once and restores it, which
 * costs a fraction of building it again; the restored rows keep their ids, so what the test
 * learnt about them (users, their session tokens, courses) stays true.
 */
export async function takeSnapshot(database: TestDatabase, storage: Storage): Promise<RestoreSnapshot> {
  const restoreRows = await database.withSession(readRowsRestore);
  const files = new Map<string, Buffer>();
  for (const { name } of await storage.driver.list()) files.set(name, (await readStoredFile(storage, name))!);
  return async () => {
    await database.withSession((session) => session.run(restoreRows));
    const kept = new Set((await storage.driver.list()).map((entry) => entry.name));
    for (const name of kept) if (!files.has(name)) await storage.driver.remove(name);
    for (const [name, bytes] of files) if (!kept.has(name)) await keepBytes(storage, name, bytes);
  };
}
