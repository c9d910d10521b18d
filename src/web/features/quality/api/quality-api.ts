import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Complaint,
  ComplaintBody,
  ComplaintCreated,
  ComplaintPage,
  ComplaintStatus,
  ComplaintUpdateBody,
  Improvement,
  ImprovementBody,
  ImprovementPage,
  MonthlyFigures,
  SurveyAnswerPage,
  SurveyBody,
  SurveyState,
} from '../../../../shared/quality';
import { apiFetch, downloadFile, toQuery } from '../../../lib/api-client';

/** Query keys of the quality feature. */
export const qualityKeys = {
  all: ['quality'] as const,
  complaints: (status: ComplaintStatus | null, page: number) => ['quality', 'complaints', status, page] as const,
  surveys: (page: number) => ['quality', 'surveys', page] as const,
  improvements: (page: number) => ['quality', 'improvements', page] as const,
  survey: (enrolmentId: number) => ['quality', 'survey', enrolmentId] as const,
  figures: ['quality', 'figures'] as const,
};

/** `POST /api/complaints`: anyone, a visitor with an e-mail. */
export function useFileComplaint() {
  return useMutation({ mutationFn: (body: ComplaintBody) => apiFetch<ComplaintCreated>('/api/complaints', { method: 'POST', body }) });
}

/** `GET /api/admin/complaints?status=&page=` */
export function useComplaints(status: ComplaintStatus | null, page: number) {
  return useQuery({
    queryKey: qualityKeys.complaints(status, page),
    queryFn: ({ signal }) => apiFetch<ComplaintPage>(`/api/admin/complaints${toQuery({ status, page: page > 1 ? page : undefined })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `PUT /api/admin/complaints/{id}`: take it or resolve it with the answer. */
export function useUpdateComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ComplaintUpdateBody & { id: number }) => apiFetch<Complaint>(`/api/admin/complaints/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qualityKeys.all }),
  });
}

/** `GET /api/admin/surveys?page=` */
export function useSurveyAnswers(page: number) {
  return useQuery({
    queryKey: qualityKeys.surveys(page),
    queryFn: ({ signal }) => apiFetch<SurveyAnswerPage>(`/api/admin/surveys${toQuery({ page: page > 1 ? page : undefined })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/improvements?page=` */
export function useImprovements(page: number) {
  return useQuery({
    queryKey: qualityKeys.improvements(page),
    queryFn: ({ signal }) => apiFetch<ImprovementPage>(`/api/admin/improvements${toQuery({ page: page > 1 ? page : undefined })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/admin/improvements` or `PUT /api/admin/improvements/{id}`. */
export function useSaveImprovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ImprovementBody }) =>
      apiFetch<Improvement>(id ? `/api/admin/improvements/${id}` : '/api/admin/improvements', { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qualityKeys.all }),
  });
}

/** The CSV exports: complaints, survey answers, improvement actions. */
export const qualityExports = {
  complaints: () => downloadFile('/api/admin/complaints.csv', 'reclamations.csv'),
  surveys: () => downloadFile('/api/admin/surveys.csv', 'enquetes-a-froid.csv'),
  improvements: () => downloadFile('/api/admin/improvements.csv', 'actions-amelioration.csv'),
};

/** `GET /api/surveys/{enrolmentId}` */
export function useSurvey(enrolmentId: number) {
  return useQuery({ queryKey: qualityKeys.survey(enrolmentId), queryFn: ({ signal }) => apiFetch<SurveyState>(`/api/surveys/${enrolmentId}`, { signal }), retry: false });
}

/** `POST /api/surveys/{enrolmentId}` */
export function useAnswerSurvey(enrolmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveyBody) => apiFetch<SurveyState>(`/api/surveys/${enrolmentId}`, { method: 'POST', body }),
    onSuccess: (state) => queryClient.setQueryData(qualityKeys.survey(enrolmentId), state),
  });
}

/** `GET /api/admin/figures/monthly` */
export function useMonthlyFigures() {
  return useQuery({ queryKey: qualityKeys.figures, queryFn: ({ signal }) => apiFetch<MonthlyFigures>('/api/admin/figures/monthly', { signal }) });
}
