import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/ids';
import {
  authorLessonListSchema,
  authorLessonSchema,
  authorSectionListSchema,
  authorSectionSchema,
  courseInformationBodySchema,
  courseInformationSchema,
  courseOutlineSchema,
  LESSON_MEDIA_TYPES,
  learningMessages,
  lessonCompletionSchema,
  lessonContentSchema,
  lessonCreateBodySchema,
  lessonMoveBodySchema,
  lessonUpdateBodySchema,
  myLearningSchema,
  orderBodySchema,
  sectionBodySchema,
} from '../../../shared/learning';
import { binaryAnswer, noContentSchema } from '../../../shared/responses';
import { canAuthorCourses } from '../../../shared/roles';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../lib/deps';
import { sendRangedFile } from '../../lib/http-range';
import { lazyMediaSigner } from '../../lib/media-links';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import { createMediaLesson, findEditableMediaLesson, findEditableSection, findMediaFile, replaceLessonMedia } from './lesson-files.service';
import { discardLessonForm, receiveLessonForm } from './lesson-uploads';
import {
  completeLesson,
  createLesson,
  createSection,
  deleteLesson,
  deleteSection,
  getLesson,
  getOutline,
  listMyLearning,
  moveLesson,
  renameSection,
  reorderLessons,
  reorderSections,
  updateCourseInformation,
  updateLesson,
} from './learning.service';

/** Any text up to a bound: a malformed token is refused like a forged one (403), not as a validation error. */
const mediaParamsSchema = z.object({ link: z.string().max(200) });

export const learningRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, storage, config }) => {
  const tags = ['formation'];
  const signer = lazyMediaSigner(db, config);
  // Authoring: approved trainers and administrators pass the guard; the service keeps each course to its author.
  const author = { access: canAuthorCourses };

  app.get('/api/courses/:id/outline', { config: { access: 'public' }, schema: { tags, summary: "Plan d'un cours : chapitres, leçons, durées (avec la progression d'une personne inscrite)", params: idParamsSchema, response: { 200: courseOutlineSchema } } }, async (request) =>
    getOutline(db, request.params.id, request.user),
  );

  app.put('/api/courses/:id/information', { config: author, schema: { tags, summary: "Modifier les informations publiques d'un cours (objectifs, public visé, prérequis, modalités d'évaluation)", params: idParamsSchema, body: courseInformationBodySchema, response: { 200: courseInformationSchema } } }, async (request) =>
    updateCourseInformation(db, request.params.id, currentUser(request), request.body),
  );

  app.post('/api/courses/:id/sections', { config: author, schema: { tags, summary: 'Ajouter un chapitre à la fin du cours', params: idParamsSchema, body: sectionBodySchema, response: { 201: authorSectionSchema } } }, async (request, reply) =>
    reply.status(201).send(await createSection(db, request.params.id, currentUser(request), request.body.title)),
  );

  app.put('/api/courses/:id/sections/order', { config: author, schema: { tags, summary: 'Réordonner les chapitres (liste complète des identifiants)', params: idParamsSchema, body: orderBodySchema, response: { 200: authorSectionListSchema } } }, async (request) =>
    reorderSections(db, request.params.id, currentUser(request), request.body.ids),
  );

  app.put('/api/sections/:id', { config: author, schema: { tags, summary: 'Renommer un chapitre', params: idParamsSchema, body: sectionBodySchema, response: { 200: authorSectionSchema } } }, async (request) =>
    renameSection(db, request.params.id, currentUser(request), request.body.title),
  );

  app.delete('/api/sections/:id', { config: author, schema: { tags, summary: 'Supprimer un chapitre, ses leçons et leur progression', params: idParamsSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    await deleteSection(db, storage, request.params.id, currentUser(request));
    return reply.status(204).send();
  });

  app.post('/api/sections/:id/lessons', { config: author, schema: { tags, summary: 'Ajouter une leçon texte à la fin du chapitre', params: idParamsSchema, body: lessonCreateBodySchema, response: { 201: authorLessonSchema } } }, async (request, reply) =>
    reply.status(201).send(await createLesson(db, request.params.id, currentUser(request), request.body)),
  );

  app.post('/api/sections/:id/lessons/media', { config: author, schema: { tags, summary: 'Ajouter une leçon vidéo ou PDF avec son fichier (multipart : champs, file, captions facultatif)', consumes: ['multipart/form-data'], params: idParamsSchema, response: { 201: authorLessonSchema } } }, async (request, reply) => {
    // Who may edit is settled before a single byte of the file is read.
    await findEditableSection(db, request.params.id, currentUser(request));
    const form = await receiveLessonForm(request, storage);
    try {
      return reply.status(201).send(await createMediaLesson(db, storage, request.params.id, form));
    } finally {
      await discardLessonForm(form);
    }
  });

  app.put('/api/lessons/:id/media', { config: author, schema: { tags, summary: "Remplacer le fichier d'une leçon vidéo ou PDF, ou ses sous-titres (multipart)", consumes: ['multipart/form-data'], params: idParamsSchema, response: { 200: authorLessonSchema } } }, async (request) => {
    const type = await findEditableMediaLesson(db, request.params.id, currentUser(request));
    const form = await receiveLessonForm(request, storage, type);
    try {
      return await replaceLessonMedia(db, storage, request.params.id, type, form);
    } finally {
      await discardLessonForm(form);
    }
  });

  // Public: the signed token is the proof of access, checked when it was issued (decision 017).
  app.get('/api/media/:link', { config: { access: 'public' }, schema: { tags, summary: "Fichier d'une leçon (vidéo, PDF, sous-titres) par un lien signé et temporaire ; requêtes Range acceptées", params: mediaParamsSchema, response: { 200: binaryAnswer(LESSON_MEDIA_TYPES, 'Le fichier entier'), 206: binaryAnswer(LESSON_MEDIA_TYPES, 'La partie demandée (en-tête Range)') } } }, async (request, reply) => {
    const claim = (await signer()).verify(request.params.link);
    if (!claim) throw AppError.forbidden(learningMessages.mediaLinkInvalid);
    const file = await findMediaFile(db, claim);
    if (!file) throw AppError.notFound(learningMessages.mediaLinkInvalid);
    reply
      .type(file.mime)
      .header('Content-Disposition', contentDisposition(file.fileName, claim.kind === 'download' ? 'attachment' : 'inline'))
      // The link is private to whoever got it, and dies within hours: never in a shared cache.
      .header('Cache-Control', 'private, no-store');
    if (!(await sendRangedFile(reply, storage, file, request.headers.range))) throw AppError.notFound(learningMessages.mediaLinkInvalid);
    return reply;
  });

  app.put('/api/sections/:id/lessons/order', { config: author, schema: { tags, summary: 'Réordonner les leçons du chapitre (liste complète des identifiants)', params: idParamsSchema, body: orderBodySchema, response: { 200: authorLessonListSchema } } }, async (request) =>
    reorderLessons(db, request.params.id, currentUser(request), request.body.ids),
  );

  app.get('/api/lessons/:id', { config: { access: 'public' }, schema: { tags, summary: "Contenu d'une leçon (inscrits, auteur, administrateurs ; tous pour un aperçu gratuit)", params: idParamsSchema, response: { 200: lessonContentSchema } } }, async (request) =>
    getLesson(db, await signer(), request.params.id, request.user),
  );

  app.put('/api/lessons/:id', { config: author, schema: { tags, summary: 'Modifier une leçon', params: idParamsSchema, body: lessonUpdateBodySchema, response: { 200: authorLessonSchema } } }, async (request) =>
    updateLesson(db, request.params.id, currentUser(request), request.body),
  );

  app.put('/api/lessons/:id/section', { config: author, schema: { tags, summary: 'Déplacer une leçon vers un autre chapitre du même cours', params: idParamsSchema, body: lessonMoveBodySchema, response: { 200: authorLessonSchema } } }, async (request) =>
    moveLesson(db, request.params.id, currentUser(request), request.body),
  );

  app.delete('/api/lessons/:id', { config: author, schema: { tags, summary: 'Supprimer une leçon et la progression qui s’y rapporte', params: idParamsSchema, response: { 204: noContentSchema } } }, async (request, reply) => {
    await deleteLesson(db, storage, request.params.id, currentUser(request));
    return reply.status(204).send();
  });

  app.post('/api/lessons/:id/complete', { config: { access: 'authenticated' }, schema: { tags, summary: 'Marquer une leçon comme terminée (personne inscrite)', params: idParamsSchema, response: { 200: lessonCompletionSchema } } }, async (request) =>
    completeLesson(db, request.params.id, currentUser(request)),
  );

  app.get('/api/user/learning', { config: { access: 'authenticated' }, schema: { tags, summary: 'Mes formations : progression et leçon où reprendre', response: { 200: myLearningSchema } } }, async (request) => listMyLearning(db, currentUser(request).id));
};
