import type { Config } from '../../config';
import type { Db } from '../../db/client';

/** Fills an empty catalogue with the demo courses (SEED_DEMO). */
export async function seedDemoCatalogue(_db: Db, _config: Config): Promise<void> {}
