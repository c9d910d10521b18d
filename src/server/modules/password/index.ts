import type { ModuleManifest } from '../../lib/module-manifest';
import { passwordRoutes } from './password.routes';

export const passwordModule: ModuleManifest = { name: 'password', routes: [passwordRoutes] };
