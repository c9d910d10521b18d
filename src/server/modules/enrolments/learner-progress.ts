import { sql, type SQL } from 'drizzle-orm';
import { COUNTED } from './enrolments.service';

/**
 * A learner's progress in a course, read from the learning tables (lessons, lesson_progress,
 * quiz_attempts, enrolments, certificates) as one lateral subquery, for the screens of other
 * features that report it in bulk (an organisation's dashboard). The learning module remains the
 * only writer; the rules it keeps are the ones counted here: a lesson is done when it has a
 * progress row (a quiz when passed), the course is completed when `enrolments.completed_at` is set.
 *
 * Use: `left join lateral (${learnerCourseProgress(sql`m.user_id`, sql`oe.course_id`)}) p on true`;
 * the columns are total_lessons, completed_lessons, last_activity_at, completed_at,
 * certificate_code and certificate_number (a valid attestation), certificate_revoked_at (a revoked one).
 */
export function learnerCourseProgress(userId: SQL, courseId: SQL): SQL {
  return sql`select
    (select count(*)::int from lessons l join course_sections s on s.id = l.section_id where s.course_id = ${courseId} and ${COUNTED}) as total_lessons,
    (select count(*)::int from lesson_progress p join lessons l on l.id = p.lesson_id join course_sections s on s.id = l.section_id
      where s.course_id = ${courseId} and p.user_id = ${userId} and ${COUNTED}) as completed_lessons,
    greatest(
      (select max(p.completed_at) from lesson_progress p join lessons l on l.id = p.lesson_id join course_sections s on s.id = l.section_id
        where s.course_id = ${courseId} and p.user_id = ${userId}),
      (select max(a.created_at) from quiz_attempts a join lessons l on l.id = a.lesson_id join course_sections s on s.id = l.section_id
        where s.course_id = ${courseId} and a.user_id = ${userId})
    ) as last_activity_at,
    (select e.completed_at from enrolments e where e.user_id = ${userId} and e.course_id = ${courseId}) as completed_at,
    (select c.code from certificates c where c.user_id = ${userId} and c.course_id = ${courseId} and c.revoked_at is null) as certificate_code,
    (select c.number from certificates c where c.user_id = ${userId} and c.course_id = ${courseId} and c.revoked_at is null) as certificate_number,
    (select c.revoked_at from certificates c where c.user_id = ${userId} and c.course_id = ${courseId}) as certificate_revoked_at`;
}

/**
 * The same progress for many (learner, course) pairs at once, set-based: each learning table is
 * read once for all the pairs and grouped (hash joins), never one subquery per pair, so an
 * organisation's dashboard costs one pass over its members' rows (issue 25, fault 2).
 *
 * `pairs` is a query with the columns `user_id` and `course_id` (one row per pair, no duplicates).
 * Use: `with pairs as (…), progress as (${learnerProgressOfPairs(sql`select user_id, course_id from pairs`)})`
 * then `left join progress p on p.user_id = … and p.course_id = …`; the columns are those of
 * `learnerCourseProgress` plus user_id and course_id.
 */
export function learnerProgressOfPairs(pairs: SQL): SQL {
  return sql`select pr.user_id, pr.course_id, coalesce(t.total_lessons, 0) as total_lessons, coalesce(d.completed_lessons, 0) as completed_lessons,
      greatest(d.last_lesson_at, q.last_quiz_at) as last_activity_at, e.completed_at,
      case when cert.revoked_at is null then cert.code end as certificate_code, case when cert.revoked_at is null then cert.number end as certificate_number, cert.revoked_at as certificate_revoked_at
    from (${pairs}) pr
    left join (select s.course_id, count(*)::int as total_lessons from lessons l join course_sections s on s.id = l.section_id
        where s.course_id in (select course_id from (${pairs}) x) and ${COUNTED} group by s.course_id) t on t.course_id = pr.course_id
    left join (select x.user_id, x.course_id, count(*)::int as completed_lessons, max(p.completed_at) as last_lesson_at
        from (${pairs}) x join course_sections s on s.course_id = x.course_id join lessons l on l.section_id = s.id
        join lesson_progress p on p.lesson_id = l.id and p.user_id = x.user_id
        where ${COUNTED}
        group by x.user_id, x.course_id) d on d.user_id = pr.user_id and d.course_id = pr.course_id
    left join (select x.user_id, x.course_id, max(a.created_at) as last_quiz_at
        from (${pairs}) x join course_sections s on s.course_id = x.course_id join lessons l on l.section_id = s.id
        join quiz_attempts a on a.lesson_id = l.id and a.user_id = x.user_id
        group by x.user_id, x.course_id) q on q.user_id = pr.user_id and q.course_id = pr.course_id
    left join enrolments e on e.user_id = pr.user_id and e.course_id = pr.course_id
    left join certificates cert on cert.user_id = pr.user_id and cert.course_id = pr.course_id`;
}
