import { useMutation } from '@tanstack/react-query';
import { dataExportFileName } from '../../../../shared/account';
import { downloadFile } from '../../../lib/api-client';

/** `GET /api/user/data`: the ZIP of everything about me, saved under the name the server gives. */
export function downloadMyData(): Promise<void> {
  return downloadFile('/api/user/data', dataExportFileName());
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
