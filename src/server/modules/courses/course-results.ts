import { sql } from 'drizzle-orm';
import { parisDay } from '../../../shared/paris-days';
import { ratePercent, resultsPeriod, SATISFACTION_MIN_COUNT, type CourseResults } from '../../../shared/public-info';
import type { Executor } from '../../db/client';

interface ResultsRow {
  enrolled: number;
  completed: number;
  quiz_tried: number;
  quiz_passed: number;
  satisfaction_count: number;
  satisfaction_average: string | null;
}

/**
 * A course's public results over the 12 months ending on `now`'s Paris day (decision 046), in one
 * query: enrolments of the period and their completions, graded quizzes attempted and passed in the
 * period (per learner and quiz, positioning tests left out), satisfaction answers given in the period
 * (hidden below SATISFACTION_MIN_COUNT, so a handful of ratings cannot be traced to their authors).
 */
export async function computeCourseResults(db: Executor, courseId: number, now: Date): Promise<CourseResults> {
  const period = resultsPeriod(parisDay(now));
  const inPeriod = (column: string) => sql`(${sql.raw(column)} at time zone 'Europe/Paris')::date between ${period.from}::date and ${period.to}::date`;
  const result = await db.execute(sql`
    with cohort as (
      select e.completed_at from enrolments e where e.course_id = ${courseId} and ${inPeriod('e.created_at')}
    ), tries as (
      select a.user_id, a.lesson_id, bool_or(a.passed) as passed
      from quiz_attempts a
      join quizzes q on q.lesson_id = a.lesson_id and not q.positioning
      join lessons l on l.id = a.lesson_id
      join course_sections s on s.id = l.section_id
      where s.course_id = ${courseId} and ${inPeriod('a.created_at')}
      group by a.user_id, a.lesson_id
    ), answers as (
      select r.rating from satisfaction_answers r where r.course_id = ${courseId} and ${inPeriod('r.created_at')}
    )
    select
      (select count(*)::int from cohort) as enrolled,
      (select count(*)::int from cohort where completed_at is not null) as completed,
      (select count(*)::int from tries) as quiz_tried,
      (select count(*)::int from tries where passed) as quiz_passed,
      (select count(*)::int from answers) as satisfaction_count,
      (select round(avg(rating), 1)::text from answers) as satisfaction_average`);
  const row = (result as unknown as { rows: ResultsRow[] }).rows[0]!;
  const enrolled = Number(row.enrolled);
  const completed = Number(row.completed);
  const satisfactionCount = Number(row.satisfaction_count);
  return {
    period,
    enrolled,
    completed,
    completion_rate: ratePercent(completed, enrolled),
    quiz_success_rate: ratePercent(Number(row.quiz_passed), Number(row.quiz_tried)),
    satisfaction: satisfactionCount >= SATISFACTION_MIN_COUNT && row.satisfaction_average !== null ? { average: Number(row.satisfaction_average), count: satisfactionCount } : null,
    computed_at: now.toISOString(),
  };
}

/** How long computed results are served again before being recomputed. */
export const RESULTS_CACHE_MS = 5 * 60 * 1000;
const RESULTS_CACHE_MAX = 2000;

/**
 * Results kept in this process's memory for a few minutes: the course page is public and often
 * read, the figures change slowly and `computed_at` tells their age. One cache per app, so each
 * test app starts empty; keyed by the Paris day too, so the period moves at midnight.
 */
export function courseResultsCache(clock: () => Date = () => new Date()) {
  const kept = new Map<string, CourseResults>();
  return async function cachedResults(db: Executor, courseId: number): Promise<CourseResults> {
    const now = clock();
    const key = `${courseId}:${parisDay(now)}`;
    const hit = kept.get(key);
    if (hit && now.getTime() - Date.parse(hit.computed_at) < RESULTS_CACHE_MS) return hit;
    const fresh = await computeCourseResults(db, courseId, now);
    if (kept.size >= RESULTS_CACHE_MAX) kept.clear();
    kept.set(key, fresh);
    return fresh;
  };
}
