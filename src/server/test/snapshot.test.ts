import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp } from './app';
import { authHeader, createUser } from './factories';
import { pdfDocument, pngImage } from './files';
import { placeFile, readStoredFile, removeKeptFile, uploadsListing } from './uploads';

const { app, db, storage, snapshot } = await createTestApp();

describe('a snapshot of a test app’s data (the access matrix restores one before each cell that changes data)', () => {
  it('brings back the rows deleted, changed and added since, with their ids, and the sequences where they stood', async () => {
    const kept = await createUser(db, { firstname: 'Gardée' });
    const usersAtSnapshot = await db.$count(users);
    const restore = await snapshot();

    await db.update(users).set({ firstname: 'Changée' }).where(eq(users.id, kept.id));
    const added = await createUser(db);
    await restore();

    expect(await db.select({ id: users.id, firstname: users.firstname }).from(users).where(eq(users.id, kept.id))).toEqual([{ id: kept.id, firstname: 'Gardée' }]);
    expect(await db.$count(users, eq(users.id, added.id))).toBe(0);
    // The next row gets the id the one added after the snapshot had.
    expect((await createUser(db)).id).toBe(added.id);
    await db.delete(users);
    await restore();
    expect(await db.$count(users)).toBe(usersAtSnapshot);
  });

  it('brings back the stored files removed since and removes those stored since', async () => {
    const image = await placeFile(storage, pngImage(2, 2), 'png');
    const before = await uploadsListing(storage);
    const restore = await snapshot();

    await removeKeptFile(storage, image);
    const added = await placeFile(storage, pdfDocument(), 'pdf');
    await restore();

    expect(await uploadsListing(storage)).toEqual(before);
    expect(await readStoredFile(storage, image)).toEqual(pngImage(2, 2));
    expect(await readStoredFile(storage, added)).toBeNull();
  });

  it('keeps a session that a logout ended valid again once restored, as the same token', async () => {
    const user = await createUser(db);
    const headers = await authHeader(db, user);
    const restore = await snapshot();

    expect((await app.inject({ method: 'POST', url: '/api/logout', headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/user/profile', headers })).statusCode).toBe(401);
    await restore();
    expect((await app.inject({ method: 'GET', url: '/api/user/profile', headers })).statusCode).toBe(200);
  });
});
