import { z } from 'zod';

export * from './public-info-rules';

/**
 * `GET /api/courses/{id}/results`: the course's public results (Qualiopi indicator 2) over a
 * period of 12 months ending today (decision 046). Rates are whole percents, null when there is
 * nothing to divide.
 */
export const courseResultsSchema = z.object({
  /** Paris days, YYYY-MM-DD, both included. */
  period: z.object({ from: z.string(), to: z.string() }),
  /** Learners who enrolled during the period. */
  enrolled: z.number().int(),
  /** Of those, how many completed the course (by now). */
  completed: z.number().int(),
  /** completed / enrolled, in percent. */
  completion_rate: z.number().int().nullable(),
  /** Of the (learner, graded quiz) pairs attempted during the period, the share passed during it, in percent (positioning tests left out). */
  quiz_success_rate: z.number().int().nullable(),
  /** Satisfaction answers given during the period: average out of 5 (one decimal) and count; null below 3 answers. */
  satisfaction: z.object({ average: z.number(), count: z.number().int() }).nullable(),
  /** When these figures were computed (they may be a few minutes old). */
  computed_at: z.string(),
});
export type CourseResults = z.infer<typeof courseResultsSchema>;

/** One learner's test de positionnement (indicator 8): their first attempt, the level they came in with. */
export const positioningResultSchema = z.object({
  user_id: z.number().int(),
  learner_name: z.string(),
  lesson_id: z.number().int(),
  quiz_title: z.string(),
  /** Whole percent of the first attempt. */
  score: z.number().int(),
  attempted_at: z.string(),
  /** How many attempts they made in all. */
  attempts: z.number().int(),
});
export type PositioningResult = z.infer<typeof positioningResultSchema>;

/** `GET /api/courses/{id}/positioning-results`: for the course's trainer and administrators. */
export const positioningResultsSchema = z.object({ items: z.array(positioningResultSchema) });
export type PositioningResults = z.infer<typeof positioningResultsSchema>;
