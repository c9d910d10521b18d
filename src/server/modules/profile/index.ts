import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { extOf } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { profileRoutes } from './profile.routes';

export const profileModule: ModuleManifest = {
  name: 'profile',
  routes: [profileRoutes],
  storedFiles: [users.profilPicture],
  async ownedFiles(db, userId) {
    const [user] = await db.select({ picture: users.profilPicture }).from(users).where(eq(users.id, userId));
    return user?.picture ? [{ path: `fichiers/photo/photo.${extOf(user.picture)}`, description: 'Photo de profil', storedName: user.picture }] : [];
  },
};
