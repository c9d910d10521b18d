import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activitySchema } from '../../../shared/activity';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import { activityOf } from './activity.service';

/** The « Votre activité » panel of the page a person lands on after signing in (issue 26). */
export const activityRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/api/user/activity',
    {
      config: { access: 'authenticated' as const },
      schema: { tags: ['activity'], summary: 'Votre activité : messages non lus, nouvelles réponses dans les discussions suivies, nouvelles opportunités', response: { 200: activitySchema } },
    },
    async (request) => activityOf(db, currentUser(request).id),
  );
};
