import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { courses, satisfactionAnswers } from '../../db/schema';

/**
 * A course's number of satisfaction answers and their average, as one aggregate joined laterally
 * to each course row of the caller's query (`.leftJoinLateral(stats, sql\`true\`)`): the catalogue
 * gets every card's rating in its own query, read from the (course_id, rating) index alone.
 * Here, not in a module, because the courses module lists them and the satisfaction module writes them.
 */
export function ratingStats(db: Executor) {
  return db
    .select({
      ratingCount: sql<number>`cast(count(*) as integer)`.as('rating_count'),
      // numeric, exact: rounded once, to one decimal.
      ratingAverage: sql<string | null>`round(avg(${satisfactionAnswers.rating}), 1)`.as('rating_average'),
    })
    .from(satisfactionAnswers)
    .where(eq(satisfactionAnswers.courseId, courses.id))
    .as('rating_stats');
}
