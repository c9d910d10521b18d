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

// ---------------------------------------------------------------------------------------------
// Answers

/** The learner's own answer, as `GET /api/user/satisfaction` and the PUT give it back. */
export const mySatisfactionAnswerSchema = z.object({
  course_id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  /** An administrator hid the comment: the learner still reads it, nobody else does. */
  comment_hidden: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Until when it may be changed: 30 days after `created_at`. */
  editable_until: z.string(),
});
export type MySatisfactionAnswer = z.infer<typeof mySatisfactionAnswerSchema>;

export const mySatisfactionAnswersSchema = z.object({
  items: z.array(mySatisfactionAnswerSchema),
});
export type MySatisfactionAnswers = z.infer<typeof mySatisfactionAnswersSchema>;

/** A course's public rating. */
export const courseRatingSchema = z.object({
  /** Rounded to one decimal. */
  average: z.number(),
  count: z.number().int(),
});
export type CourseRating = z.infer<typeof courseRatingSchema>;

/** One answer, as its course's trainer and administrators read it. */
export const satisfactionAnswerSchema = z.object({
  id: z.number().int(),
  course: z.object({ id: z.number().int(), title: z.string() }),
  rating: z.number().int(),
  /**
   * The comment; null without one. For trainers, also null when an administrator hid it
   * (`comment_hidden` says so): a hidden text never leaves the server but to administrators.
   */
  comment: z.string().nullable(),
  comment_hidden: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Administrators only: who answered (trainers read the answers without names, decision 023). */
  learner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).optional(),
});
export type SatisfactionAnswer = z.infer<typeof satisfactionAnswerSchema>;

export const satisfactionCourseSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  count: z.number().int(),
  average: z.number(),
});
export type SatisfactionCourseSummary = z.infer<typeof satisfactionCourseSummarySchema>;

export const satisfactionAnswersPageSchema = z.object({
  answers: z.array(satisfactionAnswerSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The courses in reach that have answers, by title. */
  courses: z.array(satisfactionCourseSummarySchema),
});
export type SatisfactionAnswersPage = z.infer<typeof satisfactionAnswersPageSchema>;
