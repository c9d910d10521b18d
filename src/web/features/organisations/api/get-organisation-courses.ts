import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganisationCourse } from '../../../../shared/organisations';
import { apiFetch } from '../../../lib/api-client';
import { organisationKeys } from './keys';

/** `GET /api/organisation/courses`: the published courses the organisation has seats for. */
export function getOrganisationCourses(signal?: AbortSignal): Promise<OrganisationCourse[]> {
  return apiFetch<OrganisationCourse[]>('/api/organisation/courses', { signal });
}

export function organisationCoursesQueryOptions() {
  return queryOptions({ queryKey: organisationKeys.courses, queryFn: ({ signal }) => getOrganisationCourses(signal) });
}

export function useOrganisationCourses() {
  return useQuery(organisationCoursesQueryOptions());
}
