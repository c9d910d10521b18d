import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseStatus } from '../../../../shared/courses';
import type { CourseOutline, LessonContent } from '../../../../shared/learning';
import type { AuthorQuiz } from '../../../../shared/quiz';
import { reviewDoneMessages, transitionRefusedMessage, type AdminCourseItem, type AdminCoursePage } from '../../../../shared/reviews';
import { mockApi } from '../../../test/api';
import { courseDetail, courseItem } from '../../../test/courses';
import { renderRoutes } from '../../../test/render';
import { signInAdmin } from '../test/fixtures';
import CourseReviewPage from './CourseReviewPage';
import CoursesQueuePage from './CoursesQueuePage';

afterEach(() => vi.unstubAllGlobals());

/** Text as Testing Library reads it: its default normaliser turns the typography's no-break spaces into spaces. */
const seen = (text: string) => text.replace(/\u00a0/g, ' ');

const counts: Record<CourseStatus, number> = { draft: 4, submitted: 2, changes_requested: 1, published: 12, unpublished: 0 };

function queueItem(overrides: Partial<AdminCourseItem> = {}): AdminCourseItem {
  return { ...courseItem({ status: 'submitted' }), review_reason: null, status_changed_at: '2026-03-02T09:30:00.000Z', ...overrides };
}

function page(items: AdminCourseItem[], total = items.length): AdminCoursePage {
  return { items, total, page: 1, pageSize: 20, counts };
}

describe('CoursesQueuePage', () => {
  it('lists the courses awaiting validation with their author and a link to examine each, and filters by state', async () => {
    signInAdmin();
    const { calls } = mockApi({
      'GET /api/admin/courses': (url) =>
        url.searchParams.get('status') === 'changes_requested'
          ? { body: page([queueItem({ id: 9, title: 'Compost de quartier', status: 'changes_requested', review_reason: 'Ajoutez une évaluation.' })]) }
          : { body: page([queueItem({ id: 5, title: 'Zéro déchet au bureau' }), queueItem({ id: 6, title: 'Bilan carbone', status: 'published' })], 19) },
    });
    renderRoutes('/admin/courses', { '/admin/courses': <CoursesQueuePage /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Formations à valider' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Cours' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('heading', { level: 2, name: 'Zéro déchet au bureau' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('En attente de validation')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/Claire Dubois · Gestion des déchets/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Examiner le cours Zéro déchet au bureau' })).toHaveAttribute('href', '/admin/courses/5');
    expect(screen.getByRole('button', { name: 'Tous (19)' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Modifications demandées (1)' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Compost de quartier' })).toBeInTheDocument();
    expect(screen.getByText(seen('Motif\u00a0: Ajoutez une évaluation.'))).toBeInTheDocument();
    expect(calls.at(-1)!.url.searchParams.get('status')).toBe('changes_requested');
  });

  it('says when nothing awaits validation', async () => {
    signInAdmin();
    mockApi({ 'GET /api/admin/courses': { body: page([]) } });
    renderRoutes('/admin/courses?etat=submitted', { '/admin/courses': <CoursesQueuePage /> });
    expect(await screen.findByText('Aucun cours à valider pour le moment.')).toBeInTheDocument();
  });
});

const outline: CourseOutline = {
  sections: [{ id: 30, title: 'Préparer', lessons: [{ id: 40, title: 'Choisir le lieu', type: 'text', duration_minutes: 75, is_preview: false }] }],
  total_lessons: 1,
  total_minutes: 75,
  resume_lesson_id: 40,
};
const lesson: LessonContent = { ...outline.sections[0]!.lessons[0]!, course_id: 5, section_id: 30, html: '<p>Un lieu <strong>ombragé</strong>.</p>', media: null };

function reviewRoutes(status: CourseStatus, decide: Record<string, (url: URL, init: RequestInit | undefined) => { status?: number; body?: unknown }> = {}) {
  return mockApi({
    'GET /api/courses/5': {
      body: courseDetail({ id: 5, title: 'Zéro déchet au bureau', status, review_reason: null, objectives: ['Trier à la source'], target_audience: 'Salariés', prerequisites: 'Aucun', assessment_methods: 'Quiz' }),
    },
    'GET /api/courses/5/outline': { body: outline },
    'GET /api/lessons/40': { body: lesson },
    'GET /api/courses/5/reviews': { body: { items: [{ id: 1, from_status: 'draft', to_status: 'submitted', reason: null, actor_name: 'Léa Autrice', created_at: '2026-03-02T09:30:00.000Z' }] } },
    ...decide,
  });
}

describe('CourseReviewPage', () => {
  it('shows the public information, every lesson rendered and the history, and publishes', async () => {
    signInAdmin();
    const { calls } = reviewRoutes('submitted', { 'POST /api/admin/courses/5/publish': () => ({ body: { id: 5, status: 'published', review_reason: null } }) });
    renderRoutes('/admin/courses/5', { '/admin/courses/:id': <CourseReviewPage /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zéro déchet au bureau' })).toBeInTheDocument();
    expect(screen.getByText('Trier à la source')).toBeInTheDocument();
    // The price in French: a decimal comma, a no-break space before the euro sign.
    expect(screen.getByText(/Prix.*80,00\s€/)).toBeInTheDocument();
    expect(await screen.findByText('ombragé')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Choisir le lieu' })).toBeInTheDocument();
    // A lesson's duration in hours and minutes, as everywhere else.
    expect(screen.getByText(/Texte · 1\sh\s15\smin/)).toBeInTheDocument();
    expect(await screen.findByText(seen('de «\u00a0Brouillon\u00a0» à «\u00a0En attente de validation\u00a0», par Léa Autrice'), { exact: false })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText(reviewDoneMessages.publish)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/courses/5/publish')).toBe(true);
  });

  it('shows a quiz inline: its questions and their options, the right ones marked, from the route reserved to the author and administrators', async () => {
    signInAdmin();
    const withQuiz: CourseOutline = {
      ...outline,
      sections: [{ ...outline.sections[0]!, lessons: [...outline.sections[0]!.lessons, { id: 41, title: 'Quiz du tri', type: 'quiz', duration_minutes: 10, is_preview: false }] }],
    };
    const answers: AuthorQuiz = {
      lesson_id: 41,
      pass_mark: 80,
      max_attempts: null,
      show_correction: 'after_last_attempt_or_pass',
      shuffle_options: false,
      positioning: false,
      objectives: ['Trier à la source'],
      questions: [
        {
          id: 1,
          position: 0,
          type: 'multiple',
          prompt: 'Que met-on au compost ?',
          options: [
            { id: 1, text: 'Épluchures', correct: true },
            { id: 2, text: 'Verre', correct: false },
            { id: 3, text: 'Marc de café', correct: true },
          ],
          explanation: 'Seuls les déchets organiques se compostent.',
          objective: 'Trier à la source',
        },
      ],
    };
    const { calls } = reviewRoutes('submitted', { 'GET /api/courses/5/outline': () => ({ body: withQuiz }), 'GET /api/lessons/41/quiz/edit': () => ({ body: answers }) });
    renderRoutes('/admin/courses/5', { '/admin/courses/:id': <CourseReviewPage /> });

    const questions = await screen.findByRole('list', { name: 'Questions du quiz Quiz du tri' });
    expect(within(questions).getByText('Que met-on au compost ?')).toBeInTheDocument();
    expect(within(questions).getByText('Choix multiple')).toBeInTheDocument();
    const options = within(questions).getByRole('list', { name: `Réponses proposées\u00a0: ${answers.questions[0]!.prompt}` });
    const rows = within(options).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Épluchures(bonne réponse)', 'Verre', 'Marc de café(bonne réponse)']);
    expect(screen.getByText(seen('Seuil de réussite\u00a0: 80\u00a0%'))).toBeInTheDocument();
    expect(screen.getByText(seen('Explication\u00a0: Seuls les déchets organiques se compostent.'))).toBeInTheDocument();
    expect(screen.queryByText(/ouvrez-la dans le lecteur/)).not.toBeInTheDocument();
    // The learner's view of the quiz (no answers) is not asked for.
    expect(calls.some((c) => c.url.pathname === '/api/lessons/41')).toBe(false);
  });

  it('asks for changes through an accessible dialog that requires a reason', async () => {
    signInAdmin();
    const { calls } = reviewRoutes('submitted', { 'POST /api/admin/courses/5/request-changes': () => ({ body: { id: 5, status: 'changes_requested', review_reason: 'Ajoutez un quiz.' } }) });
    renderRoutes('/admin/courses/5', { '/admin/courses/:id': <CourseReviewPage /> });
    await userEvent.click(await screen.findByRole('button', { name: 'Demander des modifications' }));
    const dialog = screen.getByRole('dialog', { name: 'Demander des modifications' });
    const reason = within(dialog).getByRole('textbox', { name: /Motif/ });
    expect(reason).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(within(dialog).getByText('Le motif est obligatoire.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(reason, '  Ajoutez un quiz.  ');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Ajoutez un quiz.' });
    expect(await screen.findByText(reviewDoneMessages.request_changes)).toBeInTheDocument();
  });

  it('unpublishes a published course with a reason, and shows the refusal in the dialog when another administrator acted first', async () => {
    signInAdmin();
    reviewRoutes('published', {
      'POST /api/admin/courses/5/unpublish': () => ({ status: 409, body: { error_code: 'invalid_transition', message: transitionRefusedMessage('unpublish', 'unpublished') } }),
    });
    renderRoutes('/admin/courses/5', { '/admin/courses/:id': <CourseReviewPage /> });
    expect(await screen.findByRole('button', { name: 'Dépublier' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publier' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dépublier' }));
    const dialog = screen.getByRole('dialog', { name: 'Dépublier le cours' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motif/ }), 'Contenu obsolète.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dépublier' }));
    expect(await within(dialog).findByText(seen(transitionRefusedMessage('unpublish', 'unpublished')))).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
