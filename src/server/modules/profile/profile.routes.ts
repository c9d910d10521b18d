import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordBodySchema, changePasswordResponseSchema } from '../../../shared/password';
import { organisationProfileBodySchema } from '../../../shared/organisations';
import { profileSchema, profileUpdateBodySchema, type Profile } from '../../../shared/profile';
import { hasPersonProfile, isOrganisation } from '../../../shared/roles';
import type { ModuleDeps } from '../../lib/deps';
import { validationCodes } from '../../lib/validation-codes';
import { currentUser } from '../../plugins/auth';
import { changePassword, getProfile, profileWithSession, updateOrganisationProfile, updateProfile } from './profile.service';

export const profileRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/api/user/profile',
    // One round trip: the auth plugin reads the profile with the session (issue 16).
    { config: { access: 'authenticated', sessionRead: profileWithSession }, schema: { tags: ['profil'], summary: 'Mon profil et mon entretien en cours', response: { 200: profileSchema } } },
    async (request) => (request.sessionData as Profile | undefined) ?? getProfile(db, currentUser(request).id),
  );

  app.put(
    '/api/user/profile',
    {
      // An organisation has its own details (PUT /api/user/organisation): no gender nor birth date.
      config: { access: hasPersonProfile },
      schema: {
        tags: ['profil'],
        summary: 'Modifier mon profil de personne (is_valid, meeting_date et meeting_url sont ignorés)',
        body: profileUpdateBodySchema,
        response: { 200: profileSchema },
      },
      errorHandler: validationCodes(),
    },
    async (request) => updateProfile(db, currentUser(request).id, request.body),
  );

  app.put(
    '/api/user/organisation',
    {
      config: { access: isOrganisation },
      schema: {
        tags: ['profil'],
        summary: "Modifier les informations de mon organisation et de son contact (SIRET vérifié, unique)",
        body: organisationProfileBodySchema,
        response: { 200: profileSchema },
      },
      errorHandler: validationCodes(),
    },
    async (request) => updateOrganisationProfile(db, currentUser(request).id, request.body),
  );

  app.put(
    '/api/user/password',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['profil'], summary: 'Changer mon mot de passe (mot de passe actuel exigé ; mes autres sessions sont fermées)', body: changePasswordBodySchema, response: { 200: changePasswordResponseSchema } },
    },
    async (request) => changePassword(db, currentUser(request), request.body),
  );
};
