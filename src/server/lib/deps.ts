import type { Config } from '../config';
import type { Db } from '../db/client';

/** What every feature module receives when it is registered. */
export interface ModuleDeps {
  config: Config;
  db: Db;
}
