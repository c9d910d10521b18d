import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids';
import { courseInformationBodySchema, lessonCreateBodySchema, lessonUpdateBodySchema, orderBodySchema, sectionBodySchema } from '../../../shared/learning';
import { canAuthorCourses } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import {
  completeLesson,
  createLesson,
  createSection,
  deleteLesson,
  deleteSection,
  getLesson,
  getOutline,
  listMyLearning,
  renameSection,
  reorderLessons,
  reorderSections,
  updateCourseInformation,
  updateLesson,
} from './learning.service';

export const learningRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const tags = ['formation'];
  // Authoring: approved trainers and administrators pass the guard; the service keeps each course to its author.
  const author = { access: canAuthorCourses };

  app.get('/api/courses/:id/outline', { config: { access: 'public' }, schema: { tags, summary: "Plan d'un cours : chapitres, leçons, durées (avec la progression d'une personne inscrite)", params: idParamsSchema } }, async (request) =>
    getOutline(db, request.params.id, request.user),
  );

  app.put('/api/courses/:id/information', { config: author, schema: { tags, summary: "Modifier les informations publiques d'un cours (objectifs, public visé, prérequis, modalités d'évaluation)", params: idParamsSchema, body: courseInformationBodySchema } }, async (request) =>
    updateCourseInformation(db, request.params.id, currentUser(request), request.body),
  );

  app.post('/api/courses/:id/sections', { config: author, schema: { tags, summary: 'Ajouter un chapitre à la fin du cours', params: idParamsSchema, body: sectionBodySchema } }, async (request, reply) =>
    reply.status(201).send(await createSection(db, request.params.id, currentUser(request), request.body.title)),
  );

  app.put('/api/courses/:id/sections/order', { config: author, schema: { tags, summary: 'Réordonner les chapitres (liste complète des identifiants)', params: idParamsSchema, body: orderBodySchema } }, async (request) =>
    reorderSections(db, request.params.id, currentUser(request), request.body.ids),
  );

  app.put('/api/sections/:id', { config: author, schema: { tags, summary: 'Renommer un chapitre', params: idParamsSchema, body: sectionBodySchema } }, async (request) =>
    renameSection(db, request.params.id, currentUser(request), request.body.title),
  );

  app.delete('/api/sections/:id', { config: author, schema: { tags, summary: 'Supprimer un chapitre, ses leçons et leur progression', params: idParamsSchema } }, async (request, reply) => {
    await deleteSection(db, request.params.id, currentUser(request));
    return reply.status(204).send();
  });

  app.post('/api/sections/:id/lessons', { config: author, schema: { tags, summary: 'Ajouter une leçon texte à la fin du chapitre', params: idParamsSchema, body: lessonCreateBodySchema } }, async (request, reply) =>
    reply.status(201).send(await createLesson(db, request.params.id, currentUser(request), request.body)),
  );

  app.put('/api/sections/:id/lessons/order', { config: author, schema: { tags, summary: 'Réordonner les leçons du chapitre (liste complète des identifiants)', params: idParamsSchema, body: orderBodySchema } }, async (request) =>
    reorderLessons(db, request.params.id, currentUser(request), request.body.ids),
  );

  app.get('/api/lessons/:id', { config: { access: 'public' }, schema: { tags, summary: "Contenu d'une leçon (inscrits, auteur, administrateurs ; tous pour un aperçu gratuit)", params: idParamsSchema } }, async (request) =>
    getLesson(db, request.params.id, request.user),
  );

  app.put('/api/lessons/:id', { config: author, schema: { tags, summary: 'Modifier une leçon', params: idParamsSchema, body: lessonUpdateBodySchema } }, async (request) =>
    updateLesson(db, request.params.id, currentUser(request), request.body),
  );

  app.delete('/api/lessons/:id', { config: author, schema: { tags, summary: 'Supprimer une leçon et la progression qui s’y rapporte', params: idParamsSchema } }, async (request, reply) => {
    await deleteLesson(db, request.params.id, currentUser(request));
    return reply.status(204).send();
  });

  app.post('/api/lessons/:id/complete', { config: { access: 'authenticated' }, schema: { tags, summary: 'Marquer une leçon comme terminée (personne inscrite)', params: idParamsSchema } }, async (request) =>
    completeLesson(db, request.params.id, currentUser(request)),
  );

  app.get('/api/user/learning', { config: { access: 'authenticated' }, schema: { tags, summary: 'Mes formations : progression et leçon où reprendre' } }, async (request) => listMyLearning(db, currentUser(request).id));
};
