/** Query keys of the contracts feature (issue 29). */
export const contractKeys = {
  all: ['contracts'] as const,
  course: (courseId: number) => ['contracts', 'course', courseId] as const,
  mine: ['contracts', 'mine'] as const,
};
