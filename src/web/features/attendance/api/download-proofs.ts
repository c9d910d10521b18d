import { useMutation } from '@tanstack/react-query';
import type { CertificateBasis } from '../../../../shared/attendance';
import { downloadFile, toQuery } from '../../../lib/api-client';

/** `GET /api/enrolments/{id}/attendance.csv`, saved under the name the server gives. */
export function downloadAttendance(enrolmentId: number): Promise<void> {
  return downloadFile(`/api/enrolments/${enrolmentId}/attendance.csv`, 'assiduite.csv');
}

/** `GET /api/enrolments/{id}/certificate-of-completion?basis=`: the certificat de réalisation in PDF. */
export function downloadCertificateOfCompletion(enrolmentId: number, basis: CertificateBasis = 'estimated'): Promise<void> {
  return downloadFile(`/api/enrolments/${enrolmentId}/certificate-of-completion${toQuery({ basis: basis === 'estimated' ? undefined : basis })}`, 'certificat-de-realisation.pdf');
}

export function useDownloadProof() {
  return useMutation({
    mutationFn: ({ enrolmentId, kind }: { enrolmentId: number; kind: 'attendance' | 'certificate' }) =>
      kind === 'attendance' ? downloadAttendance(enrolmentId) : downloadCertificateOfCompletion(enrolmentId),
  });
}
