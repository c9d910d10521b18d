import type { ModuleManifest } from '../../lib/module-manifest';
import { profileRoutes } from './profile.routes';

// The profile photo is the directory module's (issue 26): it uploads, serves and declares it.
export const profileModule: ModuleManifest = {
  name: 'profile',
  routes: [profileRoutes],
};
