import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase, type Db } from '../../db/client';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['santé'], summary: 'État du service et de sa base de données' } }, async (_request, reply) => {
    const ok = await pingDatabase(db);
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', database: ok ? 'ok' : 'unavailable' });
  });
};
