import { sql, type SQL } from 'drizzle-orm';

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
    (select count(*)::int from lessons l join course_sections s on s.id = l.section_id where s.course_id = ${courseId}) as total_lessons,
    (select count(*)::int from lesson_progress p join lessons l on l.id = p.lesson_id join course_sections s on s.id = l.section_id
      where s.course_id = ${courseId} and p.user_id = ${userId}) as completed_lessons,
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
