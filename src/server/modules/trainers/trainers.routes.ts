import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CV_MAX_BYTES } from '../../../shared/constants';
import {
  CV_FIELD,
  cvMessages,
  isTrainer,
  trainerStatusSchema,
  uploadCvResponseSchema,
} from '../../../shared/trainers';
import { idParamsSchema } from '../../../shared/ids';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../lib/deps';
import { receiveSingleFile } from '../../lib/file-transfer';
import { currentUser } from '../../plugins/auth';
import { storeCv, trainerStatus } from './trainers.service';

export const trainersRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.post(
    '/api/upload-cv',
    {
      config: { access: isTrainer },
      schema: {
        tags: ['formateurs'],
        summary: 'Envoie (ou remplace) le CV du formateur connecté : PDF, DOCX ou DOC, 10 Mo au plus.',
        consumes: ['multipart/form-data'],
        response: { 201: uploadCvResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const file = await receiveSingleFile(request, deps.storage, {
        field: CV_FIELD,
        maxBytes: CV_MAX_BYTES,
        missing: () => AppError.validation({ [CV_FIELD]: [cvMessages.missing] }, cvMessages.missing),
        tooLarge: () => new AppError('file_too_large', 413, cvMessages.tooLarge),
      });
      const cv = await storeCv(deps, user.id, file);
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
        params: idParamsSchema,
        response: { 200: trainerStatusSchema },
      },
    },
    async (request) => trainerStatus(deps.db, currentUser(request), request.params.id),
  );
};
