import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '../../../../shared/organisations';
import { apiFetch } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `POST /api/organisation/invitations/import`: all the file's invitations, or none. */
export function importMembers(csv: string): Promise<ImportResult> {
  return apiFetch<ImportResult>('/api/organisation/invitations/import', { method: 'POST', body: { csv } });
}

export function useImportMembers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importMembers, onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }) });
}
