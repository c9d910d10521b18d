import { z } from 'zod';
import { identityText } from './auth';
import { bodyIdSchema } from './ids';
import { authorLessonShape, lessonCompletionSchema, lessonCreateBodySchema } from './learning';

/** Kinds of quiz question: one right answer, several, or Vrai/Faux. */
export const questionTypes = ['single', 'multiple', 'true_false'] as const;
export type QuestionType = (typeof questionTypes)[number];
export const questionTypeLabels: Record<QuestionType, string> = {
  single: 'Choix unique',
  multiple: 'Choix multiple',
  true_false: 'Vrai ou faux',
};

/** The two options of a true/false question, in this order. */
export const TRUE_FALSE_OPTIONS = ['Vrai', 'Faux'] as const;
export const DEFAULT_PASS_MARK = 80;

/**
 * When an attempt's answer carries the right options and the explanations (Moodle's review
 * options): a correction sent after each attempt lets the next one score 100 %.
 */
export const showCorrectionValues = ['never', 'after_last_attempt_or_pass', 'after_each_attempt'] as const;
export type ShowCorrection = (typeof showCorrectionValues)[number];
export const DEFAULT_SHOW_CORRECTION: ShowCorrection = 'after_last_attempt_or_pass';
export const showCorrectionLabels: Record<ShowCorrection, string> = {
  never: 'Jamais (seulement les questions à revoir)',
  after_last_attempt_or_pass: 'Après la réussite ou la dernière tentative',
  after_each_attempt: 'Après chaque tentative',
};

/**
 * Whether the right options and explanations may reach the learner, given the setting and where
 * the learner stands after the attempt (passed now or before; attempts left, null if unlimited).
 */
export function mayShowCorrection(setting: ShowCorrection, standing: { quizPassed: boolean; attemptsLeft: number | null }): boolean {
  if (setting === 'after_each_attempt') return true;
  if (setting === 'never') return false;
  return standing.quizPassed || standing.attemptsLeft === 0;
}
export const OPTIONS_MIN = 2;
export const OPTIONS_MAX = 8;
const PROMPT_MAX = 1000;
const OPTION_MAX = 300;
const EXPLANATION_MAX = 2000;
const ATTEMPTS_MAX = 100;
/** More questions than a quiz could hold: a longer answer list is refused before any SQL. */
const QUESTIONS_MAX = 200;

/** French messages shared by the forms and the API. */
export const quizMessages = {
  passMarkInvalid: 'Le seuil de réussite doit être un nombre entier de 1 à 100 %.',
  maxAttemptsInvalid: `Le nombre de tentatives doit être un nombre entier de 1 à ${ATTEMPTS_MAX}, ou illimité.`,
  showCorrectionInvalid: 'Choisissez quand montrer la correction : jamais, après la réussite ou la dernière tentative, ou après chaque tentative.',
  shuffleOptionsInvalid: 'Indiquez si les réponses sont mélangées (oui ou non).',
  positioningInvalid: 'Indiquez si le quiz est un test de positionnement (oui ou non).',
  typeInvalid: 'Choisissez le type de question : choix unique, choix multiple ou vrai ou faux.',
  promptRequired: "L'énoncé de la question est obligatoire.",
  promptTooLong: `L'énoncé ne doit pas dépasser ${PROMPT_MAX} caractères.`,
  optionsInvalid: 'Les réponses doivent être une liste.',
  optionsCount: `Proposez de ${OPTIONS_MIN} à ${OPTIONS_MAX} réponses.`,
  optionRequired: 'Une réponse proposée ne peut pas être vide.',
  optionTooLong: `Une réponse ne doit pas dépasser ${OPTION_MAX} caractères.`,
  optionCorrectInvalid: 'Indiquez si chaque réponse est juste (oui ou non).',
  optionsDuplicate: 'Deux réponses ne peuvent pas avoir le même texte.',
  trueFalseOptions: 'Une question vrai ou faux a exactement deux réponses : « Vrai » et « Faux ».',
  oneCorrect: 'Cochez exactement une bonne réponse.',
  someCorrect: 'Cochez au moins une bonne réponse.',
  explanationTooLong: `L'explication ne doit pas dépasser ${EXPLANATION_MAX} caractères.`,
  objectiveInvalid: "Choisissez l'un des objectifs pédagogiques du cours.",
  answersInvalid: 'Indiquez vos réponses question par question.',
  answersIncomplete: 'Répondez à chaque question avant de valider.',
  answerUnknown: "Une réponse ne correspond à aucune question de ce quiz. Rechargez la page.",
  answerOneOnly: 'Une seule réponse est possible pour cette question.',
  questionOrderMismatch: 'La liste doit contenir chaque question du quiz exactement une fois.',
  notAQuiz: "Cette leçon n'est pas un quiz.",
  noQuestions: 'Ce quiz ne contient pas encore de question.',
  attemptsExhausted: 'Vous avez utilisé toutes vos tentatives pour ce quiz.',
  submitReserved: 'Inscrivez-vous au cours pour répondre au quiz.',
  quizCompletes: 'Un quiz est terminé lorsque vous le réussissez : validez vos réponses.',
} as const;

const passMarkField = z
  .number({ error: quizMessages.passMarkInvalid })
  .int({ error: quizMessages.passMarkInvalid })
  .min(1, { error: quizMessages.passMarkInvalid })
  .max(100, { error: quizMessages.passMarkInvalid });

/** null: unlimited. */
const maxAttemptsField = z
  .number({ error: quizMessages.maxAttemptsInvalid })
  .int({ error: quizMessages.maxAttemptsInvalid })
  .min(1, { error: quizMessages.maxAttemptsInvalid })
  .max(ATTEMPTS_MAX, { error: quizMessages.maxAttemptsInvalid })
  .nullable();

const showCorrectionField = z.enum(showCorrectionValues, { error: quizMessages.showCorrectionInvalid });
const shuffleOptionsField = z.boolean({ error: quizMessages.shuffleOptionsInvalid });
const positioningField = z.boolean({ error: quizMessages.positioningInvalid });

/** `POST /api/sections/:id/quizzes`: a quiz lesson at the end of the chapter (questions come next). */
export const quizCreateBodySchema = lessonCreateBodySchema.pick({ title: true, duration_minutes: true, is_preview: true }).extend({
  pass_mark: passMarkField.default(DEFAULT_PASS_MARK),
  max_attempts: maxAttemptsField.default(null),
  show_correction: showCorrectionField.default(DEFAULT_SHOW_CORRECTION),
  shuffle_options: shuffleOptionsField.default(false),
  positioning: positioningField.default(false),
});
export type QuizCreateBody = z.output<typeof quizCreateBodySchema>;

/** `PUT /api/lessons/:id/quiz`: the pass mark, the attempt limit, the review and shuffle settings; an absent field stays as it is. */
export const quizSettingsBodySchema = z
  .object({ pass_mark: passMarkField, max_attempts: maxAttemptsField, show_correction: showCorrectionField, shuffle_options: shuffleOptionsField, positioning: positioningField })
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), { error: 'Indiquez au moins un champ à modifier.' });
export type QuizSettingsBody = z.output<typeof quizSettingsBodySchema>;

const optionSchema = z.object({
  text: z
    .string({ error: quizMessages.optionRequired })
    .trim()
    .min(1, { error: quizMessages.optionRequired })
    .max(OPTION_MAX, { error: quizMessages.optionTooLong }),
  correct: z.boolean({ error: quizMessages.optionCorrectInvalid }),
});

/**
 * `POST /api/lessons/:id/quiz/questions`, `PUT /api/quiz-questions/:id`: the whole question.
 * `objective` is the text of one of the course's objectives (checked by the server), or null.
 */
export const questionBodySchema = z
  .object({
    type: z.enum(questionTypes, { error: quizMessages.typeInvalid }),
    prompt: identityText(
      z
        .string({ error: quizMessages.promptRequired })
        .trim()
        .min(1, { error: quizMessages.promptRequired })
        .max(PROMPT_MAX, { error: quizMessages.promptTooLong }),
    ),
    options: z
      .array(optionSchema, { error: quizMessages.optionsInvalid })
      .min(OPTIONS_MIN, { error: quizMessages.optionsCount })
      .max(OPTIONS_MAX, { error: quizMessages.optionsCount }),
    explanation: z.string({ error: quizMessages.explanationTooLong }).trim().max(EXPLANATION_MAX, { error: quizMessages.explanationTooLong }).default(''),
    objective: z.string({ error: quizMessages.objectiveInvalid }).trim().min(1, { error: quizMessages.objectiveInvalid }).nullable().default(null),
  })
  .superRefine((q, ctx) => {
    const texts = q.options.map((o) => o.text);
    if (q.type === 'true_false' && (texts.length !== 2 || texts[0] !== TRUE_FALSE_OPTIONS[0] || texts[1] !== TRUE_FALSE_OPTIONS[1])) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: quizMessages.trueFalseOptions });
      return;
    }
    if (new Set(texts.map((t) => t.toLocaleLowerCase('fr-FR'))).size !== texts.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: quizMessages.optionsDuplicate });
    }
    const correct = q.options.filter((o) => o.correct).length;
    if (q.type === 'multiple' ? correct < 1 : correct !== 1) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: q.type === 'multiple' ? quizMessages.someCorrect : quizMessages.oneCorrect });
    }
  });
export type QuestionBody = z.output<typeof questionBodySchema>;

/** `POST /api/lessons/:id/quiz/attempts`: the options chosen, question by question (every question once). */
export const attemptBodySchema = z.object({
  answers: z
    .array(
      z.object({
        question_id: bodyIdSchema,
        option_ids: z.array(bodyIdSchema, { error: quizMessages.answersInvalid }).max(OPTIONS_MAX, { error: quizMessages.answersInvalid }),
      }),
      { error: quizMessages.answersInvalid },
    )
    .max(QUESTIONS_MAX, { error: quizMessages.answersInvalid }),
});
export type AttemptBody = z.output<typeof attemptBodySchema>;

/** The quiz's settings, with the lesson they belong to. */
const quizSettingsShape = {
  pass_mark: z.number().int(),
  /** null: unlimited. */
  max_attempts: z.number().int().nullable(),
  show_correction: z.enum(showCorrectionValues),
  /** Each attempt gets its own order of the options (stable while it is being answered). */
  shuffle_options: z.boolean(),
  /** A test de positionnement (indicator 8): offered before the first lesson, never required for completion; its result is shown to the trainer. */
  positioning: z.boolean(),
};
export const quizSettingsSchema = z.object(quizSettingsShape);
export type QuizSettings = z.infer<typeof quizSettingsSchema>;

/** A new quiz lesson, as its author gets it back. */
export const authorQuizLessonSchema = z.object({ ...authorLessonShape, ...quizSettingsShape });
export type AuthorQuizLesson = z.infer<typeof authorQuizLessonSchema>;

/** An option as a learner sees it before answering: no hint of whether it is right. */
const quizOptionShape = {
  id: z.number().int(),
  text: z.string(),
};
export const quizOptionSchema = z.object(quizOptionShape);
export type QuizOption = z.infer<typeof quizOptionSchema>;

export const quizQuestionSchema = z.object({
  id: z.number().int(),
  type: z.enum(questionTypes),
  prompt: z.string(),
  options: z.array(quizOptionSchema),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

/** One submitted attempt, summed up. */
const attemptSummaryShape = {
  id: z.number().int(),
  number: z.number().int(),
  score: z.number(),
  passed: z.boolean(),
  submitted_at: z.string(),
};
export const attemptSummarySchema = z.object(attemptSummaryShape);
export type AttemptSummary = z.infer<typeof attemptSummarySchema>;

/**
 * `GET /api/lessons/:id/quiz`: what the player shows. It never says which options are right nor
 * gives explanations: those only come back with a submitted attempt.
 */
export const quizViewSchema = z.object({
  ...quizSettingsShape,
  lesson_id: z.number().int(),
  questions: z.array(quizQuestionSchema),
  /** The caller's attempts (empty for someone not enrolled), oldest first. */
  attempts: z.array(attemptSummarySchema),
  /** null while unlimited. */
  attempts_left: z.number().int().nullable(),
  /** The best score reached (whole percent), null before any attempt. */
  best_score: z.number().nullable(),
  passed: z.boolean(),
  /** Enrolled, questions to answer and attempts left. */
  can_submit: z.boolean(),
});
export type QuizView = z.infer<typeof quizViewSchema>;

/**
 * One question of the attempt just submitted: right or wrong, always; the right options and the
 * explanation only when the quiz's setting lets the correction be shown (absent otherwise).
 */
export const questionFeedbackSchema = z.object({
  question_id: z.number().int(),
  correct: z.boolean(),
  chosen_option_ids: z.array(z.number().int()),
  correct_option_ids: z.array(z.number().int()).optional(),
  explanation: z.string().optional(),
});
export type QuestionFeedback = z.infer<typeof questionFeedbackSchema>;

/** `POST /api/lessons/:id/quiz/attempts` */
export const attemptResultSchema = z.object({
  ...attemptSummaryShape,
  questions: z.array(questionFeedbackSchema),
  attempts_left: z.number().int().nullable(),
  best_score: z.number(),
  /** Passed in this attempt or an earlier one. */
  quiz_passed: z.boolean(),
  /** The right options and explanations are in `questions` (see `show_correction`). */
  correction_shown: z.boolean(),
  progress: lessonCompletionSchema,
});
export type AttemptResult = z.infer<typeof attemptResultSchema>;

export const authorOptionSchema = z.object({
  ...quizOptionShape,
  correct: z.boolean(),
});
export type AuthorOption = z.infer<typeof authorOptionSchema>;

export const authorQuestionSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  type: z.enum(questionTypes),
  prompt: z.string(),
  options: z.array(authorOptionSchema),
  explanation: z.string(),
  /** A snapshot of the objective's text; it may no longer be in the course's list if the list was edited. */
  objective: z.string().nullable(),
});
export type AuthorQuestion = z.infer<typeof authorQuestionSchema>;

/** `GET /api/lessons/:id/quiz/edit`: the quiz with its answers, for its author and administrators. */
export const authorQuizSchema = z.object({
  ...quizSettingsShape,
  lesson_id: z.number().int(),
  /** The course's current objectives, to tie questions to. */
  objectives: z.array(z.string()),
  questions: z.array(authorQuestionSchema),
});
export type AuthorQuiz = z.infer<typeof authorQuizSchema>;

/** Whole percent of right answers, rounded down (so a displayed score never overstates a pass). */
export function quizScore(right: number, total: number): number {
  return total === 0 ? 0 : Math.floor((right * 100) / total);
}

/** Exact comparison (no rounding): 2 right out of 3 does not reach a 67 % mark. */
export function reachesPassMark(right: number, total: number, passMark: number): boolean {
  return total > 0 && right * 100 >= passMark * total;
}

/** A question is right when the chosen set is exactly the set of correct options. */
export function isRightAnswer(chosen: readonly number[], correct: readonly number[]): boolean {
  const picked = new Set(chosen);
  return picked.size === correct.length && correct.every((id) => picked.has(id));
}

/** The quiz's questions in their new order (`PUT /api/lessons/:id/quiz/questions/order`). */
export const authorQuestionListSchema = z.array(authorQuestionSchema);
