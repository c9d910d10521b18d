/** Query keys of the quotes feature; requesting or accepting a quote invalidates `all`. */
export const quoteKeys = {
  all: ['quotes'] as const,
  mine: ['quotes', 'mine'] as const,
  admin: (filters: { q?: string; status?: string; page: number }) => ['quotes', 'admin', filters] as const,
};
