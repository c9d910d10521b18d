import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountMessageResponseSchema, changeEmailBodySchema, confirmEmailBodySchema, confirmEmailResponseSchema, deleteAccountBodySchema } from '../../../shared/account';
import { binaryAnswer, noContentSchema } from '../../../shared/responses';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import { deleteOwnAccount } from './account-deletion.service';
import { exportMyData } from './data-export.service';
import { confirmEmail, requestEmailChange, resendEmailConfirmation } from './email.service';

/**
 * The account's life cycle (decision 021): confirming and changing one's login e-mail, downloading
 * one's data, deleting one's account. Every signed-in route acts on the caller's own account only:
 * none takes an account id.
 */
export const accountRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { config, db, storage, modules } = deps;
  const tags = ['comptes'];

  app.post(
    '/api/user/email/change',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Demander à changer mon adresse e-mail (mot de passe actuel exigé ; lien envoyé à la nouvelle adresse)', body: changeEmailBodySchema, response: { 202: accountMessageResponseSchema } },
    },
    async (request, reply) => reply.status(202).send(await requestEmailChange(db, currentUser(request).id, request.body)),
  );

  app.post(
    '/api/user/email/confirmation',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'Renvoyer le lien de confirmation de mon adresse e-mail', response: { 202: accountMessageResponseSchema } } },
    async (request, reply) => reply.status(202).send(await resendEmailConfirmation(db, currentUser(request).id)),
  );

  app.post(
    '/api/email/confirm',
    {
      // The token is the proof: the link may be opened on a device where nobody is signed in.
      config: { access: 'public', personalData: true },
      schema: { tags, summary: 'Confirmer une adresse e-mail avec le lien reçu (inscription ou changement d’adresse)', body: confirmEmailBodySchema, response: { 200: confirmEmailResponseSchema } },
    },
    async (request) => confirmEmail(db, request.body.token, request.user),
  );

  app.get(
    '/api/user/data',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'Télécharger mes données (archive ZIP : JSON et fichiers)', response: { 200: binaryAnswer(['application/zip'], 'Archive ZIP : mes données en JSON et mes fichiers') } } },
    async (request, reply) => {
      const { fileName, stream } = await exportMyData(db, storage, modules, currentUser(request).id, config.publicUrl);
      return reply.type('application/zip').header('Content-Disposition', contentDisposition(fileName)).header('X-Content-Type-Options', 'nosniff').send(stream);
    },
  );

  app.delete(
    '/api/user/account',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Supprimer mon compte (mot de passe actuel et confirmation exigés ; toutes mes sessions sont fermées)', body: deleteAccountBodySchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await deleteOwnAccount(deps, currentUser(request).id, request.body.currentPassword);
      return reply.status(204).send();
    },
  );
};
