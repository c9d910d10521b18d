import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, idSchema } from '../../../shared/ids';
import {
  absenceBodySchema,
  adminSessionsQuerySchema,
  adminSessionsSchema,
  attendanceSheetQuerySchema,
  calendarFeedSchema,
  mySessionsSchema,
  registrationBodySchema,
  registrationResultSchema,
  sessionBodySchema,
  sessionListSchema,
  sessionSchema,
  signatureBodySchema,
  signatureCreatedSchema,
  slotSheetSchema,
} from '../../../shared/live-sessions';
import { binaryAnswer, noContentSchema, textAnswer } from '../../../shared/responses';
import { isAdmin } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import { calendarFeed, calendarText, feedOwner, rotateCalendarFeed } from './calendar-feed';
import {
  adminSessions,
  attendanceSheet,
  countersignSlot,
  createSession,
  deleteSession,
  justifyAbsence,
  listCourseSessions,
  mySessions,
  register,
  signSlot,
  slotSheet,
  updateSession,
} from './sessions.service';

/** `feed`, not `token`: the file name `<token>.ics` of a private calendar feed, a capability for reading it only. */
const feedParamsSchema = z.object({ feed: z.string().max(100) });
const absenceParamsSchema = z.object({ id: idSchema, userId: idSchema });

/** Live sessions (issue 28): planning, registration, sign-in sheets and calendar feeds. */
export const sessionsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config, storage }) => {
  const tags = ['sessions'];
  const signedIn = { access: 'authenticated' as const };

  app.post('/api/courses/:id/sessions', { config: signedIn, schema: { tags, summary: 'Planifier une session en direct du cours (son formateur, les administrateurs)', params: idParamsSchema, body: sessionBodySchema, response: { 201: sessionSchema } } }, async (request, reply) =>
    reply.status(201).send(await createSession(db, config, currentUser(request), request.params.id, request.body)),
  );

  app.get('/api/courses/:id/sessions', { config: signedIn, schema: { tags, summary: 'Les sessions en direct d’un cours', params: idParamsSchema, response: { 200: sessionListSchema } } }, async (request) =>
    listCourseSessions(db, currentUser(request), request.params.id),
  );

  app.put('/api/sessions/:id', { config: signedIn, schema: { tags, summary: 'Modifier une session (les inscrits reçoivent la convocation mise à jour)', params: idParamsSchema, body: sessionBodySchema, response: { 200: sessionSchema } } }, async (request) =>
    updateSession(db, config, storage, currentUser(request), request.params.id, request.body),
  );

  app.delete('/api/sessions/:id', { config: signedIn, schema: { tags, summary: 'Annuler une session que personne n’a signée (les inscrits reçoivent l’annulation)', params: idParamsSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    await deleteSession(db, config, storage, currentUser(request), request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/sessions/:id/registrations', { config: signedIn, schema: { tags, summary: 'M’inscrire à une session, ou inscrire les membres de mon organisation', params: idParamsSchema, body: registrationBodySchema, response: { 201: registrationResultSchema } } }, async (request, reply) =>
    reply.status(201).send(await register(db, config, storage, currentUser(request), request.params.id, request.body)),
  );

  app.get('/api/sessions/:id/attendance-sheet', { config: signedIn, schema: { tags, summary: 'La feuille d’émargement d’un jour de la session, en PDF', params: idParamsSchema, querystring: attendanceSheetQuerySchema, response: { 200: binaryAnswer(['application/pdf'], 'La feuille d’émargement en PDF') } } }, async (request, reply) => {
    const { pdf, fileName } = await attendanceSheet(db, currentUser(request), request.params.id, request.query.date);
    reply.header('Content-Type', 'application/pdf').header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'private, no-store');
    return reply.send(pdf);
  });

  app.get('/api/user/sessions', { config: signedIn, schema: { tags, summary: 'Mes sessions en direct, avec mes signatures', response: { 200: mySessionsSchema } } }, async (request) => mySessions(db, currentUser(request)));

  app.post('/api/slots/:id/signatures', { config: signedIn, schema: { tags, summary: 'Signer la feuille d’émargement d’un créneau (de 15 minutes avant son début à 30 minutes après)', params: idParamsSchema, body: signatureBodySchema, response: { 201: signatureCreatedSchema } } }, async (request, reply) =>
    reply.status(201).send(await signSlot(db, currentUser(request), request.params.id, request.body, { userAgent: request.headers['user-agent'] ?? '', ip: request.ip })),
  );

  app.get('/api/slots/:id/sheet', { config: signedIn, schema: { tags, summary: 'La feuille d’émargement d’un créneau en direct (formateur, administrateurs)', params: idParamsSchema, response: { 200: slotSheetSchema } } }, async (request) =>
    slotSheet(db, currentUser(request), request.params.id),
  );

  app.post('/api/slots/:id/countersignature', { config: signedIn, schema: { tags, summary: 'Contresigner la feuille d’un créneau', params: idParamsSchema, body: signatureBodySchema, response: { 200: slotSheetSchema } } }, async (request) =>
    countersignSlot(db, currentUser(request), request.params.id, request.body),
  );

  app.put('/api/slots/:id/absences/:userId', { config: signedIn, schema: { tags, summary: 'Noter l’absence d’un inscrit comme justifiée, avec son motif', params: absenceParamsSchema, body: absenceBodySchema, response: { 200: slotSheetSchema } } }, async (request) =>
    justifyAbsence(db, currentUser(request), request.params.id, request.params.userId, request.body),
  );

  app.get('/api/admin/sessions', { config: { access: isAdmin }, schema: { tags, summary: 'Toutes les sessions en direct, avec leurs feuilles d’émargement', querystring: adminSessionsQuerySchema, response: { 200: adminSessionsSchema } } }, async (request) =>
    adminSessions(db, currentUser(request), request.query),
  );

  app.get('/api/user/calendar', { config: signedIn, schema: { tags, summary: 'L’adresse privée de mon agenda (sessions, entretiens, dates limites)', response: { 200: calendarFeedSchema } } }, async (request) => calendarFeed(db, currentUser(request).id));

  app.post('/api/user/calendar/rotate', { config: signedIn, schema: { tags, summary: 'Remplacer l’adresse de mon agenda : l’ancienne ne fonctionne plus', response: { 200: calendarFeedSchema } } }, async (request) =>
    rotateCalendarFeed(db, currentUser(request).id),
  );

  // The token in the address is the credential (calendar clients send no session); the request log masks it (lib/log-safety.ts).
  app.get('/calendrier/:feed', { config: { access: 'public', personalData: true }, schema: { tags, summary: 'Un agenda privé au format iCalendar', params: feedParamsSchema, response: { 200: textAnswer(['text/calendar'], 'L’agenda (RFC 5545)') } } }, async (request, reply) => {
    const userId = await feedOwner(db, request.params.feed);
    reply.header('Content-Type', 'text/calendar; charset=utf-8').header('Referrer-Policy', 'no-referrer');
    return reply.send(await calendarText(db, config, userId));
  });
};
