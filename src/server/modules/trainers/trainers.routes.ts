import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CV_MAX_BYTES } from '../../../shared/constants';
import {
  CV_FIELD,
  cvMessages,
  isTrainer,
  trainerStatusParamsSchema,
  trainerStatusSchema,
  uploadCvResponseSchema,
} from '../../../shared/trainers';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../lib/deps';
import { currentUser } from '../../plugins/auth';
import { storeCv, trainerStatus } from './trainers.service';

export const trainersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.post(
    '/api/upload-cv',
    {
      config: { access: isTrainer },
      schema: {
        tags: ['formateurs'],
        summary: 'Envoie (ou remplace) le CV du formateur connecté : PDF, DOCX ou DOC, 10 Mo au plus.',
        consumes: ['multipart/form-data'],
        response: { 201: uploadCvResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // The per-request limits make busboy stop counting at 10 MB whatever the global multipart
      // limit, and refuse a second file (413).
      const parts = request.parts({ limits: { fileSize: CV_MAX_BYTES, files: 1 } })[Symbol.asyncIterator]();
      let next = await parts.next();
      // Text fields sent before the file carry nothing we use.
      while (!next.done && next.value.type === 'field') next = await parts.next();
      const part = next.done ? null : next.value;
      if (!part || part.type !== 'file' || part.fieldname !== CV_FIELD) {
        // Read and drop a file sent under another name, so the connection stays usable.
        if (part?.type === 'file') part.file.resume();
        throw AppError.validation({ [CV_FIELD]: [cvMessages.missing] }, cvMessages.missing);
      }
      const cv = await storeCv(deps, user.id, {
        fileName: part.filename,
        stream: part.file,
        // The rest of the form is read before the CV is kept, so a second file leaves nothing.
        rest: async () => {
          for (let more = await parts.next(); !more.done; more = await parts.next()) {
            // Fields after the file carry nothing we use either.
          }
        },
      });
      return reply.status(201).send({ cv });
    },
  );

  app.get(
    '/api/formateur/:id/status',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['formateurs'],
        summary: "État de la candidature d'un formateur (lui-même ou un administrateur).",
        params: trainerStatusParamsSchema,
        response: { 200: trainerStatusSchema },
      },
    },
    async (request) => trainerStatus(deps.db, currentUser(request), request.params.id),
  );
};
