/** Query keys of the meetings feature. */
export const meetingKeys = {
  all: ['meetings'] as const,
  detail: (id: number) => ['meetings', id] as const,
  ofUser: (userId: number) => ['meetings', 'user', userId] as const,
};
