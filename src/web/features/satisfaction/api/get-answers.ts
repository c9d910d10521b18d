import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SatisfactionAnswersPage } from '../../../../shared/satisfaction';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { satisfactionKeys, type AnswersScope } from './keys';

/** Where each scope reads its answers: the trainer's own courses, or every course for administrators. */
export const answersPath: Record<AnswersScope, string> = {
  formateur: '/api/formateur/satisfaction',
  admin: '/api/admin/satisfaction',
};

/** `GET /api/{formateur|admin}/satisfaction?course=&page=`: newest first, with the courses to filter on. */
export function getAnswers(scope: AnswersScope, course: number | null, page: number, signal?: AbortSignal): Promise<SatisfactionAnswersPage> {
  return apiFetch<SatisfactionAnswersPage>(`${answersPath[scope]}${toQuery({ course, page: page > 1 ? page : undefined })}`, { signal });
}

export function answersQueryOptions(scope: AnswersScope, course: number | null, page: number) {
  return queryOptions({
    queryKey: satisfactionKeys.list(scope, course, page),
    queryFn: ({ signal }) => getAnswers(scope, course, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnswers(scope: AnswersScope, course: number | null, page: number) {
  return useQuery(answersQueryOptions(scope, course, page));
}
