import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { certificateNumber, type CertificateObjectiveResult, type CertificateQuizResult, type CertificateSnapshot } from '../../../shared/certificates';
import type { Executor } from '../../db/client';
import { certificates, courses, courseSections, enrolments, lessons, quizAttempts, quizzes, users } from '../../db/schema';
import { notify } from '../notifications';

/**
 * Issuing an attestation de fin de formation. It lives here, not in a module, because the
 * learning module detects completions (in its transaction) and the certificates module serves
 * them: modules never import each other.
 */

/** 16 random bytes (128 bits) in base64url: 22 characters nobody can guess. */
export function newCertificateCode(): string {
  return randomBytes(16).toString('base64url');
}

/** What the course looked like at completion, shared by every learner completing it at once. */
async function courseFacts(tx: Executor, courseId: number) {
  const [course] = await tx
    .select({ title: courses.title, objectives: courses.objectives, authorId: courses.authorId })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) return null;
  const [author] = await tx.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, course.authorId)).limit(1);
  const lessonRows = await tx
    .select({ id: lessons.id, title: lessons.title, type: lessons.type, durationMinutes: lessons.durationMinutes, passMark: quizzes.passMark })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .leftJoin(quizzes, eq(quizzes.lessonId, lessons.id))
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseSections.id), asc(lessons.position), asc(lessons.id));
  return {
    title: course.title,
    objectives: course.objectives,
    authorId: course.authorId,
    trainerName: author ? `${author.firstname} ${author.lastname}` : '',
    durationMinutes: lessonRows.reduce((sum, l) => sum + l.durationMinutes, 0),
    quizLessons: lessonRows.filter((l) => l.type === 'quiz' && l.passMark !== null),
  };
}

type Facts = NonNullable<Awaited<ReturnType<typeof courseFacts>>>;

/** Best score per quiz, and per objective over each quiz's best attempt (the first of equal ones). */
async function quizResults(tx: Executor, userId: number, facts: Facts) {
  const quizIds = facts.quizLessons.map((q) => q.id);
  const attempts =
    quizIds.length === 0
      ? []
      : await tx
          .select({ lessonId: quizAttempts.lessonId, score: quizAttempts.score, questions: quizAttempts.questions })
          .from(quizAttempts)
          .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.lessonId, quizIds)))
          .orderBy(asc(quizAttempts.number));
  const quizzesDone: CertificateQuizResult[] = [];
  const byObjective = new Map<string, { correct: number; total: number }>();
  for (const quiz of facts.quizLessons) {
    const own = attempts.filter((a) => a.lessonId === quiz.id);
    if (own.length === 0) continue;
    const best = own.reduce((b, a) => (a.score > b.score ? a : b));
    quizzesDone.push({ title: quiz.title, score: best.score, pass_mark: quiz.passMark! });
    for (const q of best.questions) {
      if (q.objective === null) continue;
      const tally = byObjective.get(q.objective) ?? { correct: 0, total: 0 };
      tally.total += 1;
      if (q.correct) tally.correct += 1;
      byObjective.set(q.objective, tally);
    }
  }
  // The course's order first, then objectives since renamed or removed (kept on their questions).
  const order = [...facts.objectives, ...[...byObjective.keys()].filter((o) => !facts.objectives.includes(o))];
  const objectiveResults: CertificateObjectiveResult[] = order.flatMap((objective) => {
    const tally = byObjective.get(objective);
    return tally ? [{ objective, ...tally, percent: Math.floor((tally.correct * 100) / tally.total) }] : [];
  });
  return { quizzesDone, objectiveResults };
}

/**
 * Issues the attestation of each learner who just completed the course, in the caller's
 * transaction (the one that recorded the completion): a snapshot of everything it prints, and
 * the learner's notification. A learner who already has one for this course keeps it.
 */
export async function issueCertificates(tx: Executor, courseId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const facts = await courseFacts(tx, courseId);
  if (!facts) return;
  const learners = await tx
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, enrolledAt: enrolments.createdAt, completedAt: enrolments.completedAt })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(and(eq(enrolments.courseId, courseId), inArray(enrolments.userId, userIds)));
  for (const learner of learners) {
    // The author previews their course; they are never certified for it (issue 25).
    if (learner.id === facts.authorId) continue;
    const { quizzesDone, objectiveResults } = await quizResults(tx, learner.id, facts);
    const completedAt = learner.completedAt ?? new Date();
    const snapshot: CertificateSnapshot = {
      learner_name: `${learner.firstname} ${learner.lastname}`,
      course_title: facts.title,
      objectives: facts.objectives,
      duration_minutes: facts.durationMinutes,
      enrolled_at: learner.enrolledAt.toISOString(),
      completed_at: completedAt.toISOString(),
      trainer_name: facts.trainerName,
      quizzes: quizzesDone,
      objective_results: objectiveResults,
    };
    // The number carries the row id: take it from the sequence first.
    const next = await tx.execute(sql`select nextval(pg_get_serial_sequence('certificates', 'id')) as id`);
    const id = Number((next as unknown as { rows: { id: number | string }[] }).rows[0]!.id);
    const [issued] = await tx
      .insert(certificates)
      .values({ id, userId: learner.id, courseId, number: certificateNumber(completedAt.getUTCFullYear(), id), code: newCertificateCode(), snapshot, issuedAt: completedAt })
      .onConflictDoNothing({ target: [certificates.userId, certificates.courseId] })
      .returning({ number: certificates.number });
    // Told once, when it is issued (a learner who already had one keeps it and hears nothing).
    if (issued) await notify(tx, { userId: learner.id, kind: 'certificate_issued', data: { courseTitle: facts.title, certificateNumber: issued.number } });
  }
}
