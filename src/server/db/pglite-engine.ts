import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { cacheStatements } from './pglite-statements';

/** PGlite with the extensions the migrations need and its statements kept prepared, persisted in `dataDir` or in memory; `loadDataDir` clones a dump. */
export async function createPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, unaccent },
  });
  return cacheStatements(pglite);
}
