import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids';
import {
  blockResultSchema,
  conversationIdSchema,
  conversationListSchema,
  conversationsQuerySchema,
  messageBodySchema,
  messageItemSchema,
  messagePageSchema,
  messagesQuerySchema,
  openConversationBodySchema,
  readResultSchema,
} from '../../../shared/messages';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import { blockUser, listConversations, listMessages, markConversationRead, openConversation, sendMessage, unblockUser } from './messages.service';

/** One-to-one conversations between related people, and blocking (issue 26). Only the two participants read or write. */
export const messagesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const tags = ['messages'];
  const own = { access: 'authenticated' as const };

  app.post(
    '/api/conversations',
    {
      config: own,
      schema: {
        tags,
        summary: 'Ouvrir une conversation avec une personne liée (apprenant et formateur d’un cours, organisation et membre) ; la conversation existante est rendue (200) au lieu d’une seconde',
        body: openConversationBodySchema,
        response: { 200: conversationIdSchema, 201: conversationIdSchema },
      },
    },
    async (request, reply) => {
      const { id, created } = await openConversation(db, currentUser(request).id, request.body.recipient_id, request.body.course_id ?? null);
      return reply.status(created ? 201 : 200).send({ id });
    },
  );

  app.get('/api/conversations', { config: own, schema: { tags, summary: 'Mes conversations, la plus récente d’abord (nom de l’autre personne, dernier message, non lus)', querystring: conversationsQuerySchema, response: { 200: conversationListSchema } } }, async (request) =>
    listConversations(db, currentUser(request).id, request.query),
  );

  app.get('/api/conversations/:id/messages', { config: own, schema: { tags, summary: 'Les messages d’une de mes conversations, par page (page 1 : les plus récents)', params: idParamsSchema, querystring: messagesQuerySchema, response: { 200: messagePageSchema } } }, async (request) =>
    listMessages(db, currentUser(request).id, request.params.id, request.query),
  );

  app.post(
    '/api/conversations/:id/messages',
    { config: own, schema: { tags, summary: 'Écrire dans une de mes conversations (Markdown sûr, 5 000 caractères au plus, 30 messages par minute au plus)', params: idParamsSchema, body: messageBodySchema, response: { 201: messageItemSchema } } },
    async (request, reply) => {
      const message = await sendMessage(db, currentUser(request).id, request.params.id, request.body.body);
      return reply.status(201).send(message);
    },
  );

  app.post('/api/conversations/:id/read', { config: own, schema: { tags, summary: 'Marquer comme lus les messages d’une de mes conversations', params: idParamsSchema, response: { 200: readResultSchema } } }, async (request) =>
    markConversationRead(db, currentUser(request).id, request.params.id),
  );

  app.post('/api/users/:id/block', { config: own, schema: { tags, summary: 'Bloquer une personne : elle ne peut plus m’écrire, et je ne suis plus notifié', params: idParamsSchema, response: { 200: blockResultSchema } } }, async (request) =>
    blockUser(db, currentUser(request).id, request.params.id),
  );

  app.delete('/api/users/:id/block', { config: own, schema: { tags, summary: 'Débloquer une personne', params: idParamsSchema, response: { 200: blockResultSchema } } }, async (request) =>
    unblockUser(db, currentUser(request).id, request.params.id),
  );
};
