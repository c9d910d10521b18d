import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { userStatusFilters, type AdminUsersFilters, type UserStatusFilter } from '../../../../shared/admin';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../../shared/constants';
import { roles, type Role } from '../../../../shared/roles';

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/**
 * The list's search, filters and page, kept in the address (`?q=&role=&status=&page=&pageSize=`)
 * so a reload, a shared link or the back button shows the same list.
 */
export function useUsersFilters() {
  const [params, setParams] = useSearchParams();
  const rawRole = params.get('role');
  const rawStatus = params.get('status');
  const filters = useMemo<Required<Pick<AdminUsersFilters, 'page' | 'pageSize'>> & AdminUsersFilters>(
    () => ({
      q: params.get('q')?.trim() || undefined,
      role: (roles as readonly string[]).includes(rawRole ?? '') ? (rawRole as Role) : undefined,
      status: (userStatusFilters as readonly string[]).includes(rawStatus ?? '') ? (rawStatus as UserStatusFilter) : undefined,
      page: positiveInt(params.get('page'), 1),
      pageSize: positiveInt(params.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    }),
    [params, rawRole, rawStatus],
  );

  /** Changes some parameters; any change but the page itself goes back to page 1. */
  const update = useCallback(
    (changes: Partial<Record<'q' | 'role' | 'status' | 'page' | 'pageSize', string | number | undefined>>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { filters, update };
}
