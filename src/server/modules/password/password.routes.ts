import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgotPasswordBodySchema, forgotPasswordResponseSchema, resetPasswordBodySchema, resetPasswordResponseSchema } from '../../../shared/password';
import type { ModuleDeps } from '../../lib/deps';
import { requestPasswordReset, resetPassword } from './password.service';

/** "Mot de passe oublié ?" and the link it e-mails (decision 020 for the mail). */
export const passwordRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const tags = ['comptes'];

  app.post(
    '/api/password/forgot',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Demander un lien de réinitialisation du mot de passe (même réponse pour une adresse inconnue)', body: forgotPasswordBodySchema, response: { 202: forgotPasswordResponseSchema } },
    },
    async (request, reply) => reply.status(202).send(await requestPasswordReset(db, request.body.email, request.ip)),
  );

  app.post(
    '/api/password/reset',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Choisir un nouveau mot de passe avec le lien reçu par e-mail', body: resetPasswordBodySchema, response: { 200: resetPasswordResponseSchema } },
    },
    async (request) => resetPassword(db, request.body.token, request.body.password),
  );
};
