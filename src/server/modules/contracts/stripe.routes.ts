import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardSetupSchema } from '../../../shared/contracts';
import { idParamsSchema } from '../../../shared/ids';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import { handleStripeWebhook, startCardSetup } from './stripe-payments';

const webhookHeadersSchema = z.object({ 'stripe-signature': z.string().max(2000).optional() });
const webhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.enum(['card_saved', 'payment_recorded', 'failure_recorded', 'ignored']) });

/** The Stripe payment driver's routes (issue 29, decision 054): the learner's card setup, Stripe's signed webhook. */
export const stripeRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config, modules }) => {
  const tags = ['contrats'];

  app.post('/api/contracts/:id/card-setup', { config: { access: 'authenticated' }, schema: { tags, summary: "Enregistrer sa carte pour les échéances d'un contrat (paiement par carte activé) : l'adresse de la page Stripe Checkout (mode « setup ») ; 404 pour le contrat d'un autre, 409 sans Stripe", params: idParamsSchema, response: { 201: cardSetupSchema } } }, async (request, reply) =>
    reply.status(201).send(await startCardSetup(db, config, currentUser(request).id, request.params.id)),
  );

  // Stripe signs the exact bytes it sends: this route alone reads its JSON body as raw bytes.
  await app.register(async (plain) => {
    plain.removeContentTypeParser('application/json');
    plain.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post(
      '/api/payments/stripe/webhook',
      { config: { access: 'public' }, schema: { tags, summary: 'Webhook de Stripe (public, signé) : carte enregistrée (checkout.session.completed), paiement reçu (payment_intent.succeeded), prélèvement refusé (payment_intent.payment_failed) ; signature invalide : 400 ; un événement répété ne change rien', headers: webhookHeadersSchema, response: { 200: webhookAnswerSchema } } },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const outcome = await handleStripeWebhook(db, config, modules, body, request.headers['stripe-signature']);
        return { received: true as const, outcome };
      },
    );
  });
};
