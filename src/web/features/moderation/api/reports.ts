import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReportsPage, DecisionBody, ModerationDecision, ReportBody, ReportCreated, ReportStatus } from '../../../../shared/moderation';
import { apiFetch, toQuery } from '../../../lib/api-client';
import { moderationKeys } from './keys';

/** `POST /api/reports`: report a message, a thread, a reply, a profile or an opportunity. */
export function createReport(body: ReportBody): Promise<ReportCreated> {
  return apiFetch<ReportCreated>('/api/reports', { method: 'POST', body });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}

/** `GET /api/admin/reports?status=&page=`: the administrators' queue. */
export function getReports(status: ReportStatus, page: number, signal?: AbortSignal): Promise<AdminReportsPage> {
  return apiFetch<AdminReportsPage>(`/api/admin/reports${toQuery({ status, page: page > 1 ? page : undefined })}`, { signal });
}

export function useReports(status: ReportStatus, page: number) {
  return useQuery({ queryKey: moderationKeys.reportList(status, page), queryFn: ({ signal }) => getReports(status, page, signal), placeholderData: keepPreviousData });
}

/** `POST /api/admin/reports/{id}/decision`: keep, hide or delete the content, with the reason sent to the author and the reporters. */
export function decideReport({ id, ...body }: DecisionBody & { id: number }): Promise<ModerationDecision> {
  return apiFetch<ModerationDecision>(`/api/admin/reports/${id}/decision`, { method: 'POST', body });
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideReport, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.reports }) });
}
