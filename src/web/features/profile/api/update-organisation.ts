import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganisationProfileBody } from '../../../../shared/organisations';
import type { Profile } from '../../../../shared/profile';
import { apiFetch } from '../../../lib/api-client';
import { profileKeys } from './get-profile';

/** `PUT /api/user/organisation`: an organisation's details and contact; answers the saved profile. */
export function updateOrganisation(body: OrganisationProfileBody): Promise<Profile> {
  return apiFetch<Profile>('/api/user/organisation', { method: 'PUT', body });
}

export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisation,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.mine(profile.id), profile);
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
