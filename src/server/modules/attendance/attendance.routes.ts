import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityBodySchema,
  activityResultSchema,
  attendancePeriodQuerySchema,
  attendanceQuerySchema,
  attendanceSchema,
  certificateQuerySchema,
  courseLearnersSchema,
} from '../../../shared/attendance';
import { CSV_CONTENT_TYPE } from '../../../shared/csv';
import { idParamsSchema } from '../../../shared/ids';
import { binaryAnswer, jsonOrTextAnswer, textAnswer } from '../../../shared/responses';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import { attendanceCsv, attendanceFileName, attendanceOf, readableEnrolment, recordBeat } from './attendance.service';
import { certificateOfCompletionPdf } from './certificate-of-completion';
import { courseLearners, courseLearnersCsv } from './course-learners';

function sendFile(reply: FastifyReply, contentType: string, fileName: string, body: string | Buffer) {
  reply.header('Content-Type', contentType).header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'private, no-store');
  return reply.send(body);
}

/** Attendance (the player's beats), an enrolment's proofs (attendance, certificat de réalisation) and a course's learners for its trainer (issue 27). */
export const attendanceRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, storage }) => {
  const tags = ['assiduité'];
  const signedIn = { access: 'authenticated' as const };

  app.post('/api/lessons/:id/activity', { config: signedIn, schema: { tags, summary: "Battement du lecteur toutes les 30 s pendant qu'une leçon est à l'écran (personne inscrite) : 60 s au plus par battement, numéro répété ignoré, connexion close après 90 s de silence", params: idParamsSchema, body: activityBodySchema, response: { 200: activityResultSchema } } }, async (request) =>
    recordBeat(db, currentUser(request).id, request.params.id, request.body.seq),
  );

  app.get('/api/enrolments/:id/attendance', { config: signedIn, schema: { tags, summary: "Assiduité d'une inscription sur une période : leçons (durée estimée, terminée le, temps à l'écran), quiz, connexions ; CSV avec format=csv (la personne, le formateur du cours, les administrateurs, une organisation à laquelle elle a consenti)", params: idParamsSchema, querystring: attendanceQuerySchema, response: { 200: jsonOrTextAnswer(attendanceSchema, 'text/csv', "L'assiduité en JSON, ou en CSV (UTF-8 avec BOM, séparateur « ; ») avec format=csv") } } }, async (request, reply) => {
    const enrolment = await readableEnrolment(db, currentUser(request), request.params.id);
    const attendance = await attendanceOf(db, enrolment, request.query);
    if (request.query.format === 'csv') return sendFile(reply, CSV_CONTENT_TYPE, attendanceFileName(enrolment.id, 'csv'), attendanceCsv(attendance));
    return attendance;
  });

  app.get('/api/enrolments/:id/attendance.csv', { config: signedIn, schema: { tags, summary: "Assiduité d'une inscription en CSV (UTF-8 avec BOM, séparateur « ; »), mêmes lecteurs", params: idParamsSchema, querystring: attendancePeriodQuerySchema, response: { 200: textAnswer(['text/csv'], "L'assiduité en CSV") } } }, async (request, reply) => {
    const enrolment = await readableEnrolment(db, currentUser(request), request.params.id);
    return sendFile(reply, CSV_CONTENT_TYPE, attendanceFileName(enrolment.id, 'csv'), attendanceCsv(await attendanceOf(db, enrolment, request.query)));
  });

  app.get('/api/enrolments/:id/certificate-of-completion', { config: signedIn, schema: { tags, summary: "Certificat de réalisation (arrêté du 21 décembre 2018) en PDF sur une période ; durée selon basis=estimated (par défaut) ou on_screen ; mêmes lecteurs que l'assiduité", params: idParamsSchema, querystring: certificateQuerySchema, response: { 200: binaryAnswer(['application/pdf'], 'Le certificat de réalisation en PDF') } } }, async (request, reply) => {
    const enrolment = await readableEnrolment(db, currentUser(request), request.params.id);
    const pdf = await certificateOfCompletionPdf({ db, storage }, enrolment, request.query);
    return sendFile(reply, 'application/pdf', attendanceFileName(enrolment.id, 'pdf', 'certificat-de-realisation'), pdf);
  });

  app.get('/api/courses/:id/learners', { config: signedIn, schema: { tags, summary: "Les apprenants d'un cours pour son formateur : progression, temps à l'écran, dernière activité, quiz ; réussite par question ; leçon où l'on s'arrête (l'auteur, les administrateurs)", params: idParamsSchema, response: { 200: courseLearnersSchema } } }, async (request) =>
    courseLearners(db, currentUser(request), request.params.id),
  );

  app.get('/api/courses/:id/learners.csv', { config: signedIn, schema: { tags, summary: "Les apprenants d'un cours en CSV (l'auteur, les administrateurs)", params: idParamsSchema, response: { 200: textAnswer(['text/csv'], 'Les apprenants en CSV (UTF-8 avec BOM, séparateur « ; »)') } } }, async (request, reply) => {
    const { csv, fileName } = await courseLearnersCsv(db, currentUser(request), request.params.id);
    return sendFile(reply, CSV_CONTENT_TYPE, fileName, csv);
  });
};
