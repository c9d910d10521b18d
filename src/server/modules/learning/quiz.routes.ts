import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids';
import { orderBodySchema } from '../../../shared/learning';
import {
  attemptBodySchema,
  attemptResultSchema,
  authorQuestionListSchema,
  authorQuestionSchema,
  authorQuizLessonSchema,
  authorQuizSchema,
  questionBodySchema,
  quizCreateBodySchema,
  quizSettingsBodySchema,
  quizViewSchema,
} from '../../../shared/quiz';
import { positioningResultsSchema } from '../../../shared/public-info';
import { noContentSchema } from '../../../shared/responses';
import { canAuthorCourses } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import { readPositioningResults } from './positioning';
import { addQuestion, createQuiz, deleteQuestion, getAuthorQuiz, getQuizView, reorderQuestions, submitAttempt, updateQuestion, updateQuizSettings } from './quiz.service';

/** Quiz lessons: authoring (author, administrators) and attempts (enrolled learners), scored by the server only. */
export const quizRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const tags = ['formation'];
  const author = { access: canAuthorCourses };

  app.post('/api/sections/:id/quizzes', { config: author, schema: { tags, summary: 'Ajouter un quiz à la fin du chapitre (seuil de réussite, nombre de tentatives)', params: idParamsSchema, body: quizCreateBodySchema, response: { 201: authorQuizLessonSchema } } }, async (request, reply) =>
    reply.status(201).send(await createQuiz(db, request.params.id, currentUser(request), request.body)),
  );

  app.get('/api/lessons/:id/quiz', { config: { access: 'public' }, schema: { tags, summary: "Questions d'un quiz sans les réponses, et mes tentatives (inscrits, auteur, administrateurs ; tous pour un aperçu gratuit)", params: idParamsSchema, response: { 200: quizViewSchema } } }, async (request) =>
    getQuizView(db, request.params.id, request.user),
  );

  app.get('/api/lessons/:id/quiz/edit', { config: author, schema: { tags, summary: 'Un quiz avec ses bonnes réponses et explications, pour le modifier', params: idParamsSchema, response: { 200: authorQuizSchema } } }, async (request) =>
    getAuthorQuiz(db, request.params.id, currentUser(request)),
  );

  app.get(
    '/api/courses/:id/positioning-results',
    { config: author, schema: { tags, summary: 'Résultats des tests de positionnement des personnes inscrites (auteur du cours, administrateurs)', params: idParamsSchema, response: { 200: positioningResultsSchema } } },
    async (request) => readPositioningResults(db, request.params.id, currentUser(request)),
  );

  app.put('/api/lessons/:id/quiz', { config: author, schema: { tags, summary: "Modifier le seuil de réussite et le nombre de tentatives d'un quiz", params: idParamsSchema, body: quizSettingsBodySchema, response: { 200: authorQuizSchema } } }, async (request) =>
    updateQuizSettings(db, request.params.id, currentUser(request), request.body),
  );

  app.post('/api/lessons/:id/quiz/questions', { config: author, schema: { tags, summary: 'Ajouter une question à la fin du quiz', params: idParamsSchema, body: questionBodySchema, response: { 201: authorQuestionSchema } } }, async (request, reply) =>
    reply.status(201).send(await addQuestion(db, request.params.id, currentUser(request), request.body)),
  );

  app.put('/api/lessons/:id/quiz/questions/order', { config: author, schema: { tags, summary: 'Réordonner les questions du quiz (liste complète des identifiants)', params: idParamsSchema, body: orderBodySchema, response: { 200: authorQuestionListSchema } } }, async (request) =>
    reorderQuestions(db, request.params.id, currentUser(request), request.body.ids),
  );

  app.put('/api/quiz-questions/:id', { config: author, schema: { tags, summary: 'Modifier une question de quiz', params: idParamsSchema, body: questionBodySchema, response: { 200: authorQuestionSchema } } }, async (request) =>
    updateQuestion(db, request.params.id, currentUser(request), request.body),
  );

  app.delete('/api/quiz-questions/:id', { config: author, schema: { tags, summary: 'Supprimer une question de quiz', params: idParamsSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    await deleteQuestion(db, request.params.id, currentUser(request));
    return reply.status(204).send();
  });

  // No route changes or deletes an attempt: once submitted it is final.
  app.post('/api/lessons/:id/quiz/attempts', { config: { access: 'authenticated' }, schema: { tags, summary: 'Valider mes réponses à un quiz : note, réussite et corrections (personne inscrite)', params: idParamsSchema, body: attemptBodySchema, response: { 201: attemptResultSchema } } }, async (request, reply) =>
    reply.status(201).send(await submitAttempt(db, request.params.id, currentUser(request), request.body)),
  );
};
