import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  directoryBodySchema,
  directoryMessages,
  directoryPageSchema,
  directoryQuerySchema,
  myAttestationsSchema,
  myDirectoryEntrySchema,
  PHOTO_FIELD,
  PHOTO_MAX_BYTES,
  photoResponseSchema,
  trainerPublicSchema,
} from '../../../shared/directory';
import { idParamsSchema } from '../../../shared/ids';
import { binaryAnswer, noContentSchema } from '../../../shared/responses';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../lib/deps';
import { openStoredFile, receiveSingleFile, sendStoredFile } from '../../lib/file-transfer';
import { currentUser } from '../../plugins/auth';
import { myAttestations, myEntry, photoFor, removePhoto, saveEntry, searchDirectory, storePhoto, trainerPublic } from './directory.service';

/** The directory by consent, the profile photo and the trainers' public pages (issue 26). */
export const directoryRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db, storage } = deps;
  const tags = ['annuaire'];

  app.get('/api/user/directory', { config: { access: 'authenticated' }, schema: { tags, summary: 'Mes choix pour l’annuaire (non listé tant que je n’ai pas choisi d’y figurer)', response: { 200: myDirectoryEntrySchema } } }, async (request) =>
    myEntry(db, currentUser(request).id),
  );

  app.put('/api/user/directory', { config: { access: 'authenticated' }, schema: { tags, summary: 'Figurer ou non dans l’annuaire, choisir ce qui est montré et accepter ou non les messages', body: directoryBodySchema, response: { 200: myDirectoryEntrySchema } } }, async (request) =>
    saveEntry(db, currentUser(request).id, request.body),
  );

  app.get('/api/user/attestations', { config: { access: 'authenticated' }, schema: { tags, summary: 'Mes attestations valides, à choisir pour les montrer', response: { 200: myAttestationsSchema } } }, async (request) =>
    myAttestations(db, currentUser(request).id),
  );

  app.get('/api/directory', { config: { access: 'authenticated' }, schema: { tags, summary: 'L’annuaire : les personnes qui ont choisi d’y figurer, avec ce qu’elles montrent (jamais d’adresse e-mail)', querystring: directoryQuerySchema, response: { 200: directoryPageSchema } } }, async (request) =>
    searchDirectory(db, request.query, currentUser(request)),
  );

  app.put('/api/user/photo', { config: { access: 'authenticated' }, schema: { tags, summary: 'Envoyer ma photo de profil (PNG, JPEG ou WebP, 5 Mo au plus), recadrée en carré', consumes: ['multipart/form-data'], response: { 200: photoResponseSchema } } }, async (request) => {
    const file = await receiveSingleFile(request, storage, {
      field: PHOTO_FIELD,
      maxBytes: PHOTO_MAX_BYTES,
      missing: () => AppError.validation({ [PHOTO_FIELD]: [directoryMessages.photoMissing] }, directoryMessages.photoMissing),
      tooLarge: () => new AppError('file_too_large', 413, directoryMessages.photoTooLarge),
    });
    await storePhoto(deps, currentUser(request).id, file);
    return { has_photo: true };
  });

  app.delete('/api/user/photo', { config: { access: 'authenticated' }, schema: { tags, summary: 'Retirer ma photo de profil', response: { 204: noContentSchema } } }, async (request, reply) => {
    await removePhoto(deps, currentUser(request).id);
    return reply.status(204).send();
  });

  app.get('/api/users/:id/photo', { config: { access: 'authenticated' }, schema: { tags, summary: 'La photo d’une personne : la mienne, ou celle d’une personne qui la montre dans l’annuaire', params: idParamsSchema, response: { 200: binaryAnswer(['image/jpeg'], 'La photo, carrée, en JPEG') } } }, async (request, reply) => {
    const storedName = await photoFor(db, currentUser(request), request.params.id);
    const file = await openStoredFile(storage, storedName);
    if (!file) throw AppError.notFound(directoryMessages.photoNotFound);
    reply.type('image/jpeg').header('Cache-Control', 'private, no-store').header('Content-Security-Policy', "default-src 'none'; sandbox");
    return sendStoredFile(reply, file);
  });

  app.get('/api/trainers/:id/public', { config: { access: 'public' }, schema: { tags, summary: 'La page publique d’un formateur approuvé : présentation, cours publiés, notes', params: idParamsSchema, response: { 200: trainerPublicSchema } } }, async (request) =>
    trainerPublic(db, request.params.id),
  );
};
