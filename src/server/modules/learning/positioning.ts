import { sql } from 'drizzle-orm';
import type { PositioningResult } from '../../../shared/public-info';
import type { Actor } from '../../../shared/roles';
import type { Db, Executor } from '../../db/client';
import { courses } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { checkEditable, COURSE_NOT_FOUND } from './learning.service';

interface PositioningRow {
  user_id: number;
  learner_name: string;
  lesson_id: number;
  quiz_title: string;
  score: number;
  attempted_at: Date | string;
  attempts: number | string;
}

/**
 * Each enrolled learner's test de positionnement in the course (Qualiopi indicator 8), one row per
 * learner and positioning quiz they took: the score of their first attempt (the level they came in
 * with) and how many attempts they made. Learners who have not taken it yet have no row. No access
 * check: callers (the trainer's screens, later the learners view) check who may read it.
 */
export async function positioningResults(db: Executor, courseId: number): Promise<PositioningResult[]> {
  const result = await db.execute(sql`
    select e.user_id, u.firstname || ' ' || u.lastname as learner_name, l.id as lesson_id, l.title as quiz_title,
      f.score, f.created_at as attempted_at, f.attempts
    from enrolments e
    join users u on u.id = e.user_id
    join course_sections s on s.course_id = e.course_id
    join lessons l on l.section_id = s.id
    join quizzes q on q.lesson_id = l.id and q.positioning
    join lateral (
      select a.score, a.created_at, count(*) over () as attempts
      from quiz_attempts a where a.lesson_id = l.id and a.user_id = e.user_id
      order by a.number limit 1
    ) f on true
    where e.course_id = ${courseId}
    order by u.lastname, u.firstname, e.user_id, s.position, l.position`);
  return (result as unknown as { rows: PositioningRow[] }).rows.map((row) => ({
    user_id: Number(row.user_id),
    learner_name: row.learner_name,
    lesson_id: Number(row.lesson_id),
    quiz_title: row.quiz_title,
    score: Number(row.score),
    attempted_at: new Date(row.attempted_at).toISOString(),
    attempts: Number(row.attempts),
  }));
}

/** `GET /api/courses/:id/positioning-results`: for the course's author and administrators (404 for a draft they cannot see, 403 otherwise). */
export async function readPositioningResults(db: Db, courseId: number, actor: Actor): Promise<{ items: PositioningResult[] }> {
  const [course] = await db.select({ id: courses.id, authorId: courses.authorId, status: courses.status }).from(courses).where(eq(courses.id, courseId)).limit(1);
  checkEditable(course, actor, COURSE_NOT_FOUND);
  return { items: await positioningResults(db, courseId) };
}
