import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUserCreateBodySchema,
  adminUsersQuerySchema,
  adminUserUpdateBodySchema,
  rejectBodySchema,
  userIdParamsSchema,
  userStatusBodySchema,
} from '../../../shared/admin';
import { isAdmin } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import {
  createUserAccount,
  deleteUser,
  getCvForDownload,
  getUserDetail,
  listUsers,
  rejectTrainer,
  setUserStatus,
  updateUser,
} from './admin.service';

/** Administration of users: every route is for administrators only (401 anonymous, 403 others). */
export const adminRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { config, db }) => {
  const adminOnly = { access: isAdmin };

  // The dashboard and the spec's user list are the same search; both names stay in the contract.
  for (const url of ['/api/admin/dashboard', '/api/users']) {
    app.get(url, { config: adminOnly, schema: { querystring: adminUsersQuerySchema } }, async (request) => listUsers(db, request.query));
  }

  app.post('/api/admin/users', { config: adminOnly, schema: { body: adminUserCreateBodySchema } }, async (request, reply) => {
    const created = await createUserAccount(db, currentUser(request), request.body);
    // The temporary password is in this answer only: nothing may keep a copy of it.
    return reply.status(201).header('Cache-Control', 'no-store').send(created);
  });

  app.get('/api/admin/users/:id', { config: adminOnly, schema: { params: userIdParamsSchema } }, async (request) =>
    getUserDetail(db, request.params.id),
  );

  app.put(
    '/api/admin/users/:id',
    { config: adminOnly, schema: { params: userIdParamsSchema, body: adminUserUpdateBodySchema } },
    async (request) => updateUser(db, currentUser(request), request.params.id, request.body),
  );

  app.delete('/api/admin/users/:id', { config: adminOnly, schema: { params: userIdParamsSchema } }, async (request, reply) => {
    await deleteUser(db, config, currentUser(request), request.params.id);
    return reply.status(204).send();
  });

  app.put(
    '/api/admin/users/:id/status',
    { config: adminOnly, schema: { params: userIdParamsSchema, body: userStatusBodySchema } },
    async (request) => setUserStatus(db, currentUser(request), request.params.id, request.body.is_valid),
  );

  app.post(
    '/api/admin/users/:id/reject',
    { config: adminOnly, schema: { params: userIdParamsSchema, body: rejectBodySchema.nullish() } },
    async (request) => rejectTrainer(db, currentUser(request), request.params.id, request.body?.reason),
  );

  // Downloaded through the authenticated call only: a token in a URL would end up in logs and history.
  app.get('/api/admin/users/:id/cv', { config: adminOnly, schema: { params: userIdParamsSchema } }, async (request, reply) => {
    const cv = await getCvForDownload(db, config, currentUser(request), request.params.id);
    return reply
      .header('Content-Type', cv.mimeType)
      .header('Content-Length', cv.size)
      .header('Content-Disposition', contentDisposition(cv.fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(createReadStream(cv.filePath));
  });
};
