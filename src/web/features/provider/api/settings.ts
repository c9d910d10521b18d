import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SIGNATURE_FIELD, type ProviderSettings, type ProviderSettingsBody } from '../../../../shared/provider';
import { apiFetch, fetchBlob, uploadWithProgress } from '../../../lib/api-client';

export const providerKeys = {
  settings: ['provider', 'settings'] as const,
  signature: ['provider', 'signature'] as const,
};

export function useProviderSettings() {
  return useQuery({ queryKey: providerKeys.settings, queryFn: ({ signal }) => apiFetch<ProviderSettings>('/api/admin/settings', { signal }) });
}

export function useSaveProviderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderSettingsBody) => apiFetch<ProviderSettings>('/api/admin/settings', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(providerKeys.settings, saved),
  });
}

/** The stored signature as a Blob: the API wants the token, which an <img> address cannot carry. */
export function useSignatureImage(enabled: boolean) {
  return useQuery({ queryKey: providerKeys.signature, queryFn: ({ signal }) => fetchBlob('/api/admin/settings/signature', signal), enabled, retry: false });
}

export function useUploadSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) => {
      const form = new FormData();
      form.append(SIGNATURE_FIELD, file);
      return uploadWithProgress<ProviderSettings>('/api/admin/settings/signature', form, { method: 'PUT', ...(onProgress ? { onProgress } : {}) });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(providerKeys.settings, saved);
      return queryClient.invalidateQueries({ queryKey: providerKeys.signature });
    },
  });
}
