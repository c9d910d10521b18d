import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourseOutline, LessonCompletion } from '../../../shared/learning';
import { quizMessages, type AttemptResult, type AuthorQuestion, type AuthorQuiz, type AuthorQuizLesson, type QuestionBody, type QuizView, type ShowCorrection } from '../../../shared/quiz';
import { enrolments, lessonProgress, quizAttempts, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, enrol, insertCourse, insertLesson, insertQuiz, insertSection } from '../../test/factories';
import { learningModule } from './index';

const { app, db } = await createTestApp();

const author = await createUser(db, { role: 'formateur', isValid: true });
const otherTrainer = await createUser(db, { role: 'formateur', isValid: true });
const admin = await createUser(db, { role: 'admin' });
const outsider = await createUser(db, { role: 'membre' });

type Caller = { id: number } | null;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: Caller, payload?: object) {
  return app.inject({ method, url, headers: user ? await authHeader(db, user) : {}, ...(payload ? { payload } : {}) });
}

const OBJECTIVE = 'Trier ses biodéchets';
const single: QuestionBody = {
  type: 'single',
  prompt: 'Quel déchet va au compost ?',
  options: [
    { text: 'Épluchures', correct: true },
    { text: 'Verre', correct: false },
    { text: 'Plastique', correct: false },
  ],
  explanation: 'Les épluchures sont des biodéchets.',
  objective: OBJECTIVE,
};
const multiple: QuestionBody = {
  type: 'multiple',
  prompt: 'Quels matériaux sont bruns ?',
  options: [
    { text: 'Feuilles mortes', correct: true },
    { text: 'Carton', correct: true },
    { text: 'Tonte fraîche', correct: false },
  ],
  explanation: 'Les bruns apportent le carbone.',
  objective: null,
};
const trueFalse: QuestionBody = {
  type: 'true_false',
  prompt: 'Le compost doit rester humide.',
  options: [
    { text: 'Vrai', correct: true },
    { text: 'Faux', correct: false },
  ],
  explanation: "Comme une éponge essorée : ni sec, ni détrempé.",
  objective: null,
};

/** A published course by `author`: a text lesson, then a quiz with the three questions above. */
async function courseWithQuiz(settings: { pass_mark?: number; max_attempts?: number | null; is_preview?: boolean; show_correction?: ShowCorrection; shuffle_options?: boolean } = {}) {
  const course = await insertCourse(db, author.id, { objectives: [OBJECTIVE, 'Entretenir un composteur'] });
  const section = await insertSection(db, course.id);
  const text = await insertLesson(db, section.id, { title: 'Les bases' });
  const created = await call('POST', `/api/sections/${section.id}/quizzes`, author, { title: 'Quiz du compost', duration_minutes: 5, is_preview: false, ...settings });
  expect(created.statusCode, created.body).toBe(201);
  const quiz = created.json() as AuthorQuizLesson;
  const questions: AuthorQuestion[] = [];
  for (const body of [single, multiple, trueFalse]) {
    const res = await call('POST', `/api/lessons/${quiz.id}/quiz/questions`, author, body);
    expect(res.statusCode, res.body).toBe(201);
    questions.push(res.json() as AuthorQuestion);
  }
  return { course, section, text, quiz, questions };
}

async function learner(courseId: number) {
  const user = await createUser(db, { role: 'membre' });
  await enrol(db, user.id, courseId);
  return user;
}

/** Option ids by text, for each question. */
function pick(question: AuthorQuestion, ...texts: string[]): number[] {
  return texts.map((text) => question.options.find((o) => o.text === text)!.id);
}

/** All right, or the first `wrong` questions answered wrongly. */
function answers(questions: AuthorQuestion[], wrong = 0) {
  const [q1, q2, q3] = questions as [AuthorQuestion, AuthorQuestion, AuthorQuestion];
  const right = [pick(q1, 'Épluchures'), pick(q2, 'Feuilles mortes', 'Carton'), pick(q3, 'Vrai')];
  const bad = [pick(q1, 'Verre'), pick(q2, 'Feuilles mortes'), pick(q3, 'Faux')];
  return { answers: questions.map((q, i) => ({ question_id: q.id, option_ids: i < wrong ? bad[i]! : right[i]! })) };
}

function expectNoAnswers(body: string) {
  expect(body).not.toMatch(/"correct|explanation/);
  for (const q of [single, multiple, trueFalse]) expect(body).not.toContain(q.explanation);
}

describe('quiz authoring', () => {
  it('creates a quiz lesson with a pass mark of 80 % and unlimited attempts by default, shown in the outline', async () => {
    const course = await insertCourse(db, author.id);
    const section = await insertSection(db, course.id);
    const res = await call('POST', `/api/sections/${section.id}/quizzes`, author, { title: ' Quiz final ', duration_minutes: 10 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Quiz final',
      type: 'quiz',
      duration_minutes: 10,
      is_preview: false,
      pass_mark: 80,
      max_attempts: null,
      show_correction: 'after_last_attempt_or_pass',
      shuffle_options: false,
      position: 0,
    });
    const outline = (await call('GET', `/api/courses/${course.id}/outline`, null)).json() as CourseOutline;
    expect(outline.sections[0]!.lessons).toEqual([{ id: (res.json() as AuthorQuizLesson).id, title: 'Quiz final', type: 'quiz', duration_minutes: 10, is_preview: false }]);
  });

  it('refuses bad settings with French messages, and other trainers with 403', async () => {
    const course = await insertCourse(db, author.id);
    const section = await insertSection(db, course.id);
    const bad = await call('POST', `/api/sections/${section.id}/quizzes`, author, { title: '', duration_minutes: 5, pass_mark: 0, max_attempts: 0, show_correction: 'toujours', shuffle_options: 'oui' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      title: ['Le titre de la leçon est obligatoire.'],
      pass_mark: [quizMessages.passMarkInvalid],
      max_attempts: [quizMessages.maxAttemptsInvalid],
      show_correction: [quizMessages.showCorrectionInvalid],
      shuffle_options: [quizMessages.shuffleOptionsInvalid],
    });
    expect((await call('POST', `/api/sections/${section.id}/quizzes`, otherTrainer, { title: 'Quiz', duration_minutes: 5 })).statusCode).toBe(403);
  });

  it('gives the author and administrators the answers, explanations and objectives; others are refused', async () => {
    const { quiz, questions } = await courseWithQuiz();
    for (const user of [author, admin]) {
      const res = await call('GET', `/api/lessons/${quiz.id}/quiz/edit`, user);
      expect(res.statusCode).toBe(200);
      const edited = res.json() as AuthorQuiz;
      expect(edited).toMatchObject({ lesson_id: quiz.id, pass_mark: 80, max_attempts: null, objectives: [OBJECTIVE, 'Entretenir un composteur'] });
      expect(edited.questions.map((q) => [q.position, q.type, q.objective, q.explanation])).toEqual([
        [0, 'single', OBJECTIVE, single.explanation],
        [1, 'multiple', null, multiple.explanation],
        [2, 'true_false', null, trueFalse.explanation],
      ]);
      expect(edited.questions[0]!.options).toEqual([
        { id: 1, text: 'Épluchures', correct: true },
        { id: 2, text: 'Verre', correct: false },
        { id: 3, text: 'Plastique', correct: false },
      ]);
    }
    expect((await call('GET', `/api/lessons/${quiz.id}/quiz/edit`, otherTrainer)).statusCode).toBe(403);
    expect((await call('GET', `/api/lessons/${quiz.id}/quiz/edit`, outsider)).statusCode).toBe(403);
    expect((await call('PUT', `/api/quiz-questions/${questions[0]!.id}`, otherTrainer, single)).statusCode).toBe(403);
  });

  it('validates questions with exact French messages and stores nothing then', async () => {
    const { quiz } = await courseWithQuiz();
    const cases: [Partial<QuestionBody> & Record<string, unknown>, Record<string, string[]>][] = [
      [{ prompt: '  ' }, { prompt: [quizMessages.promptRequired] }],
      [{ type: 'essay' as never }, { type: [quizMessages.typeInvalid] }],
      [{ options: [{ text: 'Seule', correct: true }] }, { options: [quizMessages.optionsCount] }],
      [{ options: Array.from({ length: 9 }, (_, i) => ({ text: `R${i}`, correct: i === 0 })) }, { options: [quizMessages.optionsCount] }],
      [{ options: [{ text: 'A', correct: true }, { text: ' ', correct: false }] }, { 'options.1.text': [quizMessages.optionRequired] }],
      [{ options: [{ text: 'A', correct: false }, { text: 'B', correct: false }] }, { options: [quizMessages.oneCorrect] }],
      [{ options: [{ text: 'A', correct: true }, { text: 'B', correct: true }] }, { options: [quizMessages.oneCorrect] }],
      [{ type: 'multiple', options: [{ text: 'A', correct: false }, { text: 'B', correct: false }] }, { options: [quizMessages.someCorrect] }],
      [{ options: [{ text: 'Oui', correct: true }, { text: 'oui', correct: false }] }, { options: [quizMessages.optionsDuplicate] }],
      [{ type: 'true_false', options: [{ text: 'Oui', correct: true }, { text: 'Non', correct: false }] }, { options: [quizMessages.trueFalseOptions] }],
      [{ type: 'true_false', options: [{ text: 'Vrai', correct: true }, { text: 'Faux', correct: true }] }, { options: [quizMessages.oneCorrect] }],
      [{ objective: "Un objectif qui n'existe pas" }, { objective: [quizMessages.objectiveInvalid] }],
    ];
    for (const [change, errors] of cases) {
      const res = await call('POST', `/api/lessons/${quiz.id}/quiz/questions`, author, { ...single, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().errors, JSON.stringify(change)).toEqual(errors);
    }
    expect(((await call('GET', `/api/lessons/${quiz.id}/quiz/edit`, author)).json() as AuthorQuiz).questions).toHaveLength(3);
  });

  it('edits, reorders and deletes questions, and keeps an objective snapshot when the objectives change', async () => {
    const { course, quiz, questions } = await courseWithQuiz();
    const [q1, q2, q3] = questions as [AuthorQuestion, AuthorQuestion, AuthorQuestion];
    const edited = await call('PUT', `/api/quiz-questions/${q2.id}`, author, { ...multiple, prompt: 'Quels matériaux sont riches en carbone ?' });
    expect(edited.json()).toMatchObject({ id: q2.id, prompt: 'Quels matériaux sont riches en carbone ?' });
    const order = await call('PUT', `/api/lessons/${quiz.id}/quiz/questions/order`, author, { ids: [q3.id, q1.id, q2.id] });
    expect((order.json() as AuthorQuestion[]).map((q) => [q.id, q.position])).toEqual([
      [q3.id, 0],
      [q1.id, 1],
      [q2.id, 2],
    ]);
    const mismatch = await call('PUT', `/api/lessons/${quiz.id}/quiz/questions/order`, author, { ids: [q3.id, q1.id] });
    expect(mismatch.json().errors).toEqual({ ids: [quizMessages.questionOrderMismatch] });

    // The objective is renamed: the question keeps its snapshot and can still be edited as it is.
    await call('PUT', `/api/courses/${course.id}/information`, author, { objectives: ['Trier les biodéchets'] });
    expect((await call('PUT', `/api/quiz-questions/${q1.id}`, author, { ...single, prompt: 'Que composter ?' })).statusCode).toBe(200);
    const other = await call('PUT', `/api/quiz-questions/${q2.id}`, author, { ...multiple, objective: OBJECTIVE });
    expect(other.json().errors).toEqual({ objective: [quizMessages.objectiveInvalid] });

    expect((await call('DELETE', `/api/quiz-questions/${q3.id}`, author)).statusCode).toBe(204);
    const left = ((await call('GET', `/api/lessons/${quiz.id}/quiz/edit`, author)).json() as AuthorQuiz).questions;
    expect(left.map((q) => [q.id, q.position, q.objective])).toEqual([
      [q1.id, 0, OBJECTIVE],
      [q2.id, 1, null],
    ]);
  });

  it('changes the pass mark, the attempt limit, when the correction is shown and the shuffle', async () => {
    const { quiz } = await courseWithQuiz();
    const res = await call('PUT', `/api/lessons/${quiz.id}/quiz`, author, { pass_mark: 60, max_attempts: 3 });
    expect(res.json()).toMatchObject({ pass_mark: 60, max_attempts: 3, show_correction: 'after_last_attempt_or_pass', shuffle_options: false });
    expect((await call('PUT', `/api/lessons/${quiz.id}/quiz`, author, { max_attempts: null })).json()).toMatchObject({ pass_mark: 60, max_attempts: null });
    const review = await call('PUT', `/api/lessons/${quiz.id}/quiz`, author, { show_correction: 'never', shuffle_options: true });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json()).toMatchObject({ pass_mark: 60, max_attempts: null, show_correction: 'never', shuffle_options: true });
    const bad = await call('PUT', `/api/lessons/${quiz.id}/quiz`, author, { show_correction: 'always' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ show_correction: [quizMessages.showCorrectionInvalid] });
  });

  it('gives quizzes written before the setting the default review (after the pass or the last attempt) and no shuffle', async () => {
    const course = await insertCourse(db, author.id);
    const section = await insertSection(db, course.id);
    // Inserted without the new columns, as rows that existed before the migration.
    const { lesson } = await insertQuiz(db, section.id);
    expect((await call('GET', `/api/lessons/${lesson.id}/quiz/edit`, author)).json()).toMatchObject({ show_correction: 'after_last_attempt_or_pass', shuffle_options: false });
  });

  it('answers 404 for quiz routes on a lesson that is not a quiz', async () => {
    const { text } = await courseWithQuiz();
    const res = await call('GET', `/api/lessons/${text.id}/quiz`, author);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(quizMessages.notAQuiz);
    expect((await call('POST', `/api/lessons/${text.id}/quiz/questions`, author, single)).statusCode).toBe(404);
  });
});

describe('taking a quiz', () => {
  it('never sends which options are right nor the explanations before an attempt, to anyone reading the player', async () => {
    const { course, quiz, questions } = await courseWithQuiz({ is_preview: true });
    const user = await learner(course.id);
    await call('POST', `/api/lessons/${quiz.id}/quiz/attempts`, user, answers(questions, 3));
    for (const caller of [null, outsider, user, author, admin]) {
      const res = await call('GET', `/api/lessons/${quiz.id}/quiz`, caller);
      expect(res.statusCode).toBe(200);
      expectNoAnswers(res.body);
      expectNoAnswers((await call('GET', `/api/lessons/${quiz.id}`, caller)).body);
      expectNoAnswers((await call('GET', `/api/courses/${course.id}/outline`, caller)).body);
    }
    const view = (await call('GET', `/api/lessons/${quiz.id}/quiz`, user)).json() as QuizView;
    expect(view.questions[0]).toEqual({ id: questions[0]!.id, type: 'single', prompt: single.prompt, options: [{ id: 1, text: 'Épluchures' }, { id: 2, text: 'Verre' }, { id: 3, text: 'Plastique' }] });
    expect(view).toMatchObject({ pass_mark: 80, max_attempts: null, attempts_left: null, best_score: 0, passed: false, can_submit: true });
  });

  it('keeps a quiz that is not a preview to enrolled learners, the author and administrators', async () => {
    const { quiz } = await courseWithQuiz();
    expect((await call('GET', `/api/lessons/${quiz.id}/quiz`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/lessons/${quiz.id}/quiz`, outsider)).statusCode).toBe(403);
    expect((await call('GET', `/api/lessons/${quiz.id}/quiz`, otherTrainer)).statusCode).toBe(403);
    const own = (await call('GET', `/api/lessons/${quiz.id}/quiz`, author)).json() as QuizView;
    expect(own).toMatchObject({ attempts: [], can_submit: false });
  });

  it('lets anyone read a preview quiz but only enrolled learners submit it', async () => {
    const { quiz, questions } = await courseWithQuiz({ is_preview: true });
    expect(((await call('GET', `/api/lessons/${quiz.id}/quiz`, null)).json() as QuizView).can_submit).toBe(false);
    expect((await call('POST', `/api/lessons/${quiz.id}/quiz/attempts`, null, answers(questions))).statusCode).toBe(401);
    for (const user of [outsider, author, admin]) {
      const res = await call('POST', `/api/lessons/${quiz.id}/quiz/attempts`, user, answers(questions));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(quizMessages.submitReserved);
    }
    expect(await db.select().from(quizAttempts).where(eq(quizAttempts.lessonId, quiz.id))).toEqual([]);
  });

  it('scores a question right only when the chosen set equals the right set (single, multiple, true/false)', async () => {
    const { course, quiz, questions } = await courseWithQuiz({ pass_mark: 100, show_correction: 'after_each_attempt' });
    const [q1, q2, q3] = questions as [AuthorQuestion, AuthorQuestion, AuthorQuestion];
    const user = await learner(course.id);
    const submit = async (q1Ids: number[], q2Ids: number[], q3Ids: number[]) => {
      const res = await call('POST', `/api/lessons/${quiz.id}/quiz/attempts`, user, {
        answers: [
          { question_id: q1.id, option_ids: q1Ids },
          { question_id: q2.id, option_ids: q2Ids },
          { question_id: q3.id, option_ids: q3Ids },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as AttemptResult;
    };
    // One of two right options chosen: wrong. All options chosen: wrong.
    const partial = await submit(pick(q1, 'Épluchures'), pick(q2, 'Carton'), pick(q3, 'Faux'));
    expect(partial.questions.map((q) => q.correct)).toEqual([true, false, false]);
    expect(partial).toMatchObject({ number: 1, score: 33, passed: false, quiz_passed: false, best_score: 33 });
    expect(partial.questions[1]).toEqual({ question_id: q2.id, correct: false, chosen_option_ids: pick(q2, 'Carton'), correct_option_ids: pick(q2, 'Feuilles mortes', 'Carton'), explanation: multiple.explanation });
    const tooMany = await submit(pick(q1, 'Verre'), pick(q2, 'Feuilles mortes', 'Carton', 'Tonte fraîche'), pick(q3, 'Vrai'));
    expect(tooMany.questions.map((q) => q.correct)).toEqual([false, false, true]);
    const all = await submit(pick(q1, 'Épluchures'), pick(q2, 'Carton', 'Feuilles mortes'), pick(q3, 'Vrai'));
    expect(all).toMatchObject({ number: 3, score: 100, passed: true, quiz_passed: true, best_score: 100 });
  });

  it('refuses incomplete or impossible answers with French messages, without storing an attempt', async () => {
    const { course, quiz, questions } = await courseWithQuiz();
    const [q1] = questions as [AuthorQuestion];
    const user = await learner(course.id);
    const full = answers(questions).answers;
    const cases: [object, string][] = [
      [{ answers: full.slice(1) }, quizMessages.answersIncomplete],
      [{ answers: [{ question_id: q1.id, option_ids: [] }, ...full.slice(1)] }, quizMessages.answersIncomplete],
      [{ answers: [{ question_id: q1.id, option_ids: [1, 2] }, ...full.slice(1)] }, quizMessages.answerOneOnly],
      [{ answers: [{ question_id: q1.id, option_ids: [9] }, ...full.slice(1)] }, quizMessages.answerUnknown],
      [{ answers: [...full, full[0]] }, quizMessages.answerUnknown],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', `/api/lessons/${quiz.id}/quiz/attempts`, user, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ answers: [message] });
    }
    expect(await db.select().from(quizAttempts).where(eq(quizAttempts.userId, user.id))).toEqual([]);
  });

  it('counts the best score; a failed attempt completes nothing, a pass completes the lesson and then the course', async () => {
    const { course, text, quiz, questions } = await courseWithQuiz();
    const user = await learner(course.id);
    const progressRows = () => db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, user.id), eq(lessonProgress.lessonId, quiz.id)));

    // A quiz is not "marked as done": it is passed.
    const manual = await call('POST', `/api/lessons/${quiz.id}/complete`, user);
    expect(manual.statusCode).toBe(422);
    expect(manual.json().message).toBe(quizMessages.quizCompletes);

    const failed = (await call('POST', `/api/lessons/${quiz.id}/quiz/attempts`, user, answers(questions, 1))).json() as AttemptResult;
    expect(failed).toMatchObject({ score: 66, passed: false, best_score: 66, progress: { completed: 0, total: 2, percent: 0, completed_at: null } });
    expect(await progressRows()).toEqual([]);

    await call('POST', `/api/lessons/${text.id}/complete`, user);
    const passed = (await call('POST', `/api/lessons/${quiz.id}/quiz/attempts`, user, answers(questions))).json() as AttemptResult;
    expect(passed).toMatchObject({ number: 2, score: 100, passed: true, quiz_passed: true, progress: { completed: 2, total: 2, percent: 100 } });
    expect(passed.progress.completed_at).toEqual(expect.any(String));
    expect(await progressRows()).toHaveLength(1);

    // A worse attempt later: the best score and the pass stand, the completion date does not move.
    const worse = (await call('POST', `/api/lessons/${quiz.id}/quiz/attempts`, user, answers(questions, 3))).json() as AttemptResult;
    expect(worse).toMatchObject({ score: 0, passed: false, best_score: 100, quiz_passed: true });
    expect(worse.progress.completed_at).toBe(passed.progress.completed_at);
    const view = (await call('GET', `/api/lessons/${quiz.id}/quiz`, user)).json() as QuizView;
    expect(view).toMatchObject({ best_score: 100, passed: true });
    expect(view.attempts.map((a) => [a.number, a.score, a.passed])).toEqual([
      [1, 66, false],
      [2, 100, true],
      [3, 0, false],
    ]);
    const outline = (await call('GET', `/api/courses/${course.id}/outline`, user)).json() as CourseOutline;
    expect(outline.sections[0]!.lessons.map((l) => l.completed)).toEqual([true, true]);
    expect(outline.completed_at).toBe(passed.progress.completed_at);
  });

  it('completes the course for learners who had done everything else when an unpassed quiz is deleted', async () => {
    const { course, text, quiz } = await courseWithQuiz();
    const user = await learner(course.id);
    expect(((await call('POST', `/api/lessons/${text.id}/complete`, user)).json() as LessonCompletion).completed_at).toBeNull();
    expect((await call('DELETE', `/api/lessons/${quiz.id}`, author)).statusCode).toBe(204);
    const [row] = await db.select().from(enrolments).where(and(eq(enrolments.userId, user.id), eq(enrolments.courseId, course.id)));
    expect(row!.completedAt).toBeInstanceOf(Date);
    expect(await db.select().from(quizAttempts).where(eq(quizAttempts.lessonId, quiz.id))).toEqual([]);
  });

  it('enforces the attempt limit, also for attempts sent at the same time', async () => {
    const { course, quiz, questions } = await courseWithQuiz({ max_attempts: 2 });
    const user = await learner(course.id);
    const headers = await authHeader(db, user);
    const sent = await Promise.all(
      Array.from({ length: 4 }, () => app.inject({ method: 'POST', url: `/api/lessons/${quiz.id}/quiz/attempts`, headers, payload: answers(questions, 3) })),
    );
    expect(sent.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    const refused = sent.find((r) => r.statusCode === 409)!.json();
    expect(refused).toMatchObject({ error_code: 'attempts_exhausted', message: quizMessages.attemptsExhausted });
    expect((await db.select().from(quizAttempts).where(eq(quizAttempts.userId, user.id))).map((a) => a.number).sort()).toEqual([1, 2]);
    const view = (await call('GET', `/api/lessons/${quiz.id}/quiz`, user)).json() as QuizView;
    expect(view).toMatchObject({ attempts_left: 0, can_submit: false });
  });

  it('refuses an attempt at a quiz without questions', async () => {
    const course = await insertCourse(db, author.id);
    const section = await insertSection(db, course.id);
    const quiz = (await call('POST', `/api/sections/${section.id}/quizzes`, author, { title: 'Vide', duration_minutes: 1 })).json() as AuthorQuizLesson;
    const user = await learner(course.id);
    const res = await call('POST', `/api/lessons/${quiz.id}/quiz/attempts`, user, { answers: [] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(quizMessages.noQuestions);
  });
});

/** What a learner could copy into the next attempt: the right option ids or an explanation. */
function expectNoCorrection(res: { body: string }) {
  expect(res.body).not.toContain('correct_option_ids');
  for (const q of [single, multiple, trueFalse]) expect(res.body).not.toContain(q.explanation);
}

describe('reviewing an attempt (show_correction)', () => {
  async function attempt(quizId: number, user: Caller, body: object) {
    const res = await call('POST', `/api/lessons/${quizId}/quiz/attempts`, user, body);
    expect(res.statusCode, res.body).toBe(201);
    return res;
  }

  it('after the pass or the last attempt (default): a failed attempt with attempts left says which questions were wrong, not the right options', async () => {
    const { course, quiz, questions } = await courseWithQuiz({ max_attempts: 2 });
    const [q1, q2, q3] = questions as [AuthorQuestion, AuthorQuestion, AuthorQuestion];
    const user = await learner(course.id);
    const first = await attempt(quiz.id, user, answers(questions, 1));
    expectNoCorrection(first);
    expect(first.json()).toMatchObject({ passed: false, attempts_left: 1, correction_shown: false });
    expect((first.json() as AttemptResult).questions).toEqual([
      { question_id: q1.id, correct: false, chosen_option_ids: pick(q1, 'Verre') },
      { question_id: q2.id, correct: true, chosen_option_ids: pick(q2, 'Feuilles mortes', 'Carton') },
      { question_id: q3.id, correct: true, chosen_option_ids: pick(q3, 'Vrai') },
    ]);
    // The last attempt, failed: the correction comes with it.
    const last = (await attempt(quiz.id, user, answers(questions, 1))).json() as AttemptResult;
    expect(last).toMatchObject({ passed: false, attempts_left: 0, correction_shown: true });
    expect(last.questions[0]).toEqual({ question_id: q1.id, correct: false, chosen_option_ids: pick(q1, 'Verre'), correct_option_ids: pick(q1, 'Épluchures'), explanation: single.explanation });
  });

  it('after the pass or the last attempt: a pass shows the correction, also with unlimited attempts', async () => {
    const { course, quiz, questions } = await courseWithQuiz({ pass_mark: 60 });
    const user = await learner(course.id);
    expectNoCorrection(await attempt(quiz.id, user, answers(questions, 3)));
    const passed = (await attempt(quiz.id, user, answers(questions, 1))).json() as AttemptResult;
    expect(passed).toMatchObject({ passed: true, attempts_left: null, correction_shown: true });
    expect(passed.questions[0]!.correct_option_ids).toEqual([questions[0]!.options.find((o) => o.correct)!.id]);
    expect(passed.questions[0]!.explanation).toBe(single.explanation);
    // Passed before: a later failed attempt still gets the correction.
    expect(((await attempt(quiz.id, user, answers(questions, 3))).json() as AttemptResult).correction_shown).toBe(true);
  });

  it('never: neither a failed last attempt nor a pass carries the right options or the explanations', async () => {
    const { course, quiz, questions } = await courseWithQuiz({ max_attempts: 1, show_correction: 'never' });
    const failing = await learner(course.id);
    const failed = await attempt(quiz.id, failing, answers(questions, 2));
    expectNoCorrection(failed);
    expect(failed.json()).toMatchObject({ passed: false, attempts_left: 0, correction_shown: false });
    expect((failed.json() as AttemptResult).questions.map((q) => q.correct)).toEqual([false, false, true]);
    const passing = await learner(course.id);
    const passed = await attempt(quiz.id, passing, answers(questions));
    expectNoCorrection(passed);
    expect(passed.json()).toMatchObject({ passed: true, correction_shown: false });
  });

  it('after each attempt: a failed attempt with attempts left carries the right options and the explanations', async () => {
    const { course, quiz, questions } = await courseWithQuiz({ show_correction: 'after_each_attempt' });
    const user = await learner(course.id);
    const failed = (await attempt(quiz.id, user, answers(questions, 3))).json() as AttemptResult;
    expect(failed).toMatchObject({ passed: false, attempts_left: null, correction_shown: true });
    expect(failed.questions.map((q) => q.explanation)).toEqual([single.explanation, multiple.explanation, trueFalse.explanation]);
    expect(failed.questions[1]!.correct_option_ids).toEqual(pick(questions[1]!, 'Feuilles mortes', 'Carton'));
  });

  it('keeps the right options out of "Télécharger mes données" while the correction may not be shown', async () => {
    const { course, quiz, questions } = await courseWithQuiz({ max_attempts: 2 });
    const user = await learner(course.id);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    const exported = async () => JSON.stringify((await learningModule.exportSections!(db, row!)).quiz_attempts);
    await attempt(quiz.id, user, answers(questions, 1));
    expect(await exported()).not.toContain('correct_option_ids');
    expect(await exported()).not.toContain(single.explanation);
    await attempt(quiz.id, user, answers(questions, 1));
    expect(await exported()).toContain('correct_option_ids');
  });
});

describe('shuffled options (shuffle_options)', () => {
  const order = (view: QuizView) => view.questions.map((q) => q.options.map((o) => o.id));
  const view = async (quizId: number, user: Caller) => (await call('GET', `/api/lessons/${quizId}/quiz`, user)).json() as QuizView;

  it('keeps one order while an attempt is answered, another for the next attempts, and scores by option whatever the order', async () => {
    const { course, quiz, questions } = await courseWithQuiz({ shuffle_options: true });
    const user = await learner(course.id);
    const orders: number[][][] = [];
    for (let i = 0; i < 5; i += 1) {
      const shown = await view(quiz.id, user);
      expect(order(await view(quiz.id, user))).toEqual(order(shown));
      // Same options, same texts; Vrai/Faux stay in that order.
      expect(shown.questions.map((q) => q.options.map((o) => o.id).sort())).toEqual(questions.map((q) => q.options.map((o) => o.id)));
      expect(shown.questions[2]!.options.map((o) => o.text)).toEqual(['Vrai', 'Faux']);
      orders.push(order(shown));
      const res = (await attempt(quiz.id, user, answers(questions, i % 2))).json() as AttemptResult;
      expect(res.score).toBe(i % 2 === 0 ? 100 : 66);
    }
    expect(new Set(orders.map((o) => JSON.stringify(o))).size).toBeGreaterThan(1);
  });

  it("shows the author's order when the quiz does not shuffle", async () => {
    const { course, quiz, questions } = await courseWithQuiz();
    const user = await learner(course.id);
    for (let i = 0; i < 3; i += 1) {
      expect(order(await view(quiz.id, user))).toEqual(questions.map((q) => q.options.map((o) => o.id)));
      await attempt(quiz.id, user, answers(questions, 3));
    }
  });

  async function attempt(quizId: number, user: Caller, body: object) {
    const res = await call('POST', `/api/lessons/${quizId}/quiz/attempts`, user, body);
    expect(res.statusCode, res.body).toBe(201);
    return res;
  }
});
