import type { Config } from '../config';
import type { Db } from '../db/client';
import type { ModuleManifest } from './module-manifest';
import type { Storage } from './storage';

/** What every feature module receives when it is registered. */
export interface ModuleDeps {
  config: Config;
  db: Db;
  /** Where uploaded and seeded files are kept (local disk or S3). */
  storage: Storage;
  /**
   * Every module's manifest, in the declared order (modules/index.ts): what the data export and the
   * account deletions go through, passed in because no module may import the list of all of them.
   */
  modules: readonly ModuleManifest[];
}
