/** Query keys of the satisfaction feature. */
export type AnswersScope = 'formateur' | 'admin';

export const satisfactionKeys = {
  all: ['satisfaction'] as const,
  mine: ['satisfaction', 'mine'] as const,
  answers: ['satisfaction', 'answers'] as const,
  list: (scope: AnswersScope, course: number | null, page: number) => ['satisfaction', 'answers', scope, course, page] as const,
};
