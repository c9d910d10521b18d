import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '../../../../shared/auth';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/login`. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/api/login', { method: 'POST', body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Nothing cached for a previous account (an expired session, a shared computer) may show.
    onSuccess: () => queryClient.removeQueries(),
  });
}
