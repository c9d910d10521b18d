import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdateBody } from '../../../../shared/profile';
import { apiFetch } from '../../../lib/api-client';
import { profileKeys } from './get-profile';

/** `PUT /api/user/profile`: answers the saved profile. */
export function updateProfile(body: ProfileUpdateBody): Promise<Profile> {
  return apiFetch<Profile>('/api/user/profile', { method: 'PUT', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.mine(profile.id), profile);
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
