import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateVerification } from '../../../../shared/certificates';
import { apiFetch } from '../../../lib/api-client';
import { certificateKeys } from './keys';

/** `GET /api/certificates/{code}` (public): valid or revoked, to whom, which course, when. */
export function verifyCertificate(code: string, signal?: AbortSignal): Promise<CertificateVerification> {
  return apiFetch<CertificateVerification>(`/api/certificates/${encodeURIComponent(code)}`, { signal });
}

export function verificationQueryOptions(code: string) {
  // An unknown code is an answer (404), not a failure to retry.
  return queryOptions({ queryKey: certificateKeys.verification(code), queryFn: ({ signal }) => verifyCertificate(code, signal), retry: false });
}

export function useCertificateVerification(code: string) {
  return useQuery(verificationQueryOptions(code));
}
