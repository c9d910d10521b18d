import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { serverModuleOrder } from '../../eslint/module-order.js';
import * as schema from './db/schema';
import type { ModuleManifest } from './lib/module-manifest';
import { modules } from './modules';
import { referencedFiles } from './start';
import { createTestApp } from './test/app';
import { createUser } from './test/factories';

/**
 * The manifests against the schema, as the access matrix checks the routes: a column that holds a
 * stored file's key, or a reference to an account, that no manifest declares is a file the sweep
 * would remove, or personal data the export would miss and the deletions would leave.
 */
const { db } = await createTestApp();

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const columnName = (column: PgColumn) => `${getTableConfig(column.table).name}.${column.name}`;

/** Columns named as the schema names every stored file's key: `…_path`, or the profile picture. */
const looksLikeFileKey = (column: PgColumn) => /(_path|picture)$/.test(column.name);

function undeclaredFileColumns(manifests: readonly ModuleManifest[]): string[] {
  const declared = new Set(manifests.flatMap((m) => m.storedFiles ?? []).map(columnName));
  return tables.flatMap((table) => getTableConfig(table).columns.filter(looksLikeFileKey).map(columnName)).filter((name) => !declared.has(name));
}

/** Each column referencing an account, with what the schema does to its rows when the account goes. */
function accountReferences(): { column: string; onDelete: string }[] {
  return tables.flatMap((table) =>
    getTableConfig(table).foreignKeys.flatMap((fk) => {
      const ref = fk.reference();
      if (getTableConfig(ref.foreignTable).name !== 'users') return [];
      return ref.columns.map((column) => ({ column: columnName(column), onDelete: fk.onDelete ?? 'no action' }));
    }),
  );
}

/** What is wrong with the manifests' personal data against the schema, in words (empty when all is well). */
function personalDataProblems(manifests: readonly ModuleManifest[]): string[] {
  const problems: string[] = [];
  const entries = new Map(manifests.flatMap((m) => (m.personalData ?? []).map((entry) => [columnName(entry.column), { entry, module: m }] as const)));
  for (const { column, onDelete } of accountReferences()) {
    const found = entries.get(column);
    if (!found) problems.push(`${column} : dans aucun manifeste`);
    else if (found.entry.onAccountDeletion === 'erase' ? !found.module.eraseAccount : found.entry.onAccountDeletion !== onDelete) {
      problems.push(`${column} : le manifeste dit ${found.entry.onAccountDeletion}, le schéma ${onDelete}`);
    }
  }
  for (const [column, { entry, module }] of entries) {
    if (entry.onAccountDeletion === 'erase' && !module.eraseAccount) problems.push(`${column} : effacé par un module sans eraseAccount`);
  }
  return problems;
}

describe('module manifests', () => {
  it('list every module folder once, in the order the lint rule enforces', () => {
    expect(modules.map((m) => m.name)).toEqual(serverModuleOrder);
  });

  it('serve each reportable type from one module at most (the moderation finds its targets in the manifests)', () => {
    const served = modules.flatMap((module) => Object.keys(module.moderationTargets ?? {}).map((type) => `${type} (${module.name})`));
    const types = served.map((entry) => entry.split(' ')[0]);
    expect(served.filter((_entry, index) => types.indexOf(types[index]) !== index), 'types served twice').toEqual([]);
  });

  it('declare every column holding a stored file, so the sweep keeps those files', () => {
    expect(undeclaredFileColumns(modules)).toEqual([]);
    // The check itself: a manifest that forgets a column is caught.
    const withoutPicture = modules.map((m) => ({ ...m, storedFiles: m.storedFiles?.filter((c) => c !== schema.users.profilPicture) }));
    expect(undeclaredFileColumns(withoutPicture)).toEqual(['users.profil_picture']);
  });

  it('keep a stored profile picture through the start-up sweep', async () => {
    const user = await createUser(db, { profilPicture: 'f00dbabe.png' });
    expect(user.profilPicture).toBe('f00dbabe.png');
    expect(await referencedFiles(db)).toContain('f00dbabe.png');
  });

  it('say, for every reference to an account, what the export and the deletions do with it', () => {
    expect(accountReferences().length).toBeGreaterThan(15);
    expect(personalDataProblems(modules)).toEqual([]);
    // The check itself: an entry removed, or one that claims what the schema does not do, is caught.
    const withoutAttempts = modules.map((m) => ({ ...m, personalData: m.personalData?.filter((p) => p.column !== schema.quizAttempts.userId) }));
    expect(personalDataProblems(withoutAttempts)).toEqual(['quiz_attempts.user_id : dans aucun manifeste']);
    const wrongClaim = modules.map((m) => ({
      ...m,
      personalData: m.personalData?.map((p) => (p.column === schema.certificates.userId ? { ...p, onAccountDeletion: 'cascade' as const } : p)),
    }));
    expect(personalDataProblems(wrongClaim)).toEqual(['certificates.user_id : le manifeste dit cascade, le schéma set null']);
  });

  it('export each declared section under the key the manifest names', async () => {
    const user = await createUser(db);
    for (const module of modules) {
      const sections = Object.keys((await module.exportSections?.(db, user)) ?? {});
      for (const { exportedAs } of module.personalData ?? []) {
        if (typeof exportedAs === 'string') expect(sections, `${module.name} : ${exportedAs}`).toContain(exportedAs);
        else expect(exportedAs.notExported.length).toBeGreaterThan(10);
      }
    }
  });
});
