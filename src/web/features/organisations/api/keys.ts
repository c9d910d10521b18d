import type { DashboardFilters } from '../../../../shared/organisations';

export interface MembersFilters {
  q?: string;
  status?: string;
  page: number;
}

/** Query keys of the organisations feature; any change of members, seats or enrolments invalidates `all`. */
export const organisationKeys = {
  all: ['organisations'] as const,
  members: (filters: MembersFilters) => ['organisations', 'members', filters] as const,
  courses: ['organisations', 'courses'] as const,
  dashboard: (filters: DashboardFilters) => ['organisations', 'dashboard', filters] as const,
  mine: ['organisations', 'mine'] as const,
  myInvitations: ['organisations', 'my-invitations'] as const,
  invitation: (token: string) => ['organisations', 'invitation', token] as const,
  admin: (filters: { q?: string; page: number }) => ['organisations', 'admin', filters] as const,
  courseSearch: (q: string) => ['organisations', 'course-search', q] as const,
};
