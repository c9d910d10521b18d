import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../lib/deps';

export const adminRoutes: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
