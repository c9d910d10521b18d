import { useMutation } from '@tanstack/react-query';
import type { ImportPreview } from '../../../../shared/organisations';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/organisation/invitations/preview`: what the file would do, row by row; nothing is written. */
export function previewImport(csv: string): Promise<ImportPreview> {
  return apiFetch<ImportPreview>('/api/organisation/invitations/preview', { method: 'POST', body: { csv } });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
