import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canDownloadAttachment, canViewCourse, courseListQuerySchema, parseCourseId } from '../../../shared/courses';
import { canAuthorCourses } from '../../../shared/roles';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition, storedFilePath } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
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

/** Ids come as text: anything but a positive integer is a course that does not exist (404, not 422). */
const idParams = z.object({ id: z.string() });
const imageQuery = z.object({ v: z.string().max(64).optional() });

/** Size of a stored file, or null when it is missing from disk. */
async function fileSize(path: string): Promise<number | null> {
  try {
    return (await fs.stat(path)).size;
  } catch {
    return null;
  }
}

function sendFile(reply: FastifyReply, path: string, size: number) {
  return reply.header('Content-Length', size).header('X-Content-Type-Options', 'nosniff').send(createReadStream(path));
}

export const coursesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { config, db }) => {
  app.get('/api/courses', { config: { access: 'public' }, schema: { querystring: courseListQuerySchema } }, async (request) =>
    listCatalogue(db, request.query),
  );

  app.get('/api/categories', { config: { access: 'public' } }, async () => listCategoryCounts(db));

  app.get('/api/courses/:id', { config: { access: 'public' }, schema: { params: idParams } }, async (request) =>
    getCourseDetail(db, parseCourseId(request.params.id), request.user),
  );

  app.get('/api/courses/:id/image', { config: { access: 'public' }, schema: { params: idParams, querystring: imageQuery } }, async (request, reply) => {
    const course = await findCourseFiles(db, parseCourseId(request.params.id));
    if (!course?.imagePath || !course.imageMimeType || !canViewCourse(request.user, course)) throw AppError.notFound();
    const path = storedFilePath(config.uploadsDir, course.imagePath);
    const size = await fileSize(path);
    if (size === null) throw AppError.notFound();
    reply
      .type(course.imageMimeType)
      // The address changes with the file (?v=), so a published image can be cached for good.
      .header('Cache-Control', course.status === 'published' ? 'public, max-age=31536000, immutable' : 'private, no-store')
      // Opened on its own, an image (the shipped SVGs included) may run no script and load nothing.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return sendFile(reply, path, size);
  });

  app.get('/api/courses/:id/attachment', { config: { access: 'authenticated' }, schema: { params: idParams } }, async (request, reply) => {
    const user = currentUser(request);
    const course = await findCourseFiles(db, parseCourseId(request.params.id));
    if (!course || !canViewCourse(user, course)) throw AppError.notFound();
    if (!canDownloadAttachment(user, course, await isEnrolled(db, user.id, course.id))) {
      throw AppError.forbidden('La pièce jointe est réservée aux personnes inscrites à ce cours.');
    }
    if (!course.attachmentPath || !course.attachmentMimeType) throw AppError.notFound("Ce cours n'a pas de pièce jointe.");
    const path = storedFilePath(config.uploadsDir, course.attachmentPath);
    const size = await fileSize(path);
    if (size === null) throw AppError.notFound("Ce cours n'a pas de pièce jointe.");
    reply
      .type(course.attachmentMimeType)
      .header('Content-Disposition', contentDisposition(course.attachmentOriginalName ?? 'piece-jointe'))
      .header('Cache-Control', 'private, no-store');
    return sendFile(reply, path, size);
  });

  app.post('/api/courses', { config: { access: canAuthorCourses } }, async (request, reply) => {
    const user = currentUser(request);
    const form = await receiveCourseForm(request, config.uploadsDir);
    try {
      return reply.status(201).send(await createCourse(db, config.uploadsDir, user, form));
    } finally {
      await discardCourseForm(form);
    }
  });

  app.put('/api/courses/:id', { config: { access: 'authenticated' }, schema: { params: idParams } }, async (request) => {
    const user = currentUser(request);
    // Who may edit is settled before a single byte of the files is read.
    const course = await findEditableCourse(db, parseCourseId(request.params.id), user);
    const form = await receiveCourseForm(request, config.uploadsDir);
    try {
      return await updateCourse(db, config.uploadsDir, user, course, form);
    } finally {
      await discardCourseForm(form);
    }
  });

  app.delete('/api/courses/:id', { config: { access: 'authenticated' }, schema: { params: idParams } }, async (request, reply) => {
    const course = await findEditableCourse(db, parseCourseId(request.params.id), currentUser(request));
    await deleteCourse(db, config.uploadsDir, course.id);
    return reply.status(204).send();
  });

  app.get('/api/formateur/courses', { config: { access: canAuthorCourses } }, async (request) => listAuthorCourses(db, currentUser(request).id));

  app.post('/api/courses/:id/enrolment', { config: { access: 'authenticated' }, schema: { params: idParams } }, async (request) =>
    setEnrolment(db, currentUser(request).id, parseCourseId(request.params.id), true),
  );
  app.delete('/api/courses/:id/enrolment', { config: { access: 'authenticated' }, schema: { params: idParams } }, async (request) =>
    setEnrolment(db, currentUser(request).id, parseCourseId(request.params.id), false),
  );
  app.post('/api/courses/:id/saved', { config: { access: 'authenticated' }, schema: { params: idParams } }, async (request) =>
    setSaved(db, currentUser(request).id, parseCourseId(request.params.id), true),
  );
  app.delete('/api/courses/:id/saved', { config: { access: 'authenticated' }, schema: { params: idParams } }, async (request) =>
    setSaved(db, currentUser(request).id, parseCourseId(request.params.id), false),
  );

  app.get('/api/user/courses', { config: { access: 'authenticated' } }, async (request) => listMyCourses(db, currentUser(request).id));
};
