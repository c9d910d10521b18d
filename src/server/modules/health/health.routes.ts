import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, livenessResponseSchema } from '../../../shared/health';
import { databaseReadiness } from '../../db/readiness';
import type { ModuleDeps } from '../../lib/deps';

/**
 * Two checks, as an orchestrator uses them (README, "Surveillance"): liveness says the process
 * answers, and a process that fails it should be restarted; readiness says it can serve, and an
 * instance that fails it should get no traffic until it passes again.
 */
export const healthRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, storage }) => {
  app.get(
    '/api/health/live',
    { config: { access: 'public' }, schema: { tags: ['santé'], summary: 'Vivacité : le processus répond (ne lit ni la base ni le stockage)', response: { 200: livenessResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['santé'], summary: 'Disponibilité : la base de données répond (même chargée) et le stockage de fichiers accepte les écritures', response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_request, reply) => {
      const [database, files] = await Promise.all([databaseReadiness(db), storage.health()]);
      const ok = database !== 'unavailable' && files === 'ok';
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', database, storage: files });
    },
  );
};
