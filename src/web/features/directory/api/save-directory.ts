import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DirectoryBody, MyDirectoryEntry } from '../../../../shared/directory';
import { apiFetch } from '../../../lib/api-client';
import { directoryKeys } from './keys';

/** `PUT /api/user/directory`: listed or not, the fields shown, messages accepted or not. */
export function saveDirectory(body: DirectoryBody): Promise<MyDirectoryEntry> {
  return apiFetch<MyDirectoryEntry>('/api/user/directory', { method: 'PUT', body });
}

export function useSaveDirectory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDirectory,
    onSuccess: (saved) => {
      queryClient.setQueryData(directoryKeys.mine, saved);
      return queryClient.invalidateQueries({ queryKey: ['directory', 'search'] });
    },
  });
}
