import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SatisfactionAnswer } from '../../../../shared/satisfaction';
import { apiFetch } from '../../../lib/api-client';
import { satisfactionKeys } from './keys';

export interface SetCommentHiddenInput {
  id: number;
  hidden: boolean;
}

/** `PUT /api/admin/satisfaction/{id}/comment`: hide an abusive comment, or show it again. */
export function setCommentHidden({ id, hidden }: SetCommentHiddenInput): Promise<SatisfactionAnswer> {
  return apiFetch<SatisfactionAnswer>(`/api/admin/satisfaction/${id}/comment`, { method: 'PUT', body: { hidden } });
}

export function useSetCommentHidden() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCommentHidden, onSuccess: () => queryClient.invalidateQueries({ queryKey: satisfactionKeys.answers }) });
}
