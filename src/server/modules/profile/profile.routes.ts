import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileUpdateBodySchema } from '../../../shared/profile';
import type { ModuleDeps } from '../../lib/deps';
import { validationCodes } from '../../lib/validation-codes';
import { currentUser } from '../../plugins/auth';
import { getProfile, updateProfile } from './profile.service';

export const profileRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/api/user/profile',
    { config: { access: 'authenticated' }, schema: { tags: ['profil'], summary: 'Mon profil et mon entretien en cours' } },
    async (request) => getProfile(db, currentUser(request).id),
  );

  app.put(
    '/api/user/profile',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['profil'],
        summary: 'Modifier mon profil (is_valid, meeting_date et meeting_url sont ignorés)',
        body: profileUpdateBodySchema,
      },
      errorHandler: validationCodes(),
    },
    async (request) => updateProfile(db, currentUser(request).id, request.body),
  );
};
