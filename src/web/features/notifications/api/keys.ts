/** Keyed by account, so one account never sees another's cached notifications. */
export const notificationKeys = {
  all: ['notifications'] as const,
  mine: (userId: number) => ['notifications', userId] as const,
  unread: (userId: number) => ['notifications', userId, 'unread'] as const,
  page: (userId: number, page: number, pageSize: number) => ['notifications', userId, 'page', page, pageSize] as const,
};
