/** Query keys of the content editor; every change to a course's content invalidates its `outline`. */
export const authoringKeys = {
  all: ['authoring'] as const,
  outline: (courseId: number) => ['authoring', 'outline', courseId] as const,
  lesson: (lessonId: number) => ['authoring', 'lesson', lessonId] as const,
  quiz: (lessonId: number) => ['authoring', 'quiz', lessonId] as const,
  positioning: (courseId: number) => ['authoring', 'positioning', courseId] as const,
};
