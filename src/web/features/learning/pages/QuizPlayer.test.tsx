import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttemptBody, AttemptResult, QuizView } from '../../../../shared/quiz';
import { mockApi, type MockAnswer } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { setScreenWidth } from '../../../test/screen-width';
import { sessionUser, signInAs } from '../../../test/session';
import { courseOutline, lessonContent, playerCourse } from '../test/fixtures';
import PlayerPage from './PlayerPage';

const routes = { '/user/courses/:id/learn/:lessonId?': <PlayerPage /> };

/** Lesson 103 is a quiz of two questions: single choice (right: 2), multiple choice (right: 1 and 3). */
function quizView(overrides: Partial<QuizView> = {}): QuizView {
  return {
    lesson_id: 103,
    pass_mark: 80,
    max_attempts: 3,
    show_correction: 'after_each_attempt',
    shuffle_options: false,
    positioning: false,
    questions: [
      { id: 1, type: 'single', prompt: 'Quel déchet va au compost ?', options: [{ id: 1, text: 'Verre' }, { id: 2, text: 'Épluchures' }] },
      { id: 2, type: 'multiple', prompt: 'Quels matériaux sont bruns ?', options: [{ id: 1, text: 'Carton' }, { id: 2, text: 'Tonte' }, { id: 3, text: 'Feuilles mortes' }] },
    ],
    attempts: [],
    attempts_left: 3,
    best_score: null,
    passed: false,
    can_submit: true,
    ...overrides,
  };
}

/** The server's answer; `shown: false` leaves out the right options and explanations, as the server does before the correction may be shown. */
function score(body: AttemptBody, number: number, shown = true): AttemptResult {
  const chosen = (id: number) => body.answers.find((a) => a.question_id === id)!.option_ids;
  const q1 = chosen(1).join() === '2';
  const q2 = [...chosen(2)].sort().join() === '1,3';
  const right = Number(q1) + Number(q2);
  const passed = right === 2;
  return {
    id: number,
    number,
    score: right * 50,
    passed,
    submitted_at: '2025-01-10T10:00:00.000Z',
    questions: shown
      ? [
          { question_id: 1, correct: q1, chosen_option_ids: chosen(1), correct_option_ids: [2], explanation: 'Les épluchures sont des biodéchets.' },
          { question_id: 2, correct: q2, chosen_option_ids: chosen(2), correct_option_ids: [1, 3], explanation: 'Les bruns apportent le carbone.' },
        ]
      : [
          { question_id: 1, correct: q1, chosen_option_ids: chosen(1) },
          { question_id: 2, correct: q2, chosen_option_ids: chosen(2) },
        ],
    attempts_left: 3 - number,
    best_score: passed ? 100 : right * 50,
    quiz_passed: passed,
    correction_shown: shown,
    progress: { completed: passed ? 1 : 0, total: 3, percent: passed ? 33 : 0, completed_at: null },
  };
}

function quizApi(view: QuizView = quizView(), shown = true) {
  let attempts = 0;
  const outline = courseOutline([]);
  outline.sections[1]!.lessons[0] = { ...outline.sections[1]!.lessons[0]!, title: 'Quiz du compost', type: 'quiz' };
  return mockApi({
    'GET /api/courses/7': { body: playerCourse() },
    'GET /api/courses/7/outline': { body: outline },
    'GET /api/lessons/103': { body: lessonContent({ id: 103, title: 'Quiz du compost', type: 'quiz', html: null, section_id: 12, completed: false }) },
    'GET /api/lessons/103/quiz': { body: view },
    'POST /api/lessons/103/quiz/attempts': (_url, init): MockAnswer => ({ status: 201, body: score(JSON.parse(String(init!.body)) as AttemptBody, ++attempts, shown) }),
    'GET /api/user/learning': { body: { items: [] } },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('quiz lesson in the player', () => {
  it('asks each question in a fieldset with radio buttons or check boxes, and no "Marquer comme terminé"', async () => {
    signInAs(sessionUser());
    quizApi();
    renderRoutes('/user/courses/7/learn/103', routes);
    const first = await screen.findByRole('group', { name: /Question 1 sur 2.*Quel déchet va au compost/ }, { timeout: 10_000 });
    expect(within(first).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Verre', 'Épluchures']);
    const second = screen.getByRole('group', { name: /Question 2 sur 2.*Quels matériaux sont bruns/ });
    expect(within(second).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(second).getByText('Plusieurs réponses possibles.')).toBeInTheDocument();
    expect(screen.getByText('Seuil de réussite : 80 %', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Tentatives restantes : 3 sur 3', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marquer comme terminé' })).not.toBeInTheDocument();
  });

  it('asks for every answer before sending', async () => {
    signInAs(sessionUser());
    const { calls } = quizApi();
    renderRoutes('/user/courses/7/learn/103', routes);
    await userEvent.click(await screen.findByRole('radio', { name: 'Épluchures' }, { timeout: 10_000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Valider mes réponses' }));
    expect(screen.getByText('Répondez à chaque question avant de valider.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && !c.url.pathname.endsWith('/activity'))).toBe(false);
  });

  it('fails, shows the correction with explanations, retries, passes and puts the check mark in the outline', async () => {
    setScreenWidth(1280);
    signInAs(sessionUser());
    const { calls } = quizApi();
    renderRoutes('/user/courses/7/learn/103', routes);

    await userEvent.click(await screen.findByRole('radio', { name: 'Épluchures' }, { timeout: 10_000 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Carton' }));
    await userEvent.click(screen.getByRole('button', { name: 'Valider mes réponses' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Votre résultat\u00a0: 50 %' });
    expect(heading).toHaveFocus();
    expect(calls.find((c) => c.method === 'POST' && !c.url.pathname.endsWith('/activity'))?.body).toEqual({ answers: [{ question_id: 1, option_ids: [2] }, { question_id: 2, option_ids: [1] }] });
    expect(screen.getByText(/Vous n'avez pas atteint le seuil de réussite de 80/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Question 2\u00a0: réponse incorrecte' })).toBeInTheDocument();
    expect(screen.getByText('Les bruns apportent le carbone.')).toBeInTheDocument();
    expect(screen.getByText('Tentatives restantes : 2 sur 3', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Meilleur score : 50 %', { exact: false })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(screen.getByRole('radio', { name: 'Épluchures' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Épluchures' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Carton' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Feuilles mortes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Valider mes réponses' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Votre résultat\u00a0: 100 %' })).toBeInTheDocument();
    expect(screen.getByText(/Bravo, vous avez réussi ce quiz/)).toBeInTheDocument();
    expect(screen.getByText('Quiz réussi')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Plan du cours' });
    expect(within(nav).getByRole('link', { name: /Quiz du compost.*\(terminée\)/ })).toBeInTheDocument();
  });

  it('before the correction may be shown, marks the wrong questions and the chosen options but no right option nor explanation', async () => {
    signInAs(sessionUser());
    quizApi(quizView({ show_correction: 'after_last_attempt_or_pass' }), false);
    renderRoutes('/user/courses/7/learn/103', routes);
    await userEvent.click(await screen.findByRole('radio', { name: 'Épluchures' }, { timeout: 10_000 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Carton' }));
    await userEvent.click(screen.getByRole('button', { name: 'Valider mes réponses' }));

    await screen.findByRole('heading', { level: 2, name: 'Votre résultat\u00a0: 50 %' });
    expect(screen.getByRole('heading', { level: 3, name: 'Question 1\u00a0: bonne réponse' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Question 2\u00a0: réponse incorrecte' })).toBeInTheDocument();
    expect(screen.getByText(/Revoyez les questions signalées ci-dessous, puis réessayez/)).toBeInTheDocument();
    expect(screen.getByText('La correction sera affichée quand vous aurez réussi le quiz ou utilisé votre dernière tentative.')).toBeInTheDocument();
    expect(screen.getAllByText('(votre réponse)')).toHaveLength(2);
    expect(screen.queryByText(/bonne réponse\)/)).not.toBeInTheDocument();
    expect(screen.queryByText('Les bruns apportent le carbone.')).not.toBeInTheDocument();
    expect(screen.queryByText(/Explication/)).not.toBeInTheDocument();
  });

  it('says the correction is never shown when the trainer chose so', async () => {
    signInAs(sessionUser());
    quizApi(quizView({ show_correction: 'never' }), false);
    renderRoutes('/user/courses/7/learn/103', routes);
    await userEvent.click(await screen.findByRole('radio', { name: 'Verre' }, { timeout: 10_000 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Tonte' }));
    await userEvent.click(screen.getByRole('button', { name: 'Valider mes réponses' }));
    expect(await screen.findByText("La correction de ce quiz n'est pas affichée : revoyez la leçon pour les questions signalées.")).toBeInTheDocument();
  });

  it('with the correction never shown, a pass says so without sending the learner back to questions', async () => {
    signInAs(sessionUser());
    quizApi(quizView({ show_correction: 'never' }), false);
    renderRoutes('/user/courses/7/learn/103', routes);
    await userEvent.click(await screen.findByRole('radio', { name: 'Épluchures' }, { timeout: 10_000 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Carton' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Feuilles mortes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Valider mes réponses' }));
    expect(await screen.findByText("La correction de ce quiz n'est pas affichée.")).toBeInTheDocument();
    expect(screen.getByText(/Bravo, vous avez réussi ce quiz/)).toBeInTheDocument();
    expect(screen.queryByText(/bonne réponse\)/)).not.toBeInTheDocument();
  });

  it('says when every attempt is used and offers no form to send', async () => {
    signInAs(sessionUser());
    quizApi(quizView({ attempts_left: 0, can_submit: false, best_score: 50, attempts: [] }));
    renderRoutes('/user/courses/7/learn/103', routes);
    expect(await screen.findByText('Vous avez utilisé toutes vos tentatives pour ce quiz.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Valider mes réponses' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Épluchures' })).toBeDisabled();
  });
});
