import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupBody, SignupResponse } from '../../../../shared/signup';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/signup`. */
export function signup(body: SignupBody): Promise<SignupResponse> {
  return apiFetch<SignupResponse>('/api/signup', { method: 'POST', body });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: () => queryClient.removeQueries(),
  });
}
