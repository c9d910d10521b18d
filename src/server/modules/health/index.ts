import type { ModuleManifest } from '../../lib/module-manifest';
import { healthRoutes } from './health.routes';

export const healthModule: ModuleManifest = { name: 'health', routes: [healthRoutes] };
