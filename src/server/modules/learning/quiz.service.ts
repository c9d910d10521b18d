import { createHash } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { canViewCourse } from '../../../shared/courses';
import { canReadLesson } from '../../../shared/learning';
import {
  isRightAnswer,
  mayShowCorrection,
  quizMessages,
  quizScore,
  reachesPassMark,
  type AttemptBody,
  type AttemptResult,
  type AttemptSummary,
  type AuthorQuestion,
  type AuthorQuiz,
  type AuthorQuizLesson,
  type QuestionBody,
  type QuizCreateBody,
  type QuizSettingsBody,
  type QuizView,
} from '../../../shared/quiz';
import type { Actor } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { courses, quizAttempts, quizQuestions, quizzes, type AttemptQuestionData } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  appendLesson,
  checkEditable,
  toAuthorLesson,
  courseProgress,
  findLesson,
  findSection,
  enrolmentWithAccess,
  LESSON_NOT_FOUND,
  lessonReserved,
  recordLessonCompleted,
  SECTION_NOT_FOUND,
  type Tx,
} from './learning.service';
import { lockEnrolment, rememberLesson } from '../enrolments';
import { applyOrder, renumber } from './ordered-lists';

/**
 * Quiz lessons: settings, questions, and attempts scored here only. What a learner reads never
 * says which options are right nor explains them; the correction comes back with a submitted
 * attempt, and is stored with it (an attempt is never changed afterwards).
 */

const QUESTION_NOT_FOUND = "Cette question n'existe pas ou vous n'y avez pas accès.";

type QuestionRow = typeof quizQuestions.$inferSelect;
type QuizRow = typeof quizzes.$inferSelect;

function toAuthorQuestion(row: QuestionRow): AuthorQuestion {
  return {
    id: row.id,
    position: row.position,
    type: row.type,
    prompt: row.prompt,
    options: row.options.map((o) => ({ id: o.id, text: o.text, correct: o.correct })),
    explanation: row.explanation,
    objective: row.objective,
  };
}

function toSummary(row: typeof quizAttempts.$inferSelect): AttemptSummary {
  return { id: row.id, number: row.number, score: row.score, passed: row.passed, submitted_at: row.createdAt.toISOString() };
}

async function questionsOf(db: Db | Tx, lessonId: number): Promise<QuestionRow[]> {
  return db.select().from(quizQuestions).where(eq(quizQuestions.lessonId, lessonId)).orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
}

async function attemptsOf(db: Db | Tx, lessonId: number, userId: number) {
  return db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.lessonId, lessonId), eq(quizAttempts.userId, userId)))
    .orderBy(asc(quizAttempts.number));
}

function attemptsLeft(quiz: QuizRow, used: number): number | null {
  return quiz.maxAttempts === null ? null : Math.max(0, quiz.maxAttempts - used);
}

function settingsOf(quiz: QuizRow) {
  return { pass_mark: quiz.passMark, max_attempts: quiz.maxAttempts, show_correction: quiz.showCorrection, shuffle_options: quiz.shuffleOptions, positioning: quiz.positioning };
}

/**
 * The options of a question in the order of one attempt: sorted by a hash of (lesson, learner,
 * attempt number, question, option), so a reload shows the same order and the next attempt another.
 * Options keep their ids, so scoring does not depend on the order. Vrai/Faux stays in that order.
 */
export function optionsInAttemptOrder<T extends { id: number }>(question: { id: number; type: string; options: T[] }, seed: { lessonId: number; userId: number; attempt: number }): T[] {
  if (question.type === 'true_false') return question.options;
  const key = (option: T) => createHash('sha256').update(`${seed.lessonId}:${seed.userId}:${seed.attempt}:${question.id}:${option.id}`).digest('hex');
  return question.options
    .map((option) => ({ option, key: key(option) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ option }) => option);
}

// ---------------------------------------------------------------------------------------------
// Authoring

/** A new quiz lesson (no question yet) at the end of the section. */
export async function createQuiz(db: Db, sectionId: number, actor: Actor, body: QuizCreateBody): Promise<AuthorQuizLesson> {
  const section = await findSection(db, sectionId);
  checkEditable(section?.course, actor, SECTION_NOT_FOUND);
  return db.transaction(async (tx) => {
    const row = await appendLesson(tx, sectionId, { title: body.title, type: 'quiz', durationMinutes: body.duration_minutes, isPreview: body.is_preview });
    const [quiz] = await tx
      .insert(quizzes)
      .values({ lessonId: row.id, passMark: body.pass_mark, maxAttempts: body.max_attempts, showCorrection: body.show_correction, shuffleOptions: body.shuffle_options, positioning: body.positioning })
      .returning();
    return { ...toAuthorLesson(row), ...settingsOf(quiz!) };
  });
}

/** The quiz for the author or an administrator: 404 if the caller cannot see it, 403 if they may not edit it. */
async function editableQuiz(db: Db | Tx, lessonId: number, actor: Actor) {
  const found = await findLesson(db, lessonId);
  const course = checkEditable(found?.course, actor, LESSON_NOT_FOUND);
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.lessonId, lessonId)).limit(1);
  if (!quiz) throw AppError.notFound(quizMessages.notAQuiz);
  return { quiz, course };
}

async function courseObjectives(db: Db | Tx, courseId: number): Promise<string[]> {
  const [row] = await db.select({ objectives: courses.objectives }).from(courses).where(eq(courses.id, courseId)).limit(1);
  return row?.objectives ?? [];
}

/** `GET /api/lessons/:id/quiz/edit`: the quiz with its answers and explanations. */
export async function getAuthorQuiz(db: Db, lessonId: number, actor: Actor): Promise<AuthorQuiz> {
  const { quiz, course } = await editableQuiz(db, lessonId, actor);
  return {
    lesson_id: lessonId,
    ...settingsOf(quiz),
    objectives: await courseObjectives(db, course.id),
    questions: (await questionsOf(db, lessonId)).map(toAuthorQuestion),
  };
}

export async function updateQuizSettings(db: Db, lessonId: number, actor: Actor, body: QuizSettingsBody): Promise<AuthorQuiz> {
  await editableQuiz(db, lessonId, actor);
  await db
    .update(quizzes)
    .set({
      ...(body.pass_mark !== undefined ? { passMark: body.pass_mark } : {}),
      ...(body.max_attempts !== undefined ? { maxAttempts: body.max_attempts } : {}),
      ...(body.show_correction !== undefined ? { showCorrection: body.show_correction } : {}),
      ...(body.shuffle_options !== undefined ? { shuffleOptions: body.shuffle_options } : {}),
      ...(body.positioning !== undefined ? { positioning: body.positioning } : {}),
    })
    .where(eq(quizzes.lessonId, lessonId));
  return getAuthorQuiz(db, lessonId, actor);
}

/**
 * The objective must be one of the course's current objectives, except the one the question
 * already holds: a snapshot of a since-edited objective does not block other edits.
 */
function checkObjective(objective: string | null, objectives: string[], current: string | null = null): void {
  if (objective !== null && objective !== current && !objectives.includes(objective)) {
    throw AppError.validation({ objective: [quizMessages.objectiveInvalid] });
  }
}

/** Options get ids 1, 2, 3… in their order; an attempt keeps its own copy of the correction. */
function optionsData(body: QuestionBody) {
  return body.options.map((o, i) => ({ id: i + 1, text: o.text, correct: o.correct }));
}

export async function addQuestion(db: Db, lessonId: number, actor: Actor, body: QuestionBody): Promise<AuthorQuestion> {
  const { course } = await editableQuiz(db, lessonId, actor);
  checkObjective(body.objective, await courseObjectives(db, course.id));
  return db.transaction(async (tx) => {
    await tx.select({ id: quizzes.lessonId }).from(quizzes).where(eq(quizzes.lessonId, lessonId)).for('update');
    const [counted] = await tx.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.lessonId, lessonId));
    const [row] = await tx
      .insert(quizQuestions)
      .values({
        lessonId,
        position: counted?.n ?? 0,
        type: body.type,
        prompt: body.prompt,
        options: optionsData(body),
        explanation: body.explanation,
        objective: body.objective,
      })
      .returning();
    return toAuthorQuestion(row!);
  });
}

async function editableQuestion(db: Db, questionId: number, actor: Actor) {
  const [row] = await db.select().from(quizQuestions).where(eq(quizQuestions.id, questionId)).limit(1);
  const found = row ? await findLesson(db, row.lessonId) : undefined;
  const course = checkEditable(found?.course, actor, QUESTION_NOT_FOUND);
  return { question: row!, course };
}

export async function updateQuestion(db: Db, questionId: number, actor: Actor, body: QuestionBody): Promise<AuthorQuestion> {
  const { question, course } = await editableQuestion(db, questionId, actor);
  checkObjective(body.objective, await courseObjectives(db, course.id), question.objective);
  const [row] = await db
    .update(quizQuestions)
    .set({ type: body.type, prompt: body.prompt, options: optionsData(body), explanation: body.explanation, objective: body.objective, updatedAt: new Date() })
    .where(eq(quizQuestions.id, questionId))
    .returning();
  if (!row) throw AppError.notFound(QUESTION_NOT_FOUND);
  return toAuthorQuestion(row);
}

export async function deleteQuestion(db: Db, questionId: number, actor: Actor): Promise<void> {
  const { question } = await editableQuestion(db, questionId, actor);
  await db.transaction(async (tx) => {
    await tx.select({ id: quizzes.lessonId }).from(quizzes).where(eq(quizzes.lessonId, question.lessonId)).for('update');
    const removed = await tx.delete(quizQuestions).where(eq(quizQuestions.id, questionId)).returning({ id: quizQuestions.id });
    if (removed.length === 0) throw AppError.notFound(QUESTION_NOT_FOUND);
    await renumber(tx, 'questions', question.lessonId);
  });
}

export async function reorderQuestions(db: Db, lessonId: number, actor: Actor, ids: number[]): Promise<AuthorQuestion[]> {
  await editableQuiz(db, lessonId, actor);
  return db.transaction(async (tx) => {
    await tx.select({ id: quizzes.lessonId }).from(quizzes).where(eq(quizzes.lessonId, lessonId)).for('update');
    await applyOrder(tx, 'questions', lessonId, ids, quizMessages.questionOrderMismatch);
    return (await questionsOf(tx, lessonId)).map(toAuthorQuestion);
  });
}

// ---------------------------------------------------------------------------------------------
// Taking the quiz

/**
 * `GET /api/lessons/:id/quiz`: the questions without their answers, for whoever may read the
 * lesson (canReadLesson), with the caller's attempts when enrolled.
 */
export async function getQuizView(db: Db, lessonId: number, actor: Actor | null): Promise<QuizView> {
  const found = await findLesson(db, lessonId);
  if (!found || !canViewCourse(actor, found.course)) throw AppError.notFound(LESSON_NOT_FOUND);
  const { enrolment, pendingFrom } = actor ? await enrolmentWithAccess(db, actor.id, found.course.id) : { enrolment: null, pendingFrom: null };
  if (!canReadLesson(actor, { authorId: found.course.authorId, isPreview: found.lesson.isPreview }, Boolean(enrolment))) {
    if (!actor) throw AppError.unauthenticated();
    throw lessonReserved(pendingFrom);
  }
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.lessonId, lessonId)).limit(1);
  if (!quiz) throw AppError.notFound(quizMessages.notAQuiz);
  const questions = await questionsOf(db, lessonId);
  const attempts = actor && enrolment ? await attemptsOf(db, lessonId, actor.id) : [];
  const left = attemptsLeft(quiz, attempts.length);
  const seed = { lessonId, userId: actor?.id ?? 0, attempt: attempts.length + 1 };
  return {
    lesson_id: lessonId,
    ...settingsOf(quiz),
    // Only what is needed to answer: never `correct`, never the explanation.
    questions: questions.map((q) => ({
      id: q.id,
      type: q.type,
      prompt: q.prompt,
      options: (quiz.shuffleOptions ? optionsInAttemptOrder(q, seed) : q.options).map((o) => ({ id: o.id, text: o.text })),
    })),
    attempts: attempts.map(toSummary),
    attempts_left: enrolment ? left : quiz.maxAttempts,
    best_score: attempts.length === 0 ? null : Math.max(...attempts.map((a) => a.score)),
    passed: attempts.some((a) => a.passed),
    can_submit: Boolean(enrolment) && questions.length > 0 && (left === null || left > 0),
  };
}

/** Each question answered once, with known options, and one option only where one is right. */
function checkAnswers(questions: QuestionRow[], body: AttemptBody): Map<number, number[]> {
  const chosen = new Map<number, number[]>();
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const answer of body.answers) {
    const question = byId.get(answer.question_id);
    if (!question || chosen.has(answer.question_id)) throw AppError.validation({ answers: [quizMessages.answerUnknown] });
    const ids = [...new Set(answer.option_ids)];
    if (ids.some((id) => !question.options.some((o) => o.id === id))) throw AppError.validation({ answers: [quizMessages.answerUnknown] });
    if (ids.length === 0) throw AppError.validation({ answers: [quizMessages.answersIncomplete] });
    if (question.type !== 'multiple' && ids.length > 1) throw AppError.validation({ answers: [quizMessages.answerOneOnly] });
    chosen.set(question.id, ids.sort((a, b) => a - b));
  }
  if (chosen.size !== questions.length) throw AppError.validation({ answers: [quizMessages.answersIncomplete] });
  return chosen;
}

/**
 * Scores and stores an attempt for an enrolled learner. The enrolment row is locked for the
 * whole transaction, so two attempts sent at once are counted one after the other and the limit
 * holds (the unique (lesson, user, number) index is the last guard). A pass completes the lesson.
 */
export async function submitAttempt(db: Db, lessonId: number, actor: Actor, body: AttemptBody): Promise<AttemptResult> {
  const found = await findLesson(db, lessonId);
  if (!found || !canViewCourse(actor, found.course)) throw AppError.notFound(LESSON_NOT_FOUND);
  const courseId = found.course.id;
  return db.transaction(async (tx) => {
    if (!(await lockEnrolment(tx, actor.id, courseId))) throw AppError.forbidden(quizMessages.submitReserved);
    const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.lessonId, lessonId)).limit(1);
    if (!quiz) throw AppError.notFound(quizMessages.notAQuiz);
    const previous = await attemptsOf(tx, lessonId, actor.id);
    if (quiz.maxAttempts !== null && previous.length >= quiz.maxAttempts) {
      throw new AppError('attempts_exhausted', 409, quizMessages.attemptsExhausted);
    }
    const questions = await questionsOf(tx, lessonId);
    if (questions.length === 0) throw AppError.validation({ answers: [quizMessages.noQuestions] }, quizMessages.noQuestions);
    const chosen = checkAnswers(questions, body);

    const corrections: AttemptQuestionData[] = questions.map((q) => {
      const picked = chosen.get(q.id)!;
      const right = q.options.filter((o) => o.correct).map((o) => o.id);
      return { question_id: q.id, correct: isRightAnswer(picked, right), chosen_option_ids: picked, correct_option_ids: right, explanation: q.explanation, objective: q.objective };
    });
    const rightCount = corrections.filter((c) => c.correct).length;
    const passed = reachesPassMark(rightCount, questions.length, quiz.passMark);
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({ lessonId, userId: actor.id, number: previous.length + 1, score: quizScore(rightCount, questions.length), passed, questions: corrections })
      .returning();
    // A test de positionnement measures where the learner starts: passing it completes nothing (decision 046).
    if (passed && !quiz.positioning) await recordLessonCompleted(tx, actor.id, courseId, lessonId);
    else await rememberLesson(tx, actor.id, courseId, lessonId);

    const all = [...previous, attempt!];
    const left = attemptsLeft(quiz, all.length);
    const quizPassed = all.some((a) => a.passed);
    const shown = mayShowCorrection(quiz.showCorrection, { quizPassed, attemptsLeft: left });
    return {
      ...toSummary(attempt!),
      // Before the correction may be shown, only which questions were wrong: the right options would make the next attempt a copy.
      questions: corrections.map((c) =>
        shown
          ? { question_id: c.question_id, correct: c.correct, chosen_option_ids: c.chosen_option_ids, correct_option_ids: c.correct_option_ids, explanation: c.explanation }
          : { question_id: c.question_id, correct: c.correct, chosen_option_ids: c.chosen_option_ids },
      ),
      attempts_left: left,
      best_score: Math.max(...all.map((a) => a.score)),
      quiz_passed: quizPassed,
      correction_shown: shown,
      progress: await courseProgress(tx, actor.id, courseId),
    };
  });
}
