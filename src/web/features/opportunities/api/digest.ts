import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DigestSettings, DigestSettingsBody } from '../../../../shared/opportunities';
import { apiFetch } from '../../../lib/api-client';
import { opportunityKeys } from './keys';

/** `GET /api/user/opportunity-digest`. */
export function getDigest(signal?: AbortSignal): Promise<DigestSettings> {
  return apiFetch<DigestSettings>('/api/user/opportunity-digest', { signal });
}

export function useDigest() {
  return useQuery({ queryKey: opportunityKeys.digest, queryFn: ({ signal }) => getDigest(signal) });
}

/** `PUT /api/user/opportunity-digest`. */
export function saveDigest(body: DigestSettingsBody): Promise<DigestSettings> {
  return apiFetch<DigestSettings>('/api/user/opportunity-digest', { method: 'PUT', body });
}

export function useSaveDigest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDigest, onSuccess: (saved) => queryClient.setQueryData(opportunityKeys.digest, saved) });
}
