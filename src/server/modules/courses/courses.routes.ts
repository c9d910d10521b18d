import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../lib/deps';

export const coursesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
