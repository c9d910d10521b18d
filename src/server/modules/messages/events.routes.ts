import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_HEARTBEAT_SECONDS, type LiveEvent } from '../../../shared/live-events';
import { binaryAnswer } from '../../../shared/responses';
import type { ModuleDeps } from '../../lib/deps';
import { subscribe } from '../../lib/event-bus';
import { currentUser } from '../../plugins/auth';
import { notificationUnreadCount } from '../notifications';
import { totalUnread } from './messages.service';

/**
 * A stream lives at most this long, then ends; the client opens a new one at once, with its
 * current token. A session revoked or expired meanwhile thus stops receiving within this delay.
 */
export const STREAM_LIFETIME_MS = 15 * 60 * 1000;

/** One server-sent event: its type as `event:`, its JSON as `data:` (JSON has no line break). */
export function sseFrame(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * `GET /api/events`: the caller's live events as server-sent events (issue 26). Authenticated by
 * the `Authorization` header like every call: the web client reads it with fetch streaming, so no
 * token ever appears in an address or a log line.
 */
export const eventsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const open = new Set<PassThrough>();
  // A stop must not wait for streams that never end by themselves.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.get(
    '/api/events',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['live'],
        summary: 'Mes événements en direct (server-sent events) : nouveaux messages, messages non lus, nombre de notifications',
        response: { 200: binaryAnswer(['text/event-stream'], 'Un flux SSE : `ready` puis `message`, `unread_messages`, `notifications`, et un commentaire toutes les 25 s') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const stream = new PassThrough();
      open.add(stream);
      // Listening before the counts are read, so an event in between is not lost.
      const unsubscribe = subscribe(user.id, (event) => {
        if (!stream.writableEnded) stream.write(sseFrame(event));
      });
      const heartbeat = setInterval(() => {
        if (!stream.writableEnded) stream.write(': ping\n\n');
      }, LIVE_HEARTBEAT_SECONDS * 1000);
      const lifetime = setTimeout(() => stream.end(), STREAM_LIFETIME_MS);
      const cleanUp = () => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        open.delete(stream);
        if (!stream.writableEnded) stream.end();
      };
      request.raw.once('close', cleanUp);
      stream.once('close', cleanUp);
      stream.once('finish', cleanUp);

      const [messages, notifications] = await Promise.all([totalUnread(db, user.id), notificationUnreadCount(db, user.id)]);
      // The client reconnects after a silent 2 s (`retry`); the first frame carries both counts.
      stream.write(`retry: 2000\n\n${sseFrame({ type: 'ready', unread_messages: messages, notifications: notifications.unread })}`);
      return reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store')
        // A buffering reverse proxy (nginx) would hold the events back.
        .header('X-Accel-Buffering', 'no')
        .send(stream);
    },
  );
};
