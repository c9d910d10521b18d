import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCertificate } from '../../../../shared/certificates';
import { apiFetch } from '../../../lib/api-client';
import { certificateKeys } from './keys';

/** `POST /api/admin/certificates/{id}/revoke` with the reason the public page will show. */
export function revokeCertificate({ id, reason }: { id: number; reason: string }): Promise<AdminCertificate> {
  return apiFetch<AdminCertificate>(`/api/admin/certificates/${id}/revoke`, { method: 'POST', body: { reason } });
}

export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeCertificate, onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.all }) });
}
