import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `GET /api/admin/users/{id}/cv`, saved under the name the server gives (cv.pdf when it gives none). */
export function downloadCv(id: number): Promise<void> {
  return downloadFile(`/api/admin/users/${id}/cv`, 'cv.pdf');
}

export function useDownloadCv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadCv,
    // The download is recorded in the user's history.
    onSuccess: (_data, id) => queryClient.invalidateQueries({ queryKey: adminKeys.user(id) }),
  });
}
