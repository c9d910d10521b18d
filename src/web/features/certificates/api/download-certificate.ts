import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api-client';

/** `GET /api/certificates/{id}/pdf` with the session's bearer token, saved under the name the server gives. */
export function downloadCertificate(id: number): Promise<void> {
  return downloadFile(`/api/certificates/${id}/pdf`, 'attestation.pdf');
}

export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
