import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BpfReport,
  CourseClassification,
  CourseClassificationBody,
  EnrolmentClassification,
  EnrolmentClassificationBody,
  TrainerClassification,
  TrainerClassificationBody,
} from '../../../../shared/bpf';
import { apiFetch, downloadFile } from '../../../lib/api-client';

/** Query keys of the BPF feature: any classification changes the report, so they share a root. */
export const bpfKeys = {
  all: ['bpf'] as const,
  report: (year: number) => ['bpf', 'report', year] as const,
  course: (id: number) => ['bpf', 'course', id] as const,
  trainer: (id: number) => ['bpf', 'trainer', id] as const,
};

/** `GET /api/admin/bpf/{year}` */
export function useBpfReport(year: number) {
  return useQuery({
    queryKey: bpfKeys.report(year),
    queryFn: ({ signal }) => apiFetch<BpfReport>(`/api/admin/bpf/${year}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/bpf/{year}?format=csv`, saved as bpf-{year}.csv. */
export function downloadBpfCsv(year: number): Promise<void> {
  return downloadFile(`/api/admin/bpf/${year}?format=csv`, `bpf-${year}.csv`);
}

/** `PUT /api/admin/bpf/enrolments/{id}` */
export function useClassifyEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: EnrolmentClassificationBody & { id: number }) => apiFetch<EnrolmentClassification>(`/api/admin/bpf/enrolments/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bpfKeys.all }),
  });
}

/** `GET /api/admin/bpf/courses/{id}` */
export function useCourseClassification(id: number) {
  return useQuery({ queryKey: bpfKeys.course(id), queryFn: ({ signal }) => apiFetch<CourseClassification>(`/api/admin/bpf/courses/${id}`, { signal }) });
}

/** `PUT /api/admin/bpf/courses/{id}` */
export function useClassifyCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CourseClassificationBody & { id: number }) => apiFetch<CourseClassification>(`/api/admin/bpf/courses/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bpfKeys.all }),
  });
}

/** `GET /api/admin/bpf/trainers/{id}` */
export function useTrainerClassification(id: number, enabled = true) {
  return useQuery({ queryKey: bpfKeys.trainer(id), queryFn: ({ signal }) => apiFetch<TrainerClassification>(`/api/admin/bpf/trainers/${id}`, { signal }), enabled });
}

/** `PUT /api/admin/bpf/trainers/{id}` */
export function useClassifyTrainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TrainerClassificationBody & { id: number }) => apiFetch<TrainerClassification>(`/api/admin/bpf/trainers/${id}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bpfKeys.all }),
  });
}
