import type { ModuleManifest } from '../../lib/module-manifest';
import { activityRoutes } from './activity.routes';

/**
 * « Votre activité » (issue 26): what happened for a signed-in person since they last looked,
 * read from the messages, discussions and opportunities modules; it keeps no data of its own.
 */
export const activityModule: ModuleManifest = {
  name: 'activity',
  routes: [activityRoutes],
  personalData: [],
};
