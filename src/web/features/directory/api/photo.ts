import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PHOTO_FIELD, type MyDirectoryEntry, type PhotoResponse } from '../../../../shared/directory';
import { apiFetch, fetchBlob, uploadWithProgress } from '../../../lib/api-client';
import { directoryKeys } from './keys';

/** `GET /api/users/{id}/photo`, as a Blob: the API wants the token, which an <img> address cannot carry. */
export function getPhoto(userId: number, signal?: AbortSignal): Promise<Blob> {
  return fetchBlob(`/api/users/${userId}/photo`, signal);
}

/** The photo of a person who shows it (or one's own); `enabled` false when there is none to ask for. */
export function usePhoto(userId: number, enabled: boolean) {
  return useQuery({ queryKey: directoryKeys.photo(userId), queryFn: ({ signal }) => getPhoto(userId, signal), enabled, retry: false, staleTime: 5 * 60_000 });
}

/** `PUT /api/user/photo`: the server checks the image and crops it to a square. */
export function uploadPhoto({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }): Promise<PhotoResponse> {
  const form = new FormData();
  form.append(PHOTO_FIELD, file);
  return uploadWithProgress<PhotoResponse>('/api/user/photo', form, { method: 'PUT', ...(onProgress ? { onProgress } : {}) });
}

export function deletePhoto(): Promise<void> {
  return apiFetch<void>('/api/user/photo', { method: 'DELETE' });
}

function useAfterPhotoChange(userId: number) {
  const queryClient = useQueryClient();
  return (hasPhoto: boolean) => {
    queryClient.setQueryData<MyDirectoryEntry>(directoryKeys.mine, (entry) => entry && { ...entry, has_photo: hasPhoto });
    return queryClient.invalidateQueries({ queryKey: directoryKeys.photo(userId) });
  };
}

export function useUploadPhoto(userId: number) {
  const after = useAfterPhotoChange(userId);
  return useMutation({ mutationFn: uploadPhoto, onSuccess: () => after(true) });
}

export function useDeletePhoto(userId: number) {
  const after = useAfterPhotoChange(userId);
  return useMutation({ mutationFn: deletePhoto, onSuccess: () => after(false) });
}
