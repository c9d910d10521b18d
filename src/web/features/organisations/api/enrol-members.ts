import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnrolBody, EnrolResult } from '../../../../shared/organisations';
import { apiFetch } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `POST /api/organisation/enrolments`: one course, one or many members, within the seats. */
export function enrolMembers(body: EnrolBody): Promise<EnrolResult> {
  return apiFetch<EnrolResult>('/api/organisation/enrolments', { method: 'POST', body });
}

export function useEnrolMembers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enrolMembers, onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }) });
}
