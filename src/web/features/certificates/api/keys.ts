/** Query keys of the certificates feature. */
export const certificateKeys = {
  all: ['certificates'] as const,
  verification: (code: string) => ['certificates', 'verification', code] as const,
  admin: (q: string, page: number) => ['certificates', 'admin', q, page] as const,
};
