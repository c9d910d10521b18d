import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBodySchema, loginResponseSchema } from '../../../shared/auth';
import { noContentSchema } from '../../../shared/responses';
import { signupBodySchema, signupResponseSchema } from '../../../shared/signup';
import type { ModuleDeps } from '../../lib/deps';
import { revokeSession } from '../../lib/sessions';
import { validationCodes } from '../../lib/validation-codes';
import { currentUser } from '../../plugins/auth';
import { login, signup } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { config, db }) => {
  app.post(
    '/api/signup',
    {
      config: { access: 'public', personalData: true },
      schema: { tags: ['comptes'], summary: 'Créer un compte (membre, formateur ou organisme)', body: signupBodySchema, response: { 201: signupResponseSchema } },
      // A wrong birth date alone answers invalid_date, a wrong phone alone invalid_phone.
      errorHandler: validationCodes(),
    },
    async (request, reply) => reply.status(201).send(await signup(db, request.body, request.ip, config.signupLimitPerAddress)),
  );

  app.post(
    '/api/login',
    {
      config: { access: 'public', personalData: true },
      schema: { tags: ['comptes'], summary: 'Se connecter', body: loginBodySchema, response: { 200: loginResponseSchema } },
      errorHandler: validationCodes({ prefer: 'empty_fields' }),
    },
    async (request) => login(db, request.body, request.ip),
  );

  app.post(
    '/api/logout',
    { config: { access: 'authenticated' }, schema: { tags: ['comptes'], summary: 'Se déconnecter (révoque le jeton)', response: { 204: noContentSchema } } },
    async (request, reply) => {
      await revokeSession(db, currentUser(request).sessionId);
      return reply.status(204).send();
    },
  );
};
