import type { AdminUsersFilters } from '../../../../shared/admin';

/** Query keys of the administration screens; any change to a user invalidates `all`. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (filters: AdminUsersFilters) => ['admin', 'users', filters] as const,
  user: (id: number) => ['admin', 'user', id] as const,
};
