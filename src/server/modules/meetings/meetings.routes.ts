import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids';
import { meetingBodySchema, meetingIdParamsSchema } from '../../../shared/meetings';
import { isAdmin } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import { createMeeting, getMeeting } from './meetings.service';

/** Video interviews: only administrators schedule, open and join them. */
export const meetingsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { config, db }) => {
  const adminOnly = { access: isAdmin };
  const tags = ['entretiens'];

  app.post(
    '/api/admin/users/:id/meeting',
    { config: adminOnly, schema: { tags, summary: 'Programmer un entretien vidéo avec un utilisateur', params: idParamsSchema, body: meetingBodySchema } },
    async (request, reply) => {
      const created = await createMeeting(db, config, currentUser(request), request.params.id, request.body?.meeting_date);
      return reply.status(201).send(created);
    },
  );

  app.get('/api/admin/meetings/:meetingId', { config: adminOnly, schema: { tags, summary: 'Ouvrir un entretien vidéo', params: meetingIdParamsSchema } }, async (request) =>
    getMeeting(db, config, request.params.meetingId),
  );
};
