import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptedStateSchema,
  createdThreadSchema,
  followBodySchema,
  followStateSchema,
  lockBodySchema,
  lockStateSchema,
  replyBodySchema,
  replySchema,
  threadBodySchema,
  threadDetailSchema,
  threadListQuerySchema,
  threadPageSchema,
  threadQuerySchema,
} from '../../../shared/discussions';
import { idParamsSchema } from '../../../shared/ids';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import { acceptReply, addReply, createThread, getThread, listThreads, setFollowing, setLocked } from './discussions.service';

/** Course discussions (issue 26): for the course's enrolled learners, its trainer and administrators. */
export const discussionsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const tags = ['discussions'];
  const config = { access: 'authenticated' as const };

  app.get('/api/courses/:id/threads', { config, schema: { tags, summary: "Discussions d'un cours, par page (filtres : leçon, type, recherche en français)", params: idParamsSchema, querystring: threadListQuerySchema, response: { 200: threadPageSchema } } }, async (request) =>
    listThreads(db, currentUser(request), request.params.id, request.query),
  );

  app.post('/api/courses/:id/threads', { config, schema: { tags, summary: 'Ouvrir une question ou une discussion dans un cours (éventuellement sur une leçon)', params: idParamsSchema, body: threadBodySchema, response: { 201: createdThreadSchema } } }, async (request, reply) =>
    reply.status(201).send(await createThread(db, currentUser(request), request.params.id, request.body)),
  );

  app.get('/api/threads/:id', { config, schema: { tags, summary: 'Une discussion et ses réponses (par page, ou toutes avec all=true)', params: idParamsSchema, querystring: threadQuerySchema, response: { 200: threadDetailSchema } } }, async (request) =>
    getThread(db, currentUser(request), request.params.id, request.query),
  );

  app.post('/api/threads/:id/replies', { config, schema: { tags, summary: 'Répondre dans une discussion (refusé si elle est verrouillée)', params: idParamsSchema, body: replyBodySchema, response: { 201: replySchema } } }, async (request, reply) =>
    reply.status(201).send(await addReply(db, currentUser(request), request.params.id, request.body.body)),
  );

  app.post('/api/replies/:id/accept', { config, schema: { tags, summary: "Marquer la réponse acceptée d'une question (formateur du cours ou administrateur)", params: idParamsSchema, response: { 200: acceptedStateSchema } } }, async (request) =>
    acceptReply(db, currentUser(request), request.params.id),
  );

  app.post('/api/threads/:id/follow', { config, schema: { tags, summary: 'Suivre une discussion, ou ne plus la suivre (following : false)', params: idParamsSchema, body: followBodySchema, response: { 200: followStateSchema } } }, async (request) =>
    setFollowing(db, currentUser(request), request.params.id, request.body.following),
  );

  app.post('/api/threads/:id/lock', { config, schema: { tags, summary: 'Verrouiller une discussion, ou la déverrouiller (locked : false) : formateur du cours ou administrateur', params: idParamsSchema, body: lockBodySchema, response: { 200: lockStateSchema } } }, async (request) =>
    setLocked(db, currentUser(request), request.params.id, request.body.locked),
  );
};
