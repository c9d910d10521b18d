import type { ReportStatus } from '../../../../shared/moderation';

/** Query keys of the moderation feature. */
export const moderationKeys = {
  all: ['moderation'] as const,
  reports: ['moderation', 'reports'] as const,
  reportList: (status: ReportStatus, page: number) => ['moderation', 'reports', status, page] as const,
  decision: (id: number) => ['moderation', 'decision', id] as const,
};
