import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids';
import {
  applicationBodySchema,
  digestSettingsBodySchema,
  digestSettingsSchema,
  myApplicationsSchema,
  opportunitiesQuerySchema,
  opportunityBodySchema,
  opportunityPageSchema,
  opportunityResponsesSchema,
  opportunitySchema,
  proposalBodySchema,
  responseCreatedSchema,
} from '../../../shared/opportunities';
import { noContentSchema } from '../../../shared/responses';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import {
  apply,
  canPostOpportunities,
  closeOpportunity,
  createOpportunity,
  deleteOpportunity,
  digestSettings,
  getOpportunity,
  listOpportunities,
  listResponses,
  myApplications,
  propose,
  saveDigestSettings,
  updateOpportunity,
} from './opportunities.service';

/** Opportunities (issue 26): posted by organisations and administrators, answered by the others. */
export const opportunitiesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const tags = ['opportunités'];

  app.get('/api/opportunities', { config: { access: 'authenticated' }, schema: { tags, summary: 'Les opportunités ouvertes (ou les miennes), filtrées par type, région et domaine, par page', querystring: opportunitiesQuerySchema, response: { 200: opportunityPageSchema } } }, async (request) =>
    listOpportunities(db, currentUser(request), request.query),
  );

  app.post('/api/opportunities', { config: { access: canPostOpportunities }, schema: { tags, summary: 'Publier une opportunité (organisations et administrateurs)', body: opportunityBodySchema, response: { 201: opportunitySchema } } }, async (request, reply) =>
    reply.status(201).send(await createOpportunity(db, currentUser(request), request.body)),
  );

  app.get('/api/opportunities/:id', { config: { access: 'authenticated' }, schema: { tags, summary: 'Une opportunité', params: idParamsSchema, response: { 200: opportunitySchema } } }, async (request) =>
    getOpportunity(db, currentUser(request), request.params.id),
  );

  app.put('/api/opportunities/:id', { config: { access: canPostOpportunities }, schema: { tags, summary: 'Modifier mon opportunité', params: idParamsSchema, body: opportunityBodySchema, response: { 200: opportunitySchema } } }, async (request) =>
    updateOpportunity(db, currentUser(request), request.params.id, request.body),
  );

  app.post('/api/opportunities/:id/close', { config: { access: canPostOpportunities }, schema: { tags, summary: 'Clôturer mon opportunité : elle ne reçoit plus de réponses', params: idParamsSchema, response: { 200: opportunitySchema } } }, async (request) =>
    closeOpportunity(db, currentUser(request), request.params.id),
  );

  app.delete('/api/opportunities/:id', { config: { access: canPostOpportunities }, schema: { tags, summary: 'Supprimer mon opportunité et ses réponses', params: idParamsSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    await deleteOpportunity(db, currentUser(request), request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/opportunities/:id/applications', { config: { access: 'authenticated' }, schema: { tags, summary: 'Candidater, en choisissant les attestations à montrer (une fois, avant la date limite)', params: idParamsSchema, body: applicationBodySchema, response: { 201: responseCreatedSchema } } }, async (request, reply) =>
    reply.status(201).send(await apply(db, currentUser(request), request.params.id, request.body)),
  );

  app.get('/api/opportunities/:id/applications', { config: { access: 'authenticated' }, schema: { tags, summary: 'Les candidatures et propositions reçues (l’auteur de l’opportunité et les administrateurs)', params: idParamsSchema, response: { 200: opportunityResponsesSchema } } }, async (request) =>
    listResponses(db, currentUser(request), request.params.id),
  );

  app.post('/api/opportunities/:id/proposals', { config: { access: 'authenticated' }, schema: { tags, summary: 'Proposer une formation en réponse à une demande de formation (formateurs approuvés)', params: idParamsSchema, body: proposalBodySchema, response: { 201: responseCreatedSchema } } }, async (request, reply) =>
    reply.status(201).send(await propose(db, currentUser(request), request.params.id, request.body)),
  );

  app.get('/api/user/applications', { config: { access: 'authenticated' }, schema: { tags, summary: 'Mes candidatures et propositions', response: { 200: myApplicationsSchema } } }, async (request) =>
    myApplications(db, currentUser(request)),
  );

  app.get('/api/user/opportunity-digest', { config: { access: 'authenticated' }, schema: { tags, summary: 'Mon récapitulatif hebdomadaire des nouvelles opportunités', response: { 200: digestSettingsSchema } } }, async (request) =>
    digestSettings(db, currentUser(request).id),
  );

  app.put('/api/user/opportunity-digest', { config: { access: 'authenticated' }, schema: { tags, summary: 'Recevoir ou non chaque semaine les nouvelles opportunités de mes domaines', body: digestSettingsBodySchema, response: { 200: digestSettingsSchema } } }, async (request) =>
    saveDigestSettings(db, currentUser(request).id, request.body),
  );
};
