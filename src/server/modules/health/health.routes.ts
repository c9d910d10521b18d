import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../shared/health';
import { pingDatabase } from '../../db/client';
import type { ModuleDeps } from '../../lib/deps';

export const healthRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, storage }) => {
  app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['santé'], summary: 'État du service, de sa base de données et de son stockage de fichiers', response: { 200: healthResponseSchema, 503: healthResponseSchema } } }, async (_request, reply) => {
    const [database, files] = await Promise.all([pingDatabase(db), storage.health()]);
    const ok = database && files === 'ok';
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', database: database ? 'ok' : 'unavailable', storage: files });
  });
};
