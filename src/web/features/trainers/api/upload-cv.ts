import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CV_FIELD, type UploadCvResponse } from '../../../../shared/trainers';
import { uploadWithProgress } from '../../../lib/api-client';
import { trainerKeys } from './get-trainer-status';

export interface UploadCvInput {
  file: File;
  /** 0..100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
}

/** `POST /api/upload-cv`: multipart, the file in the `cv` field, with real upload progress. */
export function uploadCv({ file, onProgress }: UploadCvInput): Promise<UploadCvResponse> {
  const form = new FormData();
  form.append(CV_FIELD, file, file.name);
  return uploadWithProgress<UploadCvResponse>('/api/upload-cv', form, { onProgress });
}

export function useUploadCv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCv,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainerKeys.all }),
  });
}
