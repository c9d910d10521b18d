import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids';
import { canAuthorCourses, isAdmin } from '../../../shared/roles';
import { textAnswer } from '../../../shared/responses';
import {
  commentVisibilityBodySchema,
  mySatisfactionAnswerSchema,
  mySatisfactionAnswersSchema,
  satisfactionAnswerSchema,
  satisfactionAnswersPageSchema,
  satisfactionBodySchema,
  satisfactionListQuerySchema,
} from '../../../shared/satisfaction';
import { CSV_CONTENT_TYPE } from '../../lib/csv';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import { exportAnswers, listAnswers, listMyAnswers, saveAnswer, setCommentHidden, type AnswersScope } from './satisfaction.service';

/** Satisfaction at the end of a course: learners answer, trainers read their courses' answers, administrators all and moderate. */
export const satisfactionRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const tags = ['satisfaction'];
  const trainerScope = (id: number): AnswersScope => ({ authorId: id, moderator: false });
  const adminScope: AnswersScope = { moderator: true };

  app.get('/api/user/satisfaction', { config: { access: 'authenticated' }, schema: { tags, summary: 'Mes avis sur les formations terminées', response: { 200: mySatisfactionAnswersSchema } } }, async (request) =>
    listMyAnswers(db, currentUser(request).id),
  );

  app.put('/api/courses/:id/satisfaction', { config: { access: 'authenticated' }, schema: { tags, summary: 'Donner ou modifier mon avis sur une formation terminée (note de 1 à 5, commentaire facultatif ; modifiable 30 jours)', params: idParamsSchema, body: satisfactionBodySchema, response: { 200: mySatisfactionAnswerSchema } } }, async (request) =>
    saveAnswer(db, currentUser(request), request.params.id, request.body),
  );

  app.get('/api/formateur/satisfaction', { config: { access: canAuthorCourses }, schema: { tags, summary: 'Avis des apprenants sur mes cours (sans leur nom), par page', querystring: satisfactionListQuerySchema, response: { 200: satisfactionAnswersPageSchema } } }, async (request) =>
    listAnswers(db, trainerScope(currentUser(request).id), request.query),
  );

  app.get('/api/formateur/satisfaction/export', { config: { access: canAuthorCourses }, schema: { tags, summary: 'Exporter en CSV les avis sur mes cours', querystring: satisfactionListQuerySchema, response: { 200: textAnswer(['text/csv'], 'Les avis, en CSV (UTF-8)') } } }, async (request, reply) => {
    const { csv, fileName } = await exportAnswers(db, trainerScope(currentUser(request).id), request.query.course);
    return reply.type(CSV_CONTENT_TYPE).header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'private, no-store').send(csv);
  });

  app.get('/api/admin/satisfaction', { config: { access: isAdmin }, schema: { tags, summary: 'Avis des apprenants sur toutes les formations, par page', querystring: satisfactionListQuerySchema, response: { 200: satisfactionAnswersPageSchema } } }, async (request) =>
    listAnswers(db, adminScope, request.query),
  );

  app.get('/api/admin/satisfaction/export', { config: { access: isAdmin }, schema: { tags, summary: 'Exporter en CSV les avis sur toutes les formations', querystring: satisfactionListQuerySchema, response: { 200: textAnswer(['text/csv'], 'Les avis, en CSV (UTF-8)') } } }, async (request, reply) => {
    const { csv, fileName } = await exportAnswers(db, adminScope, request.query.course);
    return reply.type(CSV_CONTENT_TYPE).header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'private, no-store').send(csv);
  });

  app.put('/api/admin/satisfaction/:id/comment', { config: { access: isAdmin }, schema: { tags, summary: "Masquer un commentaire abusif ou l'afficher de nouveau (la note compte toujours)", params: idParamsSchema, body: commentVisibilityBodySchema, response: { 200: satisfactionAnswerSchema } } }, async (request) =>
    setCommentHidden(db, request.params.id, currentUser(request), request.body.hidden),
  );
};
