/** Keyed by account, so one account never sees another's cached conversations. */
export const messageKeys = {
  all: ['messages'] as const,
  mine: (userId: number) => ['messages', userId] as const,
  unread: (userId: number) => ['messages', userId, 'unread'] as const,
  conversations: (userId: number) => ['messages', userId, 'conversations'] as const,
  thread: (userId: number, conversationId: number) => ['messages', userId, 'thread', conversationId] as const,
};
