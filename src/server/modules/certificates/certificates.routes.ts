import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCertificateSchema,
  adminCertificatesQuerySchema,
  adminCertificatesResponseSchema,
  certificateCodeParamsSchema,
  certificateVerificationSchema,
  revokeCertificateBodySchema,
} from '../../../shared/certificates';
import { idParamsSchema } from '../../../shared/ids';
import { binaryAnswer } from '../../../shared/responses';
import { isAdmin } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { contentDisposition } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import { certificatePdf, listCertificates, revokeCertificate, verifyCertificate } from './certificates.service';

/** Attestations de fin de formation: public verification, download by their owner, revocation by an administrator. */
export const certificatesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config, storage }) => {
  const tags = ['attestations'];
  const adminOnly = { access: isAdmin };

  app.get('/api/certificates/:code', { config: { access: 'public' }, schema: { tags, summary: "Vérifier une attestation par son code : valide ou révoquée, à qui, pour quel cours, quand", params: certificateCodeParamsSchema, response: { 200: certificateVerificationSchema } } }, async (request, reply) => {
    // Never kept by a cache: one would go on saying "valide" after a revocation.
    reply.header('Cache-Control', 'no-store');
    return verifyCertificate(db, request.params.code);
  });

  // Downloaded through the authenticated call only: a token in a URL would end up in logs and history.
  app.get('/api/certificates/:id/pdf', { config: { access: 'authenticated' }, schema: { tags, summary: "Télécharger le PDF d'une attestation (la personne formée, les administrateurs)", params: idParamsSchema, response: { 200: binaryAnswer(['application/pdf'], "L'attestation en PDF") } } }, async (request, reply) => {
    const { pdf, fileName } = await certificatePdf({ db, storage }, request.params.id, currentUser(request), config.publicUrl);
    reply.header('Content-Type', 'application/pdf').header('Content-Disposition', contentDisposition(fileName)).header('Cache-Control', 'private, no-store');
    return reply.send(pdf);
  });

  app.get('/api/admin/certificates', { config: adminOnly, schema: { tags, summary: 'Liste des attestations délivrées (recherche par numéro, personne ou cours)', querystring: adminCertificatesQuerySchema, response: { 200: adminCertificatesResponseSchema } } }, async (request) =>
    listCertificates(db, request.query),
  );

  app.post('/api/admin/certificates/:id/revoke', { config: adminOnly, schema: { tags, summary: 'Révoquer une attestation, avec un motif affiché sur la page de vérification', params: idParamsSchema, body: revokeCertificateBodySchema, response: { 200: adminCertificateSchema } } }, async (request) =>
    revokeCertificate(db, request.params.id, currentUser(request), request.body.reason),
  );
};
