import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/ids';
import { periodQuerySchema } from '../../../shared/periods';
import { binaryAnswer } from '../../../shared/responses';
import { isAdmin } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import { courseEvidenceZip, enrolmentEvidenceZip } from './evidence.service';

/** The evidence files of training (issue 27): per enrolment, and per course for administrators. */
export const evidenceRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const tags = ['preuves'];
  const zip = binaryAnswer(['application/zip'], 'Archive ZIP des preuves de formation');

  app.get('/api/enrolments/:id/evidence.zip', { config: { access: 'authenticated' }, schema: { tags, summary: 'Le dossier de preuves d’une inscription (la personne formée, les administrateurs)', params: idParamsSchema, querystring: periodQuerySchema, response: { 200: zip } } }, async (request, reply) => {
    const { fileName, stream } = await enrolmentEvidenceZip(deps, currentUser(request), request.params.id, request.query);
    return reply.type('application/zip').header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'private, no-store').send(stream);
  });

  app.get('/api/admin/courses/:id/evidence.zip', { config: { access: isAdmin }, schema: { tags, summary: 'Le dossier de preuves d’un cours sur une période : chaque inscription, et les archives des comptes supprimés', params: idParamsSchema, querystring: periodQuerySchema, response: { 200: zip } } }, async (request, reply) => {
    const { fileName, stream } = await courseEvidenceZip(deps, request.params.id, request.query);
    return reply.type('application/zip').header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'private, no-store').send(stream);
  });
};
