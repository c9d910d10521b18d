import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseDetail, CoursePage } from '../../../../shared/courses';
import { apiFetch, toQuery } from '../../../lib/api-client';

/** `GET /api/courses?q=`: published courses matching a search, to choose the course of a quote. */
export function searchQuotableCourses(q: string, signal?: AbortSignal): Promise<CoursePage> {
  return apiFetch<CoursePage>(`/api/courses${toQuery({ q, pageSize: 20 })}`, { signal });
}

export function quotableCoursesQueryOptions(q: string) {
  return queryOptions({ queryKey: ['quotes', 'course-search', q], queryFn: ({ signal }) => searchQuotableCourses(q, signal), placeholderData: keepPreviousData });
}

export function useQuotableCourses(q: string) {
  return useQuery(quotableCoursesQueryOptions(q));
}

/** `GET /api/courses/{id}`: the course a « Demander un devis » link named (`?course=`). */
export function useQuotedCourse(id: number | null) {
  return useQuery({ queryKey: ['quotes', 'course', id], queryFn: ({ signal }) => apiFetch<CourseDetail>(`/api/courses/${id}`, { signal }), enabled: id !== null });
}
