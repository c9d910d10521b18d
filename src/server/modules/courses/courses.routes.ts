import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authorCoursesSchema,
  canDownloadAttachment,
  canViewCourse,
  categoryCountListSchema,
  COURSE_ATTACHMENT_TYPES,
  COURSE_IMAGE_SERVED_TYPES,
  courseDetailSchema,
  courseListQuerySchema,
  coursePageSchema,
  enrolmentStateSchema,
  myCoursesSchema,
  savedStateSchema,
} from '../../../shared/courses';
import { idParamsSchema } from '../../../shared/ids';
import { binaryAnswer, noContentSchema } from '../../../shared/responses';
import { canAuthorCourses } from '../../../shared/roles';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../lib/deps';
import { openStoredFile, sendStoredFile } from '../../lib/file-transfer';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import { courseResultsSchema } from '../../../shared/public-info';
import { courseResultsCache } from './course-results';
import { discardCourseForm, receiveCourseForm } from './course-uploads';
import {
  createCourse,
  deleteCourse,
  findCourseFiles,
  findEditableCourse,
  getCourseDetail,
  isEnrolled,
  listAuthorCourses,
  listCatalogue,
  listCategoryCounts,
  listMyCourses,
  setEnrolment,
  setSaved,
  updateCourse,
} from './courses.service';

const imageQuery = z.object({ v: z.string().max(64).optional() });

export const coursesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, storage }) => {
  const tags = ['cours'];
  app.get('/api/courses', { config: { access: 'public' }, schema: { tags, summary: 'Catalogue des cours publiés (recherche, catégorie, page)', querystring: courseListQuerySchema, response: { 200: coursePageSchema } } }, async (request) =>
    listCatalogue(db, request.query),
  );

  app.get('/api/categories', { config: { access: 'public' }, schema: { tags, summary: 'Catégories avec leur nombre de cours publiés', response: { 200: categoryCountListSchema } } }, async () => listCategoryCounts(db));

  app.get('/api/courses/:id', { config: { access: 'public' }, schema: { tags, summary: "Détail d'un cours", params: idParamsSchema, response: { 200: courseDetailSchema } } }, async (request) =>
    getCourseDetail(db, request.params.id, request.user),
  );

  const courseResults = courseResultsCache();
  app.get(
    '/api/courses/:id/results',
    { config: { access: 'public' }, schema: { tags, summary: "Résultats publics d'un cours sur 12 mois (inscrits, achèvement, réussite aux quiz, satisfaction)", params: idParamsSchema, response: { 200: courseResultsSchema } } },
    async (request) => {
      const course = await findCourseFiles(db, request.params.id);
      // A draft's results, like the draft itself, are for its author and administrators.
      if (!course || !canViewCourse(request.user, course)) throw AppError.notFound("Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.");
      return courseResults(db, course.id);
    },
  );

  app.get('/api/courses/:id/image', { config: { access: 'public' }, schema: { tags, summary: "Image d'un cours", params: idParamsSchema, querystring: imageQuery, response: { 200: binaryAnswer(COURSE_IMAGE_SERVED_TYPES, "L'image du cours") } } }, async (request, reply) => {
    const course = await findCourseFiles(db, request.params.id);
    if (!course?.imagePath || !course.imageMimeType || !canViewCourse(request.user, course)) throw AppError.notFound();
    const file = await openStoredFile(storage, course.imagePath);
    if (!file) throw AppError.notFound();
    reply
      .type(course.imageMimeType)
      // The address changes with the file (?v=), so a published image can be cached for good.
      .header('Cache-Control', course.status === 'published' ? 'public, max-age=31536000, immutable' : 'private, no-store')
      // Opened on its own, an image (the shipped SVGs included) may run no script and load nothing.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return sendStoredFile(reply, file);
  });

  app.get('/api/courses/:id/attachment', { config: { access: 'authenticated' }, schema: { tags, summary: "Télécharger la pièce jointe d'un cours (inscrits, auteur, administrateurs)", params: idParamsSchema, response: { 200: binaryAnswer(COURSE_ATTACHMENT_TYPES, 'La pièce jointe, dans son format d’origine') } } }, async (request, reply) => {
    const user = currentUser(request);
    const course = await findCourseFiles(db, request.params.id);
    if (!course || !canViewCourse(user, course)) throw AppError.notFound();
    if (!canDownloadAttachment(user, course, await isEnrolled(db, user.id, course.id))) {
      throw AppError.forbidden('La pièce jointe est réservée aux personnes inscrites à ce cours.');
    }
    if (!course.attachmentPath || !course.attachmentMimeType) throw AppError.notFound("Ce cours n'a pas de pièce jointe.");
    const file = await openStoredFile(storage, course.attachmentPath);
    if (!file) throw AppError.notFound("Ce cours n'a pas de pièce jointe.");
    reply
      .type(course.attachmentMimeType)
      .header('Content-Disposition', contentDisposition(course.attachmentOriginalName ?? 'piece-jointe'))
      .header('Cache-Control', 'private, no-store');
    return sendStoredFile(reply, file);
  });

  app.post('/api/courses', { config: { access: canAuthorCourses }, schema: { tags, summary: 'Créer un cours (formulaire multipart avec image et pièce jointe)', consumes: ['multipart/form-data'], response: { 201: courseDetailSchema } } }, async (request, reply) => {
    const user = currentUser(request);
    const form = await receiveCourseForm(request, storage);
    try {
      return reply.status(201).send(await createCourse(db, storage, user, form));
    } finally {
      await discardCourseForm(form);
    }
  });

  app.put('/api/courses/:id', { config: { access: 'authenticated' }, schema: { tags, summary: 'Modifier un cours (auteur ou administrateur ; multipart)', consumes: ['multipart/form-data'], params: idParamsSchema, response: { 200: courseDetailSchema } } }, async (request) => {
    const user = currentUser(request);
    // Who may edit is settled before a single byte of the files is read.
    const course = await findEditableCourse(db, request.params.id, user);
    const form = await receiveCourseForm(request, storage);
    try {
      return await updateCourse(db, storage, user, course, form);
    } finally {
      await discardCourseForm(form);
    }
  });

  app.delete('/api/courses/:id', { config: { access: 'authenticated' }, schema: { tags, summary: 'Supprimer un cours (auteur ou administrateur)', params: idParamsSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    const course = await findEditableCourse(db, request.params.id, currentUser(request));
    await deleteCourse(db, storage, course.id);
    return reply.status(204).send();
  });

  app.get('/api/formateur/courses', { config: { access: canAuthorCourses }, schema: { tags, summary: 'Mes cours, brouillons compris', response: { 200: authorCoursesSchema } } }, async (request) => listAuthorCourses(db, currentUser(request).id));

  app.post('/api/courses/:id/enrolment', { config: { access: 'authenticated' }, schema: { tags, summary: "S'inscrire à un cours", params: idParamsSchema, response: { 200: enrolmentStateSchema } } }, async (request) =>
    setEnrolment(db, currentUser(request).id, request.params.id, true),
  );
  app.delete('/api/courses/:id/enrolment', { config: { access: 'authenticated' }, schema: { tags, summary: "Se désinscrire d'un cours", params: idParamsSchema, response: { 200: enrolmentStateSchema } } }, async (request) =>
    setEnrolment(db, currentUser(request).id, request.params.id, false),
  );
  app.post('/api/courses/:id/saved', { config: { access: 'authenticated' }, schema: { tags, summary: 'Enregistrer un cours pour plus tard', params: idParamsSchema, response: { 200: savedStateSchema } } }, async (request) =>
    setSaved(db, currentUser(request).id, request.params.id, true),
  );
  app.delete('/api/courses/:id/saved', { config: { access: 'authenticated' }, schema: { tags, summary: 'Retirer un cours des cours enregistrés', params: idParamsSchema, response: { 200: savedStateSchema } } }, async (request) =>
    setSaved(db, currentUser(request).id, request.params.id, false),
  );

  app.get('/api/user/courses', { config: { access: 'authenticated' }, schema: { tags, summary: 'Mes cours suivis et enregistrés', response: { 200: myCoursesSchema } } }, async (request) => listMyCourses(db, currentUser(request).id));
};
