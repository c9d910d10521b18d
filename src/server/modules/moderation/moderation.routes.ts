import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids';
import {
  adminReportsPageSchema,
  contestBodySchema,
  decisionBodySchema,
  moderationDecisionSchema,
  reportBodySchema,
  reportCreatedSchema,
  reportsQuerySchema,
} from '../../../shared/moderation';
import { isAdmin } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import { contestDecision, createReport, decide, getDecision, listReports } from './moderation.service';

/** DSA notice and action: reports, the administrators' decisions, the authors' contests. */
export const moderationRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, modules }) => {
  const tags = ['moderation'];

  app.post(
    '/api/reports',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'Signaler un contenu (message, discussion, réponse, profil, opportunité) avec un motif et une explication', body: reportBodySchema, response: { 201: reportCreatedSchema } } },
    async (request, reply) => reply.code(201).send(await createReport(db, modules, currentUser(request), request.body)),
  );

  app.get(
    '/api/admin/reports',
    { config: { access: isAdmin }, schema: { tags, summary: 'Signalements et contestations, à traiter (les plus anciens d’abord) ou traités, par page', querystring: reportsQuerySchema, response: { 200: adminReportsPageSchema } } },
    async (request) => listReports(db, request.query),
  );

  app.post(
    '/api/admin/reports/:id/decision',
    { config: { access: isAdmin }, schema: { tags, summary: 'Décider d’un signalement ou d’une contestation : maintenir, masquer ou supprimer le contenu, avec le motif communiqué', params: idParamsSchema, body: decisionBodySchema, response: { 200: moderationDecisionSchema } } },
    async (request) => decide(db, modules, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/moderation/decisions/:id',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'Une décision de modération, pour l’auteur du contenu (ou un administrateur)', params: idParamsSchema, response: { 200: moderationDecisionSchema } } },
    async (request) => getDecision(db, currentUser(request), request.params.id),
  );

  app.post(
    '/api/moderation/decisions/:id/contest',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'Contester une fois une décision de masquage ou de suppression de son contenu', params: idParamsSchema, body: contestBodySchema, response: { 201: reportCreatedSchema } } },
    async (request, reply) => reply.code(201).send(await contestDecision(db, currentUser(request), request.params.id, request.body)),
  );
};
