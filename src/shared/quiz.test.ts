import { describe, expect, it } from 'vitest';
import { attemptBodySchema, isRightAnswer, mayShowCorrection, questionBodySchema, quizCreateBodySchema, quizMessages, quizScore, quizSettingsBodySchema, reachesPassMark } from './quiz';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message);
const question = { type: 'single', prompt: 'Que composter ?', options: [{ text: 'Épluchures', correct: true }, { text: 'Verre', correct: false }] };

describe('quiz forms', () => {
  it('accepts a quiz with its defaults and a valid question of each type', () => {
    expect(quizCreateBodySchema.parse({ title: 'Quiz', duration_minutes: 5 })).toEqual({
      title: 'Quiz',
      duration_minutes: 5,
      is_preview: false,
      pass_mark: 80,
      max_attempts: null,
      show_correction: 'after_last_attempt_or_pass',
      shuffle_options: false,
      positioning: false,
    });
    expect(questionBodySchema.parse(question)).toEqual({ ...question, explanation: '', objective: null });
    expect(questionBodySchema.safeParse({ ...question, type: 'multiple', options: [{ text: 'A', correct: true }, { text: 'B', correct: true }] }).success).toBe(true);
    expect(questionBodySchema.safeParse({ ...question, type: 'true_false', options: [{ text: 'Vrai', correct: false }, { text: 'Faux', correct: true }] }).success).toBe(true);
    expect(attemptBodySchema.parse({ answers: [{ question_id: 1, option_ids: [2] }] })).toEqual({ answers: [{ question_id: 1, option_ids: [2] }] });
  });

  it('says what is wrong in French', () => {
    expect(messages(quizCreateBodySchema.safeParse({ title: 'Quiz', duration_minutes: 5, pass_mark: 101 }))).toEqual([quizMessages.passMarkInvalid]);
    expect(messages(quizCreateBodySchema.safeParse({ title: 'Quiz', duration_minutes: 5, max_attempts: 1.5 }))).toEqual([quizMessages.maxAttemptsInvalid]);
    expect(messages(questionBodySchema.safeParse({ ...question, prompt: '' }))).toEqual(["L'énoncé de la question est obligatoire."]);
    expect(messages(questionBodySchema.safeParse({ ...question, options: [{ text: 'A', correct: true }] }))).toEqual(['Proposez de 2 à 8 réponses.']);
    expect(messages(questionBodySchema.safeParse({ ...question, options: [{ text: 'A', correct: false }, { text: 'B', correct: false }] }))).toEqual(['Cochez exactement une bonne réponse.']);
    expect(messages(questionBodySchema.safeParse({ ...question, type: 'multiple', options: [{ text: 'A', correct: false }, { text: 'B', correct: false }] }))).toEqual([
      'Cochez au moins une bonne réponse.',
    ]);
    expect(messages(questionBodySchema.safeParse({ ...question, type: 'true_false' }))).toEqual(['Une question vrai ou faux a exactement deux réponses\u00a0: «\u00a0Vrai\u00a0» et «\u00a0Faux\u00a0».']);
  });
});

describe('review setting', () => {
  it('refuses an unknown review setting with an exact French message, and accepts a settings change of it alone', () => {
    expect(messages(quizSettingsBodySchema.safeParse({ show_correction: 'toujours' }))).toEqual([
      'Choisissez quand montrer la correction\u00a0: jamais, après la réussite ou la dernière tentative, ou après chaque tentative.',
    ]);
    expect(messages(quizSettingsBodySchema.safeParse({ shuffle_options: 'oui' }))).toEqual(['Indiquez si les réponses sont mélangées (oui ou non).']);
    expect(quizSettingsBodySchema.parse({ show_correction: 'never' })).toEqual({ show_correction: 'never' });
    expect(quizSettingsBodySchema.parse({ shuffle_options: false })).toEqual({ shuffle_options: false });
    expect(quizSettingsBodySchema.safeParse({}).success).toBe(false);
  });

  it('shows the correction by the setting: never, after the pass or the last attempt, after each attempt', () => {
    const failedWithAttemptsLeft = { quizPassed: false, attemptsLeft: 2 };
    const failedUnlimited = { quizPassed: false, attemptsLeft: null };
    const lastAttemptUsed = { quizPassed: false, attemptsLeft: 0 };
    const passed = { quizPassed: true, attemptsLeft: null };
    expect([failedWithAttemptsLeft, failedUnlimited, lastAttemptUsed, passed].map((s) => mayShowCorrection('never', s))).toEqual([false, false, false, false]);
    expect([failedWithAttemptsLeft, failedUnlimited, lastAttemptUsed, passed].map((s) => mayShowCorrection('after_last_attempt_or_pass', s))).toEqual([false, false, true, true]);
    expect([failedWithAttemptsLeft, failedUnlimited, lastAttemptUsed, passed].map((s) => mayShowCorrection('after_each_attempt', s))).toEqual([true, true, true, true]);
  });
});

describe('scoring rules', () => {
  it('counts a question right only when the chosen set is exactly the right set', () => {
    expect(isRightAnswer([2, 1], [1, 2])).toBe(true);
    expect(isRightAnswer([1], [1, 2])).toBe(false);
    expect(isRightAnswer([1, 2, 3], [1, 2])).toBe(false);
    expect(isRightAnswer([1, 1], [1, 2])).toBe(false);
  });

  it('rounds the score down and compares the pass mark exactly', () => {
    expect(quizScore(2, 3)).toBe(66);
    expect(reachesPassMark(2, 3, 67)).toBe(false);
    expect(reachesPassMark(2, 3, 66)).toBe(true);
    expect(reachesPassMark(4, 5, 80)).toBe(true);
    expect(reachesPassMark(0, 0, 1)).toBe(false);
  });
});
