import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CourseLearners } from '../../../../shared/attendance';
import { apiFetch, downloadFile } from '../../../lib/api-client';

export const courseLearnersKey = (courseId: number) => ['attendance', 'course-learners', courseId] as const;

/** `GET /api/courses/{id}/learners` (the course's trainer, administrators). */
export function getCourseLearners(courseId: number, signal?: AbortSignal): Promise<CourseLearners> {
  return apiFetch<CourseLearners>(`/api/courses/${courseId}/learners`, { signal });
}

export function courseLearnersQueryOptions(courseId: number) {
  return queryOptions({ queryKey: courseLearnersKey(courseId), queryFn: ({ signal }) => getCourseLearners(courseId, signal) });
}

export function useCourseLearners(courseId: number) {
  return useQuery(courseLearnersQueryOptions(courseId));
}

/** `GET /api/courses/{id}/learners.csv`. */
export function useDownloadLearnersCsv() {
  return useMutation({ mutationFn: (courseId: number) => downloadFile(`/api/courses/${courseId}/learners.csv`, 'apprenants.csv') });
}
