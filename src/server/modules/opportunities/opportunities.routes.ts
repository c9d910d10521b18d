import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/ids';
import {
  applicationBodySchema,
  digestSettingsBodySchema,
  digestSettingsSchema,
  digestUnsubscribeSchema,
  myApplicationsSchema,
  opportunitiesQuerySchema,
  opportunityBodySchema,
  opportunityPageSchema,
  opportunityResponsesSchema,
  opportunitySchema,
  proposalBodySchema,
  responseCreatedSchema,
} from '../../../shared/opportunities';
import { jsonOrTextAnswer, noContentSchema } from '../../../shared/responses';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import { acceptOneClickForm, invalidLinkPage, sendPage, unsubscribeConfirmPage, unsubscribeMessagePage, wantsHtml } from '../notifications';
import {
  apply,
  canPostOpportunities,
  closeOpportunity,
  createOpportunity,
  deleteOpportunity,
  describeDigestUnsubscribe,
  digestSettings,
  getOpportunity,
  listOpportunities,
  listResponses,
  myApplications,
  propose,
  saveDigestSettings,
  unsubscribeDigest,
  updateOpportunity,
} from './opportunities.service';

/** `link`, not `token`: a signed capability for the digest only, never a session token. */
const linkParamsSchema = z.object({ link: z.string() });

/** Opportunities (issue 26): posted by organisations and administrators, answered by the others. */
export const opportunitiesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
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

  // The digest's one-click unsubscribe (decision 024, RFC 8058): the address of its List-Unsubscribe
  // header and of its footer. The signed link is the proof, no session.
  const unsubscribeConfig = { access: 'public' as const, personalData: true };
  const invalidLink = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (wantsHtml(request) && error instanceof AppError && error.code === 'invalid_link') return sendPage(reply, 400, invalidLinkPage(error.message, config.publicUrl));
    throw error;
  };
  const alreadyOff = () => unsubscribeMessagePage('Le récapitulatif est déjà désactivé', ['Vous ne recevez plus le récapitulatif hebdomadaire des nouvelles opportunités.'], config.publicUrl);

  // Only these two routes read forms (the RFC 8058 body): the other routes of the module take JSON only.
  await app.register(async (plain) => {
    acceptOneClickForm(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();

    scope.get(
      '/api/opportunities/digest/unsubscribe/:link',
      { config: unsubscribeConfig, schema: { tags, summary: 'Lien de désabonnement du récapitulatif des opportunités : page de confirmation (ne change rien)', params: linkParamsSchema, response: { 200: jsonOrTextAnswer(digestUnsubscribeSchema, 'text/html', 'JSON, ou la page de confirmation pour un navigateur (en-tête Accept : text/html)') } } },
      async (request, reply) => {
        try {
          const state = await describeDigestUnsubscribe(db, request.params.link);
          if (!wantsHtml(request)) return state;
          if (!state.weekly) return sendPage(reply, 200, alreadyOff());
          return sendPage(
            reply,
            200,
            unsubscribeConfirmPage({
              title: 'Ne plus recevoir le récapitulatif des opportunités ?',
              paragraphs: ['Vous ne recevrez plus, chaque semaine, l’e-mail des nouvelles opportunités publiées dans vos domaines. Elles restent consultables dans EcoForma.'],
              button: 'Ne plus recevoir le récapitulatif',
              action: `/api/opportunities/digest/unsubscribe/${encodeURIComponent(request.params.link)}`,
            }),
          );
        } catch (error) {
          return invalidLink(request, reply, error);
        }
      },
    );

    scope.post(
      '/api/opportunities/digest/unsubscribe/:link',
      { config: unsubscribeConfig, schema: { tags, summary: 'Ne plus recevoir le récapitulatif hebdomadaire des opportunités, en un clic (RFC 8058)', params: linkParamsSchema, response: { 200: jsonOrTextAnswer(digestUnsubscribeSchema, 'text/html', 'JSON, ou la page « c’est fait » pour un navigateur (en-tête Accept : text/html)') } } },
      async (request, reply) => {
        try {
          const result = await unsubscribeDigest(db, request.params.link);
          if (!wantsHtml(request)) return result;
          if (!result.changed) return sendPage(reply, 200, alreadyOff());
          return sendPage(reply, 200, unsubscribeMessagePage('Désabonnement effectué', ['Vous ne recevrez plus le récapitulatif hebdomadaire des nouvelles opportunités. Elles restent consultables dans EcoForma.'], config.publicUrl));
        } catch (error) {
          return invalidLink(request, reply, error);
        }
      },
    );
  });
};
