import { eq, sql } from 'drizzle-orm';
import { attendanceMessages, minutesOf, type CourseLearner, type CourseLearners } from '../../../shared/attendance';
import { csvDateTime, toCsv } from '../../../shared/csv';
import { progressPercent } from '../../../shared/learning-rules';
import { isAdmin, type Actor } from '../../../shared/roles';
import type { Executor } from '../../db/client';
import { courses } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { learnerProgressOfPairs } from '../enrolments';
import { parisDay } from '../../../shared/paris-days';

export const LEARNERS_FORBIDDEN = "Seuls l'auteur du cours et les administrateurs voient ses apprenants.";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const isoOf = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** The course for its trainer or an administrator: 404 when it does not exist, 403 for anyone else. */
async function authoredCourse(db: Executor, actor: Actor & { id: number }, courseId: number) {
  const [course] = await db.select({ id: courses.id, title: courses.title, authorId: courses.authorId }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) throw AppError.notFound(attendanceMessages.courseNotFound);
  if (course.authorId !== actor.id && !isAdmin(actor)) throw AppError.forbidden(LEARNERS_FORBIDDEN);
  return course;
}

interface LearnerRow {
  enrolment_id: number;
  user_id: number;
  firstname: string;
  lastname: string;
  email: string;
  reminders_sent: number | null;
  enrolled_at: Date | string;
  total_lessons: number | null;
  completed_lessons: number | null;
  completed_at: Date | string | null;
  last_activity_at: Date | string | null;
  seconds: number | null;
  last_beat_at: Date | string | null;
}

/**
 * A course's learners for its trainer (issue 27): each enrolment's progress (the one definition,
 * learnerProgressOfPairs), time on screen and last activity (lessons, quizzes, beats), and best quiz
 * scores; each quiz's success rate per question; the lesson where learners stop. Set-based: one
 * statement per table whatever the number of learners.
 */
export async function courseLearners(db: Executor, actor: Actor & { id: number }, courseId: number): Promise<CourseLearners> {
  const course = await authoredCourse(db, actor, courseId);
  const [learnerRows, quizRows, questionRows, dropRows] = await Promise.all([
    db.execute(sql`with pairs as (select user_id, course_id from enrolments where course_id = ${course.id}),
        progress as (${learnerProgressOfPairs(sql`select user_id, course_id from pairs`)}),
        screen as (select user_id, sum(seconds)::int as seconds, max(last_beat_at) as last_beat_at from attendance_sessions where course_id = ${course.id} group by user_id)
      select e.id as enrolment_id, e.user_id, u.firstname, u.lastname, u.email, e.created_at as enrolled_at,
        p.total_lessons, p.completed_lessons, e.completed_at, p.last_activity_at, screen.seconds, screen.last_beat_at,
        (select count(*)::int from follow_up_mails f where f.enrolment_id = e.id and f.kind in ('inactivity_1', 'inactivity_2')) as reminders_sent
      from enrolments e join users u on u.id = e.user_id
      left join progress p on p.user_id = e.user_id and p.course_id = e.course_id
      left join screen on screen.user_id = e.user_id
      where e.course_id = ${course.id}
      order by u.lastname, u.firstname, e.id`),
    db.execute(sql`select a.user_id, a.lesson_id, max(a.score)::int as best_score, bool_or(a.passed) as passed, count(*)::int as attempts
      from quiz_attempts a join lessons l on l.id = a.lesson_id join course_sections s on s.id = l.section_id
      join enrolments e on e.user_id = a.user_id and e.course_id = s.course_id
      where s.course_id = ${course.id} group by a.user_id, a.lesson_id`),
    db.execute(sql`select l.id as lesson_id, l.title, q.pass_mark, qq.id as question_id, qq.position, qq.prompt,
        coalesce(st.answers, 0)::int as answers, coalesce(st.correct, 0)::int as correct
      from lessons l join course_sections s on s.id = l.section_id join quizzes q on q.lesson_id = l.id
      left join quiz_questions qq on qq.lesson_id = l.id
      left join (select (x->>'question_id')::int as question_id, count(*) as answers, count(*) filter (where (x->>'correct')::boolean) as correct
          from quiz_attempts a cross join lateral jsonb_array_elements(a.questions) x
          where a.lesson_id in (select l2.id from lessons l2 join course_sections s2 on s2.id = l2.section_id where s2.course_id = ${course.id})
          group by 1) st on st.question_id = qq.id
      where s.course_id = ${course.id}
      order by s.position, l.position, l.id, qq.position, qq.id`),
    db.execute(sql`select e.last_lesson_id as lesson_id, l.title, count(*)::int as learners
      from enrolments e join lessons l on l.id = e.last_lesson_id join course_sections s on s.id = l.section_id
      where e.course_id = ${course.id} and e.completed_at is null
      group by e.last_lesson_id, l.title, s.position, l.position
      order by count(*) desc, s.position, l.position, e.last_lesson_id limit 1`),
  ]);

  const quizOrder: number[] = [];
  const quizzes: CourseLearners['quizzes'] = [];
  for (const r of rowsOf<{ lesson_id: number; title: string; pass_mark: number; question_id: number | null; position: number; prompt: string; answers: number; correct: number }>(questionRows)) {
    let quiz = quizzes.find((q) => q.lesson_id === Number(r.lesson_id));
    if (!quiz) {
      quiz = { lesson_id: Number(r.lesson_id), title: r.title, pass_mark: Number(r.pass_mark), questions: [] };
      quizzes.push(quiz);
      quizOrder.push(quiz.lesson_id);
    }
    if (r.question_id !== null) {
      const answers = Number(r.answers);
      const correct = Number(r.correct);
      quiz.questions.push({ question_id: Number(r.question_id), position: Number(r.position), prompt: r.prompt, answers, correct, success_rate: answers === 0 ? null : Math.round((correct * 100) / answers) });
    }
  }
  const bestScores = rowsOf<{ user_id: number; lesson_id: number; best_score: number; passed: boolean; attempts: number }>(quizRows);
  const learners: CourseLearner[] = rowsOf<LearnerRow>(learnerRows).map((r) => {
    const total = Number(r.total_lessons ?? 0);
    const done = Number(r.completed_lessons ?? 0);
    const activity = [r.last_activity_at, r.last_beat_at].map(isoOf).filter((v): v is string => v !== null).sort();
    return {
      enrolment_id: Number(r.enrolment_id),
      user_id: Number(r.user_id),
      name: `${r.firstname} ${r.lastname}`.trim(),
      email: r.email,
      enrolled_at: isoOf(r.enrolled_at)!,
      completed_lessons: done,
      total_lessons: total,
      percent: progressPercent({ completed: done, total, completedAt: r.completed_at }),
      completed_at: isoOf(r.completed_at),
      on_screen_minutes: minutesOf(Number(r.seconds ?? 0)),
      last_activity_at: activity.at(-1) ?? null,
      reminders_sent: Number(r.reminders_sent ?? 0),
      quizzes: bestScores
        .filter((q) => Number(q.user_id) === Number(r.user_id))
        .sort((a, b) => quizOrder.indexOf(Number(a.lesson_id)) - quizOrder.indexOf(Number(b.lesson_id)))
        .map((q) => ({ lesson_id: Number(q.lesson_id), best_score: Number(q.best_score), passed: Boolean(q.passed), attempts: Number(q.attempts) })),
    };
  });
  const drop = rowsOf<{ lesson_id: number; title: string; learners: number }>(dropRows)[0];
  return {
    course: { id: course.id, title: course.title },
    learners,
    quizzes,
    drop_off: drop ? { lesson_id: Number(drop.lesson_id), title: drop.title, learners: Number(drop.learners) } : null,
  };
}

/**
 * The columns of the learners' CSV, each with how a learner fills it: another part of issue 27
 * (reminders sent) adds its column here and in courseLearnerSchema.
 */
export function learnerColumns(quizzes: CourseLearners['quizzes']): { header: string; cell: (l: CourseLearner) => string | number | null }[] {
  return [
    { header: 'Apprenant', cell: (l) => l.name },
    { header: 'E-mail', cell: (l) => l.email },
    { header: 'Inscrit le', cell: (l) => csvDateTime(new Date(l.enrolled_at)) },
    { header: 'Progression (%)', cell: (l) => l.percent },
    { header: 'Leçons terminées', cell: (l) => l.completed_lessons },
    { header: 'Leçons', cell: (l) => l.total_lessons },
    { header: "Temps à l'écran (min)", cell: (l) => l.on_screen_minutes },
    { header: 'Dernière activité', cell: (l) => (l.last_activity_at ? csvDateTime(new Date(l.last_activity_at)) : '') },
    { header: 'Terminée le', cell: (l) => (l.completed_at ? csvDateTime(new Date(l.completed_at)) : '') },
    { header: 'Relances envoyées', cell: (l) => l.reminders_sent },
    ...quizzes.map((q) => ({ header: `${q.title} : meilleur score (%)`, cell: (l: CourseLearner) => l.quizzes.find((s) => s.lesson_id === q.lesson_id)?.best_score ?? '' })),
  ];
}

/** `GET /api/courses/{id}/learners.csv`. */
export async function courseLearnersCsv(db: Executor, actor: Actor & { id: number }, courseId: number): Promise<{ csv: string; fileName: string }> {
  const data = await courseLearners(db, actor, courseId);
  const columns = learnerColumns(data.quizzes);
  return {
    csv: toCsv(
      columns.map((c) => c.header),
      data.learners.map((l) => columns.map((c) => c.cell(l))),
    ),
    fileName: `apprenants-cours-${courseId}-${parisDay(new Date())}.csv`,
  };
}
