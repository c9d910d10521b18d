import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids';
import { adminCoursePageSchema, adminCoursesQuerySchema, courseReviewListSchema, reviewReasonBodySchema, reviewResultSchema } from '../../../shared/reviews';
import { canAuthorCourses, isAdmin } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import { listAdminCourses, listCourseReviews, publishCourse, requestChanges, submitCourse, unpublishCourse } from './reviews.service';

/** The publication review (decision 018): the author submits, an administrator decides. */
export const reviewsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const tags = ['validation'];
  const adminOnly = { access: isAdmin };
  // Approved trainers and administrators pass the guard; the service keeps each course to its author.
  const author = { access: canAuthorCourses };

  app.post('/api/courses/:id/submit', { config: author, schema: { tags, summary: 'Soumettre un cours pour validation (auteur ou administrateur)', params: idParamsSchema, response: { 200: reviewResultSchema } } }, async (request) =>
    submitCourse(db, request.params.id, currentUser(request)),
  );

  app.get('/api/courses/:id/reviews', { config: author, schema: { tags, summary: "Historique de validation d'un cours (auteur ou administrateur)", params: idParamsSchema, response: { 200: courseReviewListSchema } } }, async (request) =>
    listCourseReviews(db, request.params.id, currentUser(request)),
  );

  app.get('/api/admin/courses', { config: adminOnly, schema: { tags, summary: 'Cours à valider et cours par état (page)', querystring: adminCoursesQuerySchema, response: { 200: adminCoursePageSchema } } }, async (request) =>
    listAdminCourses(db, request.query),
  );

  app.post('/api/admin/courses/:id/publish', { config: adminOnly, schema: { tags, summary: 'Publier un cours en attente de validation', params: idParamsSchema, response: { 200: reviewResultSchema } } }, async (request) =>
    publishCourse(db, request.params.id, currentUser(request)),
  );

  app.post(
    '/api/admin/courses/:id/request-changes',
    { config: adminOnly, schema: { tags, summary: "Renvoyer un cours à son auteur avec le motif des modifications demandées", params: idParamsSchema, body: reviewReasonBodySchema, response: { 200: reviewResultSchema } } },
    async (request) => requestChanges(db, request.params.id, currentUser(request), request.body.reason),
  );

  app.post(
    '/api/admin/courses/:id/unpublish',
    { config: adminOnly, schema: { tags, summary: 'Dépublier un cours, avec le motif montré à son auteur', params: idParamsSchema, body: reviewReasonBodySchema, response: { 200: reviewResultSchema } } },
    async (request) => unpublishCourse(db, request.params.id, currentUser(request), request.body.reason),
  );
};
