import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { extOf, zipName } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { trainersRoutes } from './trainers.routes';

export const trainersModule: ModuleManifest = {
  name: 'trainers',
  routes: [trainersRoutes],
  storedFiles: [users.cvPath],
  async ownedFiles(db, userId) {
    const [user] = await db.select({ cv: users.cvPath, name: users.cvOriginalName }).from(users).where(eq(users.id, userId));
    return user?.cv ? [{ path: `fichiers/cv/${zipName(user.name, `cv.${extOf(user.cv)}`)}`, description: 'CV', storedName: user.cv }] : [];
  },
};
