import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserCreateBodySchema,
  adminUserCreatedResponseSchema,
  adminUserDetailSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  adminUserUpdateBodySchema,
  rejectBodySchema,
  userStatusBodySchema,
} from '../../../shared/admin';
import { idParamsSchema } from '../../../shared/ids';
import { binaryAnswer, noContentSchema } from '../../../shared/responses';
import { CV_MIME_TYPES } from '../../../shared/trainers';
import { isAdmin } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { sendStoredFile } from '../../lib/file-transfer';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import {
  createUserAccount,
  deleteUser,
  getCvForDownload,
  getUserDetail,
  rejectTrainer,
  setUserStatus,
  updateUser,
} from './admin.service';
import { listUsers } from './user-search';

/** Administration of users: every route is for administrators only (401 anonymous, 403 others). */
export const adminRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db, storage } = deps;
  const adminOnly = { access: isAdmin };
  const tags = ['administration'];

  // The dashboard and the spec's user list are the same search; both names stay in the contract.
  for (const url of ['/api/admin/dashboard', '/api/users']) {
    app.get(url, { config: adminOnly, schema: { tags, summary: 'Rechercher les utilisateurs (page, filtres, compteurs)', querystring: adminUsersQuerySchema, response: { 200: adminUsersResponseSchema } } }, async (request) => listUsers(db, request.query));
  }

  app.post('/api/admin/users', { config: adminOnly, schema: { tags, summary: 'Créer un compte et envoyer le lien « définissez votre mot de passe »', body: adminUserCreateBodySchema, response: { 201: adminUserCreatedResponseSchema } } }, async (request, reply) => {
    const created = await createUserAccount(db, currentUser(request), request.body);
    return reply.status(201).send(created);
  });

  app.get('/api/admin/users/:id', { config: adminOnly, schema: { tags, summary: "Fiche d'un utilisateur et son historique", params: idParamsSchema, response: { 200: adminUserDetailSchema } } }, async (request) =>
    getUserDetail(db, request.params.id),
  );

  app.put(
    '/api/admin/users/:id',
    { config: adminOnly, schema: { tags, summary: "Corriger les informations d'un utilisateur", params: idParamsSchema, body: adminUserUpdateBodySchema, response: { 200: adminUserSchema } } },
    async (request) => updateUser(db, currentUser(request), request.params.id, request.body),
  );

  app.delete('/api/admin/users/:id', { config: adminOnly, schema: { tags, summary: 'Supprimer un utilisateur et ses fichiers', params: idParamsSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    await deleteUser(deps, currentUser(request), request.params.id);
    return reply.status(204).send();
  });

  app.put(
    '/api/admin/users/:id/status',
    { config: adminOnly, schema: { tags, summary: 'Approuver ou révoquer un compte', params: idParamsSchema, body: userStatusBodySchema, response: { 200: adminUserSchema } } },
    async (request) => setUserStatus(db, currentUser(request), request.params.id, request.body.is_valid),
  );

  app.post(
    '/api/admin/users/:id/reject',
    { config: adminOnly, schema: { tags, summary: "Refuser la candidature d'un formateur", params: idParamsSchema, body: rejectBodySchema.nullish(), response: { 200: adminUserSchema } } },
    async (request) => rejectTrainer(db, currentUser(request), request.params.id, request.body?.reason),
  );

  // Downloaded through the authenticated call only: a token in a URL would end up in logs and history.
  app.get('/api/admin/users/:id/cv', { config: adminOnly, schema: { tags, summary: "Télécharger le CV d'un utilisateur", params: idParamsSchema, response: { 200: binaryAnswer(CV_MIME_TYPES, 'Le CV, dans son format d’origine') } } }, async (request, reply) => {
    const cv = await getCvForDownload(db, storage, currentUser(request), request.params.id);
    reply.header('Content-Type', cv.mimeType).header('Content-Disposition', contentDisposition(cv.fileName)).header('Cache-Control', 'private, no-store');
    return sendStoredFile(reply, cv);
  });
};
