/** Query keys of the learning feature; completing a lesson refreshes `all`. */
export const learningKeys = {
  all: ['learning'] as const,
  outline: (courseId: number) => ['learning', 'outline', courseId] as const,
  lesson: (lessonId: number) => ['learning', 'lesson', lessonId] as const,
  quiz: (lessonId: number) => ['learning', 'quiz', lessonId] as const,
  mine: ['learning', 'mine'] as const,
};
