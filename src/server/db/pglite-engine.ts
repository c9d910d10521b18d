import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { RANDOM_PAGE_COST, SORT_MEMORY } from './planner-settings';
import { cacheStatements } from './pglite-statements';

export interface PgliteOptions {
  dataDir?: string;
  /** A dump (`dumpDataDir`) to start from instead of a new cluster. */
  loadDataDir?: Blob;
  /** initdb's options when a new cluster is created, e.g. a smaller WAL segment for a test template. */
  initDbStartParams?: string[];
  /**
   * PostgreSQL's `shared_buffers`, when not PGlite's 128MB. PGlite zeroes them at every start: half a
   * second of CPU on this machine, which a test database of a few megabytes, opened hundreds of times
   * per run, does not need (decision 070).
   */
  sharedBuffers?: string;
}

/** PGlite with the extensions the migrations need and its statements kept prepared, persisted in `dataDir` or in memory; `loadDataDir` clones a dump. */
export async function createPglite(options: PgliteOptions = {}): Promise<PGlite> {
  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    initDbStartParams: options.initDbStartParams,
    startParams: options.sharedBuffers ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] : undefined,
    extensions: { pg_trgm, unaccent },
  });
  await pglite.exec(`set work_mem = '${SORT_MEMORY}'; set random_page_cost = ${RANDOM_PAGE_COST}`);
  return cacheStatements(pglite);
}
