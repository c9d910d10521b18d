import { z } from 'zod';
import { RATING_MAX, RATING_MIN, SATISFACTION_COMMENT_MAX, satisfactionMessages } from './satisfaction-rules';
import { emptyAsUndefined, pageParam } from './paging';

export * from './satisfaction-rules';

/** `PUT /api/courses/:id/satisfaction`: the learner's rating and optional comment (blank: none). */
export const satisfactionBodySchema = z.object({
  rating: z
    .number({ error: (issue) => (issue.input === undefined ? satisfactionMessages.ratingRequired : satisfactionMessages.ratingRange) })
    .int({ error: satisfactionMessages.ratingRange })
    .min(RATING_MIN, { error: satisfactionMessages.ratingRange })
    .max(RATING_MAX, { error: satisfactionMessages.ratingRange }),
  comment: z
    .string({ error: satisfactionMessages.commentTooLong })
    .trim()
    .max(SATISFACTION_COMMENT_MAX, { error: satisfactionMessages.commentTooLong })
    .nullish()
    .transform((text) => (text ? text : null)),
});
/** What the form sends. */
export type SatisfactionBody = z.input<typeof satisfactionBodySchema>;
/** What the server keeps: the comment trimmed, null when blank. */
export type SatisfactionValues = z.output<typeof satisfactionBodySchema>;

/** `PUT /api/admin/satisfaction/:id/comment`: an administrator hides an abusive comment, or shows it again. */
export const commentVisibilityBodySchema = z.object({
  hidden: z.boolean({ error: 'Indiquez si le commentaire doit être masqué (true) ou affiché (false).' }),
});
export type CommentVisibilityBody = z.infer<typeof commentVisibilityBodySchema>;


/** `?course=&page=` of the answers lists and `?course=` of their CSV exports. */
export const satisfactionListQuerySchema = z.object({
  course: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'Formation inconnue.' })
      .int({ error: 'Formation inconnue.' })
      .min(1, { error: 'Formation inconnue.' })
      .max(2_147_483_647, { error: 'Formation inconnue.' })
      .optional(),
  ),
  page: pageParam(),
});
export type SatisfactionListQuery = z.output<typeof satisfactionListQuerySchema>;
