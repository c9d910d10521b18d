import { useMutation } from '@tanstack/react-query';
import type { ParisPeriod } from '../../../../shared/paris-days';
import { downloadFile, toQuery } from '../../../lib/api-client';

/** `GET /api/enrolments/{id}/evidence.zip`: the learner's own evidence file. */
export function useDownloadEnrolmentEvidence() {
  return useMutation({ mutationFn: (enrolmentId: number) => downloadFile(`/api/enrolments/${enrolmentId}/evidence.zip`, 'preuves.zip') });
}

/** `GET /api/admin/courses/{id}/evidence.zip?from=&to=`: a course's evidence file over a period. */
export function useDownloadCourseEvidence() {
  return useMutation({
    mutationFn: ({ courseId, period }: { courseId: number; period: ParisPeriod }) =>
      downloadFile(`/api/admin/courses/${courseId}/evidence.zip${toQuery({ from: period.from || undefined, to: period.to || undefined })}`, 'preuves.zip'),
  });
}
