/** Query keys of the live sessions feature. */
export const sessionKeys = {
  all: ['sessions'] as const,
  course: (courseId: number) => ['sessions', 'course', courseId] as const,
  mine: ['sessions', 'mine'] as const,
  sheet: (slotId: number) => ['sessions', 'sheet', slotId] as const,
  admin: (page: number) => ['sessions', 'admin', page] as const,
  calendar: ['sessions', 'calendar'] as const,
};
