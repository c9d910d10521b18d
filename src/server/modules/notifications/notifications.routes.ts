import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/ids';
import {
  markAllReadResponseSchema,
  notificationItemSchema,
  notificationPageSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  unreadCountSchema,
  unsubscribeResultSchema,
  unsubscribeStateSchema,
} from '../../../shared/notifications';
import { jsonOrTextAnswer } from '../../../shared/responses';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import {
  describeUnsubscribe,
  getPreferences,
  listNotifications,
  markAllRead,
  markRead,
  unreadCount,
  unsubscribe,
  updatePreferences,
} from './notifications.service';
import { acceptOneClickForm, confirmPage, donePage, invalidLinkPage, sendPage, wantsHtml } from './unsubscribe-page';

/** `link`, not `token`: it is a signed capability for one kind of e-mail, never a session token. */
const unsubscribeParamsSchema = z.object({ link: z.string() });

/** The bell (in-app notifications), the e-mail preferences and the one-click unsubscribe links (decision 024). */
export const notificationsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const tags = ['notifications'];
  const own = { access: 'authenticated' as const };
  acceptOneClickForm(app);

  app.get('/api/notifications', { config: own, schema: { tags, summary: 'Mes notifications, les plus récentes d’abord', querystring: notificationsQuerySchema, response: { 200: notificationPageSchema } } }, async (request) =>
    listNotifications(db, currentUser(request).id, request.query),
  );

  app.get('/api/notifications/unread-count', { config: own, schema: { tags, summary: 'Le nombre de mes notifications non lues (la cloche)', response: { 200: unreadCountSchema } } }, async (request) =>
    unreadCount(db, currentUser(request).id),
  );

  app.post('/api/notifications/:id/read', { config: own, schema: { tags, summary: 'Marquer une de mes notifications comme lue', params: idParamsSchema, response: { 200: notificationItemSchema } } }, async (request) =>
    markRead(db, currentUser(request).id, request.params.id),
  );

  app.post('/api/notifications/read-all', { config: own, schema: { tags, summary: 'Marquer toutes mes notifications comme lues', response: { 200: markAllReadResponseSchema } } }, async (request) =>
    markAllRead(db, currentUser(request).id),
  );

  app.get('/api/user/notification-preferences', { config: own, schema: { tags, summary: 'Mes préférences e-mail, par type de notification', response: { 200: notificationPreferencesSchema } } }, async (request) =>
    getPreferences(db, currentUser(request)),
  );

  app.put(
    '/api/user/notification-preferences',
    { config: own, schema: { tags, summary: 'Activer ou couper les e-mails de certains types de notification (les notifications restent dans la cloche)', body: notificationPreferencesBodySchema, response: { 200: notificationPreferencesSchema } } },
    async (request) => updatePreferences(db, currentUser(request), request.body),
  );

  // The address of the List-Unsubscribe header and of the mails' footer: the signed token is the proof, no session.
  const unsubscribeConfig = { access: 'public' as const, personalData: true };

  app.get(
    '/api/notifications/unsubscribe/:link',
    { config: unsubscribeConfig, schema: { tags, summary: 'Lien de désabonnement d’un e-mail : page de confirmation (ne change rien)', params: unsubscribeParamsSchema, response: { 200: jsonOrTextAnswer(unsubscribeStateSchema, 'text/html', 'JSON, ou la page de confirmation pour un navigateur (en-tête Accept : text/html)') } } },
    async (request, reply) => {
      try {
        const state = await describeUnsubscribe(db, request.params.link);
        if (!wantsHtml(request)) return state;
        return sendPage(reply, 200, confirmPage(state.label, state.email, `/api/notifications/unsubscribe/${encodeURIComponent(request.params.link)}`, config.publicUrl));
      } catch (error) {
        if (wantsHtml(request) && error instanceof AppError && error.code === 'invalid_link') return sendPage(reply, 400, invalidLinkPage(error.message, config.publicUrl));
        throw error;
      }
    },
  );

  app.post(
    '/api/notifications/unsubscribe/:link',
    { config: unsubscribeConfig, schema: { tags, summary: 'Se désabonner en un clic (RFC 8058) des e-mails d’un type de notification', params: unsubscribeParamsSchema, response: { 200: jsonOrTextAnswer(unsubscribeResultSchema, 'text/html', 'JSON, ou la page « c’est fait » pour un navigateur (en-tête Accept : text/html)') } } },
    async (request, reply) => {
      try {
        const result = await unsubscribe(db, request.params.link);
        if (!wantsHtml(request)) return result;
        return sendPage(reply, 200, donePage(result.label, result.changed, config.publicUrl));
      } catch (error) {
        if (wantsHtml(request) && error instanceof AppError && error.code === 'invalid_link') return sendPage(reply, 400, invalidLinkPage(error.message, config.publicUrl));
        throw error;
      }
    },
  );
};
