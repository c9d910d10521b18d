import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportBody, ImportResult } from '../../../../shared/organisations';
import { apiFetch } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `POST /api/organisation/invitations/import`: all the file's invitations or none, or only its valid rows with `skip_invalid`. */
export function importMembers(body: ImportBody): Promise<ImportResult> {
  return apiFetch<ImportResult>('/api/organisation/invitations/import', { method: 'POST', body });
}

export function useImportMembers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importMembers, onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }) });
}
