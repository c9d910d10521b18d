import { eq } from 'drizzle-orm';
import { directoryEntries, users } from '../../db/schema';
import { extOf, iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { directoryRoutes } from './directory.routes';
import { profileTarget } from './directory.service';

export { bothAcceptMessages, validAttestations } from './directory.service';

export const directoryModule: ModuleManifest = {
  name: 'directory',
  routes: [directoryRoutes],
  moderationTargets: { profile: profileTarget },
  // The profile photo (issue 26): set by PUT /api/user/photo, shown only where its owner chose.
  storedFiles: [users.profilPicture],
  personalData: [{ column: directoryEntries.userId, exportedAs: 'directory_entry', onAccountDeletion: 'cascade' }],
  async ownedFiles(db, userId) {
    const [user] = await db.select({ picture: users.profilPicture }).from(users).where(eq(users.id, userId));
    return user?.picture ? [{ path: `fichiers/photo/photo.${extOf(user.picture)}`, description: 'Photo de profil', storedName: user.picture }] : [];
  },
  async exportSections(db, user) {
    const [entry] = await db.select().from(directoryEntries).where(eq(directoryEntries.userId, user.id));
    return {
      directory_entry: entry
        ? {
            visible: entry.visible,
            fields: entry.fields,
            accepts_messages: entry.acceptsMessages,
            headline: entry.headline,
            region: entry.region,
            domains: entry.domains,
            bio: entry.bio,
            updated_at: iso(entry.updatedAt),
          }
        : null,
    };
  },
};
