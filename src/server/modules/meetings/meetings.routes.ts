import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids';
import { meetingBodySchema, meetingCreatedResponseSchema, meetingDetailSchema, meetingIdParamsSchema, userMeetingResponseSchema } from '../../../shared/meetings';
import { noContentSchema } from '../../../shared/responses';
import { isAdmin } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import { cancelMeeting, getMeeting, getUserMeeting, scheduleMeeting } from './meetings.service';

/** Video interviews: only administrators schedule, open and join them. */
export const meetingsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { config, db }) => {
  const adminOnly = { access: isAdmin };
  const tags = ['entretiens'];

  app.post(
    '/api/admin/users/:id/meeting',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: "Programmer l'entretien vidéo d'un utilisateur à la date choisie, ou le déplacer s'il n'a pas encore eu lieu",
        params: idParamsSchema,
        body: meetingBodySchema,
        response: { 200: meetingCreatedResponseSchema, 201: meetingCreatedResponseSchema },
      },
    },
    async (request, reply) => {
      const scheduled = await scheduleMeeting(db, config, currentUser(request), request.params.id, request.body?.meeting_date);
      return reply.status(scheduled.moved ? 200 : 201).send(scheduled);
    },
  );

  app.delete(
    '/api/admin/users/:id/meeting',
    { config: adminOnly, schema: { tags, summary: "Annuler l'entretien à venir d'un utilisateur (il reçoit l'annulation pour son agenda)", params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await cancelMeeting(db, config, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/admin/users/:id/meeting',
    { config: adminOnly, schema: { tags, summary: "L'entretien à venir ou en cours d'un utilisateur (lecture seule)", params: idParamsSchema, response: { 200: userMeetingResponseSchema } } },
    async (request) => getUserMeeting(db, config, request.params.id),
  );

  app.get('/api/admin/meetings/:meetingId', { config: adminOnly, schema: { tags, summary: 'Ouvrir un entretien vidéo', params: meetingIdParamsSchema, response: { 200: meetingDetailSchema } } }, async (request) =>
    getMeeting(db, config, request.params.meetingId),
  );
};
