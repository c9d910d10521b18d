import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quizMessages, type AuthorQuiz } from '../../../../shared/quiz';
import { mockApi } from '../../../test/api';
import { Arrival, renderRoutes } from '../../../test/render';
import { signInAs, sessionUser } from '../../../test/session';
import { authoredCourse, sampleOutline } from '../test/fixtures';
import CourseContentPage from './CourseContentPage';
import QuizEditorPage from './QuizEditorPage';

const routes = { '/formateur/courses/:id/quiz/:lessonId': <QuizEditorPage /> };
const author = sessionUser({ id: 3, role: 'formateur', isApproved: true });

function authorQuiz(overrides: Partial<AuthorQuiz> = {}): AuthorQuiz {
  return {
    lesson_id: 104,
    pass_mark: 80,
    max_attempts: null,
    show_correction: 'after_last_attempt_or_pass',
    shuffle_options: false,
    positioning: false,
    objectives: ['Installer un composteur', 'Entretenir le compost'],
    questions: [
      {
        id: 1,
        position: 0,
        type: 'single',
        prompt: 'Quel déchet va au compost ?',
        options: [
          { id: 1, text: 'Épluchures', correct: true },
          { id: 2, text: 'Verre', correct: false },
        ],
        explanation: 'Les épluchures sont des biodéchets.',
        objective: 'Installer un composteur',
      },
    ],
    ...overrides,
  };
}

function open(extra: Parameters<typeof mockApi>[0] = {}) {
  signInAs(author);
  const api = mockApi({
    'GET /api/lessons/104': { body: { id: 104, course_id: 7, section_id: 10, title: 'Quiz du compost', type: 'quiz', duration_minutes: 5, is_preview: false, html: null, body_markdown: null } },
    'GET /api/lessons/104/quiz/edit': { body: authorQuiz() },
    ...extra,
  });
  renderRoutes('/formateur/courses/7/quiz/104', routes);
  return api;
}

/** Types a whole value at once (typing key by key re-renders the dialog for each letter). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

afterEach(() => vi.unstubAllGlobals());

describe('QuizEditorPage', () => {
  it('shows the settings and each question with its right answer and objective', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quiz\u00a0: Quiz du compost' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Seuil de réussite (%)')).toHaveValue('80');
    expect(screen.getByLabelText('Nombre de tentatives')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Afficher la correction' })).toHaveTextContent('Après la réussite ou la dernière tentative');
    expect(screen.getByRole('switch', { name: 'Mélanger les réponses à chaque tentative' })).not.toBeChecked();
    const question = within(screen.getByRole('list', { name: 'Questions du quiz' })).getAllByRole('listitem')[0]!;
    expect(within(question).getByText('(bonne réponse)').closest('li')).toHaveTextContent('Épluchures');
    expect(within(question).getByText(/^Objectif.*Installer un composteur$/)).toBeInTheDocument();
  });

  // Many fields to fill: a generous bound for slow machines, not a timing.
  it('checks a question before sending it, then sends the whole question', { timeout: 60_000 }, async () => {
    const { calls } = open({
      'POST /api/lessons/104/quiz/questions': { status: 201, body: authorQuiz().questions[0] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter une question' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter une question' });
    await fill(within(dialog).getByLabelText('Énoncé de la question'), 'Quels matériaux sont bruns ?');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Choix multiple' }));
    await fill(within(dialog).getByLabelText('Réponse 1'), 'Carton');
    await fill(within(dialog).getByLabelText('Réponse 2'), 'Tonte');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer la question' }));
    expect(within(dialog).getByText(quizMessages.someCorrect)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter une réponse' }));
    await fill(within(dialog).getByLabelText('Réponse 3'), 'Feuilles mortes');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Réponse 1 juste' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Réponse 3 juste' }));
    await fill(within(dialog).getByLabelText('Explication (facultative)'), 'Les bruns apportent le carbone.');
    await userEvent.selectOptions(within(dialog).getByLabelText('Objectif pédagogique évalué'), 'Entretenir le compost');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer la question' }));

    expect(await screen.findByText('Question ajoutée.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'multiple',
      prompt: 'Quels matériaux sont bruns ?',
      options: [
        { text: 'Carton', correct: true },
        { text: 'Tonte', correct: false },
        { text: 'Feuilles mortes', correct: true },
      ],
      explanation: 'Les bruns apportent le carbone.',
      objective: 'Entretenir le compost',
    });
  });

  it('gives a true/false question exactly the options Vrai and Faux, with one right answer', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter une question' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter une question' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Vrai ou faux' }));
    expect(within(dialog).getByLabelText('Réponse 1')).toHaveValue('Vrai');
    expect(within(dialog).getByLabelText('Réponse 2')).toHaveValue('Faux');
    expect(within(dialog).queryByRole('button', { name: 'Ajouter une réponse' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Réponse 1 juste' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Réponse 2 juste' }));
    expect(within(dialog).getByRole('radio', { name: 'Réponse 1 juste' })).not.toBeChecked();
  });

  it('creates a quiz from the content editor with 80 % and unlimited attempts by default, then opens it', async () => {
    signInAs(author);
    const { calls } = mockApi({
      'GET /api/courses/7': { body: authoredCourse() },
      'GET /api/courses/7/outline': { body: sampleOutline() },
      'POST /api/sections/10/quizzes': { status: 201, body: { id: 104, section_id: 10, title: 'Quiz final', type: 'quiz', duration_minutes: 5, is_preview: false, position: 3, body_markdown: null, pass_mark: 80, max_attempts: null, show_correction: 'after_last_attempt_or_pass', shuffle_options: false, positioning: false } },
    });
    renderRoutes('/formateur/courses/7/contenu', { '/formateur/courses/:id/contenu': <CourseContentPage />, '*': <Arrival /> });
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un quiz au chapitre «\u00a0Comprendre le compost\u00a0»' }, { timeout: 10_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter un quiz' });
    await fill(within(dialog).getByLabelText('Titre du quiz'), 'Quiz final');
    await fill(within(dialog).getByLabelText('Durée (en minutes)'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer le quiz' }));
    expect(await screen.findByText(/Arrivée.*\/formateur\/courses\/7\/quiz\/104/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Quiz final',
      duration_minutes: 5,
      is_preview: false,
      pass_mark: 80,
      max_attempts: null,
      show_correction: 'after_last_attempt_or_pass',
      shuffle_options: false,
      positioning: false,
    });
  });

  it('lets the trainer choose when the correction is shown and the shuffle, in French, and sends them', async () => {
    const { calls } = open({
      'PUT /api/lessons/104/quiz': { body: authorQuiz({ show_correction: 'never', shuffle_options: true }) },
      'PUT /api/lessons/104': { body: { id: 104, section_id: 10, title: 'Quiz du compost', type: 'quiz', duration_minutes: 5, is_preview: false, position: 0, body_markdown: null } },
    });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Afficher la correction' }, { timeout: 10_000 }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Jamais (seulement les questions à revoir)', 'Après la réussite ou la dernière tentative', 'Après chaque tentative']);
    await userEvent.click(screen.getByRole('option', { name: 'Jamais (seulement les questions à revoir)' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Mélanger les réponses à chaque tentative' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les réglages' }));
    expect(await screen.findByText('Réglages du quiz enregistrés.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT' && c.url.pathname.endsWith('/quiz'))?.body).toEqual({ pass_mark: 80, max_attempts: null, show_correction: 'never', shuffle_options: true, positioning: false });
  });

  it('marks the quiz as a test de positionnement and sends it', async () => {
    const { calls } = open({
      'PUT /api/lessons/104/quiz': { body: authorQuiz({ positioning: true }) },
      'PUT /api/lessons/104': { body: { id: 104, section_id: 10, title: 'Quiz du compost', type: 'quiz', duration_minutes: 5, is_preview: false, position: 0, body_markdown: null } },
      'GET /api/courses/7/positioning-results': { body: { items: [] } },
    });
    const toggle = await screen.findByRole('switch', { name: 'Test de positionnement' }, { timeout: 10_000 });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/jamais obligatoire, il ne compte pas dans la progression/);
    // An ordinary quiz has no positioning results.
    expect(screen.queryByRole('region', { name: 'Résultats du test de positionnement' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les réglages' }));
    expect(await screen.findByText('Réglages du quiz enregistrés.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT' && c.url.pathname.endsWith('/quiz'))?.body).toMatchObject({ positioning: true });
  });

  it("shows each enrolled learner's first score under a test de positionnement, this quiz's only", async () => {
    open({
      'GET /api/lessons/104/quiz/edit': { body: authorQuiz({ positioning: true }) },
      'GET /api/courses/7/positioning-results': {
        body: {
          items: [
            { user_id: 5, learner_name: 'Adam Aubert', lesson_id: 104, quiz_title: 'Quiz du compost', score: 40, attempted_at: '2026-11-20T10:00:00.000Z', attempts: 2 },
            { user_id: 6, learner_name: 'Zoé Bernard', lesson_id: 999, quiz_title: 'Autre test', score: 90, attempted_at: '2026-11-21T10:00:00.000Z', attempts: 1 },
          ],
        },
      },
    });
    const region = await screen.findByRole('region', { name: 'Résultats du test de positionnement' }, { timeout: 10_000 });
    const rows = await within(region).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['Personne inscriteScore de départPassé leTentatives', 'Adam Aubert40 %20/11/20262']);
  });

  it('says when nobody has taken the test yet', async () => {
    open({ 'GET /api/lessons/104/quiz/edit': { body: authorQuiz({ positioning: true }) }, 'GET /api/courses/7/positioning-results': { body: { items: [] } } });
    const region = await screen.findByRole('region', { name: 'Résultats du test de positionnement' }, { timeout: 10_000 });
    expect(await within(region).findByText("Aucune personne inscrite n'a encore passé ce test.")).toBeInTheDocument();
  });
});
