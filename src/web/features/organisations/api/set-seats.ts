import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganisationSeats, SeatsBody } from '../../../../shared/organisations';
import { apiFetch } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `PUT /api/admin/organisations/{id}/seats`: an organisation's seats for one course. */
export function setSeats({ organisationId, ...body }: SeatsBody & { organisationId: number }): Promise<OrganisationSeats> {
  return apiFetch<OrganisationSeats>(`/api/admin/organisations/${organisationId}/seats`, { method: 'PUT', body });
}

export function useSetSeats() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setSeats, onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }) });
}
