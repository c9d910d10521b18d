import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { cacheStatements } from './pglite-statements';

/**
 * Memory a sort or a window may use before spilling to temporary files. PostgreSQL's 4 MB suits
 * a server shared by many connections; PGlite has one. Ranking the matches of a search among
 * 100,000 courses fits in it: p95 69 → 56 ms (issue 16, goal 5; decision 032).
 */
const WORK_MEM = '32MB';

export interface PgliteOptions {
  dataDir?: string;
  /** A dump (`dumpDataDir`) to start from instead of a new cluster. */
  loadDataDir?: Blob;
  /** initdb's options when a new cluster is created, e.g. a smaller WAL segment for a test template. */
  initDbStartParams?: string[];
}

/** PGlite with the extensions the migrations need and its statements kept prepared, persisted in `dataDir` or in memory; `loadDataDir` clones a dump. */
export async function createPglite(options: PgliteOptions = {}): Promise<PGlite> {
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    initDbStartParams: options.initDbStartParams,
    extensions: { pg_trgm, unaccent },
  });
  await pglite.exec(`set work_mem = '${WORK_MEM}'`);
  return cacheStatements(pglite);
}
