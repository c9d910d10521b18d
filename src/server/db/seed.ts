import { sql } from 'drizzle-orm';
import { categories as categoryList } from '../../shared/categories';
import type { Db } from './client';
import { categories } from './schema';

/** Reference data every installation needs: the six themes. Safe to run at every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values(categoryList.map((c, position) => ({ slug: c.slug, name: c.name, position })))
    .onConflictDoUpdate({ target: categories.slug, set: { name: sql`excluded.name`, position: sql`excluded.position` } });
}
