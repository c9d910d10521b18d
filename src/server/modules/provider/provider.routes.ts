import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { providerMessages, providerSettingsBodySchema, providerSettingsSchema, SIGNATURE_FIELD, SIGNATURE_MAX_BYTES } from '../../../shared/provider';
import { binaryAnswer } from '../../../shared/responses';
import { isAdmin } from '../../../shared/roles';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../lib/deps';
import { openStoredFile, receiveSingleFile, sendStoredFile } from '../../lib/file-transfer';
import { readProviderSettings, saveProviderSettings, signaturePath, storeSignature } from './provider.service';

/** The training provider's settings, for administrators only (issue 27). */
export const providerRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db, storage } = deps;
  const tags = ['paramètres'];
  const adminOnly = { access: isAdmin };

  app.get('/api/admin/settings', { config: adminOnly, schema: { tags, summary: 'Les paramètres de l’organisme de formation, et ceux qui manquent encore aux documents', response: { 200: providerSettingsSchema } } }, async () =>
    readProviderSettings(db),
  );

  app.put('/api/admin/settings', { config: adminOnly, schema: { tags, summary: 'Enregistrer les paramètres de l’organisme de formation (identité, TVA, délais de suivi)', body: providerSettingsBodySchema, response: { 200: providerSettingsSchema } } }, async (request) =>
    saveProviderSettings(db, request.body),
  );

  app.put('/api/admin/settings/signature', { config: adminOnly, schema: { tags, summary: 'Envoyer la signature du représentant légal (PNG ou JPEG, 1 Mo au plus)', consumes: ['multipart/form-data'], response: { 200: providerSettingsSchema } } }, async (request) => {
    const file = await receiveSingleFile(request, storage, {
      field: SIGNATURE_FIELD,
      maxBytes: SIGNATURE_MAX_BYTES,
      missing: () => AppError.validation({ [SIGNATURE_FIELD]: [providerMessages.signatureMissing] }, providerMessages.signatureMissing),
      tooLarge: () => new AppError('file_too_large', 413, providerMessages.signatureTooLarge),
    });
    return storeSignature(deps, file);
  });

  app.get('/api/admin/settings/signature', { config: adminOnly, schema: { tags, summary: 'La signature enregistrée, en PNG', response: { 200: binaryAnswer(['image/png'], 'La signature, en PNG') } } }, async (_request, reply) => {
    const file = await openStoredFile(storage, await signaturePath(db));
    if (!file) throw AppError.notFound(providerMessages.signatureNotFound);
    reply.type('image/png').header('Cache-Control', 'private, no-store').header('Content-Security-Policy', "default-src 'none'; sandbox");
    return sendStoredFile(reply, file);
  });
};
