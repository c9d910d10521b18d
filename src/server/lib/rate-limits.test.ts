import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { ASYNC_COMMIT } from './rate-limits';

// Durable commits, as in production: the test databases' own `synchronous_commit = off` would hide
// whether the setting leaks past its transaction.
const { db } = await createTestApp({}, { durableCommits: true });

async function synchronousCommit(executor: Pick<typeof db, 'execute'>): Promise<string> {
  const result = await executor.execute<{ synchronous_commit: string }>(sql`show synchronous_commit`);
  return (result as unknown as { rows: Array<{ synchronous_commit: string }> }).rows[0]!.synchronous_commit;
}

describe('ASYNC_COMMIT', () => {
  it('lets the statement that evaluates it commit without waiting for the disk, and nothing after it', async () => {
    await db.transaction(async (tx) => {
      expect(await synchronousCommit(tx)).toBe('on');
      await tx.execute(sql`select ${ASYNC_COMMIT}`);
      expect(await synchronousCommit(tx)).toBe('off');
    });
    // Local to its transaction: the connection goes back to the pool as it was.
    for (let i = 0; i < 12; i++) expect(await synchronousCommit(db)).toBe('on');
  });
});
