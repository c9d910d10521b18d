import type { DirectorySearch } from './get-directory';

/** Query keys of the directory feature. */
export const directoryKeys = {
  all: ['directory'] as const,
  mine: ['directory', 'mine'] as const,
  attestations: ['directory', 'attestations'] as const,
  search: (query: DirectorySearch) => ['directory', 'search', query] as const,
  photo: (userId: number) => ['directory', 'photo', userId] as const,
  trainer: (id: number) => ['directory', 'trainer', id] as const,
};
