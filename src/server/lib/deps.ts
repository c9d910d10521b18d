import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Storage } from './storage';

/** What every feature module receives when it is registered. */
export interface ModuleDeps {
  config: Config;
  db: Db;
  /** Where uploaded and seeded files are kept (local disk or S3). */
  storage: Storage;
}
