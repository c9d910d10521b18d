import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCertificatesResponse } from '../../../../shared/certificates';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { certificateKeys } from './keys';

/** `GET /api/admin/certificates?q=&page=`: the attestations issued, newest first. */
export function getAdminCertificates(q: string, page: number, signal?: AbortSignal): Promise<AdminCertificatesResponse> {
  return apiFetch<AdminCertificatesResponse>(`/api/admin/certificates${toQuery({ q: q || undefined, page: page > 1 ? page : undefined })}`, { signal });
}

export function adminCertificatesQueryOptions(q: string, page: number) {
  return queryOptions({ queryKey: certificateKeys.admin(q, page), queryFn: ({ signal }) => getAdminCertificates(q, page, signal), placeholderData: keepPreviousData });
}

export function useAdminCertificates(q: string, page: number) {
  return useQuery(adminCertificatesQueryOptions(q, page));
}
