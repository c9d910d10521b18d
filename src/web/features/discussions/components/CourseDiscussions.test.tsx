import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discussionMessages, type ThreadDetail, type ThreadItem, type ThreadPage } from '../../../../shared/discussions';
import { HIDDEN_BY_MODERATION } from '../../../../shared/moderation';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import { CourseDiscussions } from './CourseDiscussions';

afterEach(() => vi.unstubAllGlobals());

const plain = (text: string) => text.replace(/\s+/g, ' ');

function item(overrides: Partial<ThreadItem> = {}): ThreadItem {
  return {
    id: 11,
    course_id: 7,
    lesson: { id: 3, title: 'Le tri à la source' },
    kind: 'question',
    title: 'Où vont les déchets verts ?',
    author: { id: 5, name: 'Inès Apprenante', is_trainer: false },
    replies_count: 2,
    answered: true,
    locked: false,
    created_at: '2026-03-02T09:00:00.000Z',
    last_activity_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

function page(items: ThreadItem[], canModerate = false): ThreadPage {
  return { course: { id: 7, title: 'Compostage collectif' }, items, total: items.length, page: 1, pageSize: 20, can_moderate: canModerate };
}

function detail(overrides: Partial<ThreadDetail> = {}): ThreadDetail {
  return {
    ...item({ answered: false, replies_count: 1 }),
    course_title: 'Compostage collectif',
    body_html: '<p>Je ne sais pas <strong>où</strong> les mettre.</p>',
    accepted_reply_id: null,
    following: true,
    can_moderate: false,
    replies: [{ id: 21, author: { id: 9, name: 'Claire Formatrice', is_trainer: true }, body_html: '<p>Au compost.</p>', accepted: false, created_at: '2026-03-02T10:00:00.000Z' }],
    replies_page: { total: 1, page: 1, pageSize: 1 },
    ...overrides,
  };
}

const lessons = [
  { id: 3, title: 'Le tri à la source' },
  { id: 4, title: 'Le compost' },
];

describe('a course’s discussions', () => {
  it('lists the current lesson’s threads first, then the course’s, with kind, author, replies and badges', async () => {
    mockApi({
      'GET /api/courses/7/threads': (url) => ({
        body: url.searchParams.get('lesson') === '3' ? page([item()]) : page([item(), item({ id: 12, kind: 'discussion', title: 'Présentez-vous', lesson: null, answered: false, locked: true, replies_count: 0 })]),
      }),
    });
    signInAs(sessionUser());
    renderRoutes('/', { '/': <CourseDiscussions courseId={7} lessons={lessons} currentLessonId={3} /> });

    const onLesson = await screen.findByRole('list', { name: 'Discussions de la leçon Le tri à la source' });
    expect(within(onLesson).getAllByRole('listitem')).toHaveLength(1);
    const course = screen.getByRole('list', { name: 'Discussions du cours' });
    const rows = within(course).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Question')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Résolue')).toBeInTheDocument();
    expect(plain(rows[0]!.textContent ?? '')).toContain('Inès Apprenante · 2 réponses');
    expect(within(rows[1]!).getByText('Verrouillée')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Discussion')).toBeInTheDocument();
  });

  it('searches with the typed words', async () => {
    const api = mockApi({
      'GET /api/courses/7/threads': (url) => ({ body: url.searchParams.get('q') ? page([item()]) : page([]) }),
    });
    signInAs(sessionUser());
    renderRoutes('/', { '/': <CourseDiscussions courseId={7} /> });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('searchbox', { name: 'Rechercher dans les discussions' }), 'dechets');
    expect(await screen.findByText(plain('1 résultat pour « dechets »'), { normalizer: plain })).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.searchParams.get('q') === 'dechets')).toBe(true);
  });

  it('opens a thread: a question tied to the lesson, checked before sending', async () => {
    const api = mockApi({
      'GET /api/courses/7/threads': { body: page([]) },
      'POST /api/courses/7/threads': { status: 201, body: { id: 11 } },
      'GET /api/threads/11': { body: detail() },
    });
    signInAs(sessionUser());
    renderRoutes('/', { '/': <CourseDiscussions courseId={7} lessons={lessons} currentLessonId={3} /> });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Poser une question ou ouvrir une discussion' }));
    const form = await screen.findByRole('form', { name: 'Nouvelle discussion' });
    await user.click(within(form).getByRole('button', { name: 'Publier' }));
    expect(await within(form).findByText(discussionMessages.bodyRequired)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: /Titre/ }), 'Où vont les déchets verts ?');
    await user.type(within(form).getByRole('textbox', { name: /Message/ }), 'Je ne sais pas où les mettre.');
    await user.click(within(form).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Où vont les déchets verts ?', body: 'Je ne sais pas où les mettre.', kind: 'question', lesson_id: 3 }));
    expect(await screen.findByRole('heading', { name: 'Où vont les déchets verts ?', level: 2 })).toHaveFocus();
  });

  it('shows the thread with its replies; the trainer marks the answer and locks, a reply is sent with the keyboard', async () => {
    const api = mockApi({
      'GET /api/courses/7/threads': { body: page([item()], true) },
      'GET /api/threads/11': { body: detail({ can_moderate: true }) },
      'POST /api/replies/21/accept': { body: { thread_id: 11, accepted_reply_id: 21 } },
      'POST /api/threads/11/lock': { body: { locked: true } },
      'POST /api/threads/11/follow': { body: { following: false } },
      'POST /api/threads/11/replies': { status: 201, body: detail().replies[0] },
    });
    signInAs(sessionUser({ role: 'formateur' }));
    renderRoutes('/', { '/': <CourseDiscussions courseId={7} /> });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Où vont les déchets verts/ }));
    const thread = await screen.findByRole('article', { name: 'Où vont les déchets verts ?' });
    expect(within(thread).getByText('où')).toBeInTheDocument();
    expect(within(thread).getByText(/\(formateur du cours\)/)).toHaveTextContent('Claire Formatrice');

    await user.click(within(thread).getByRole('button', { name: /Marquer comme réponse/ }));
    await user.click(within(thread).getByRole('button', { name: 'Verrouiller' }));
    await user.click(within(thread).getByRole('button', { name: 'Ne plus suivre' }));
    await waitFor(() => expect(api.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(expect.arrayContaining(['POST /api/replies/21/accept', 'POST /api/threads/11/lock', 'POST /api/threads/11/follow'])));
    expect(api.calls.find((c) => c.url.pathname === '/api/threads/11/lock')?.body).toEqual({ locked: true });
    expect(api.calls.find((c) => c.url.pathname === '/api/threads/11/follow')?.body).toEqual({ following: false });

    // Keyboard only: Tab into the reply, type, Tab to the button, Enter.
    within(thread).getByRole('textbox', { name: 'Votre réponse' }).focus();
    await user.keyboard('Merci pour la question.');
    await user.tab();
    expect(within(thread).getByRole('button', { name: 'Envoyer la réponse' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.calls.find((c) => c.url.pathname === '/api/threads/11/replies')?.body).toEqual({ body: 'Merci pour la question.' }));
    expect(await within(thread).findByText('Votre réponse est publiée.')).toBeInTheDocument();

    await user.click(within(thread).getByRole('button', { name: 'Retour aux discussions' }));
    expect(await screen.findByRole('heading', { name: 'Discussions', level: 2 })).toHaveFocus();
  });

  it('says a locked thread takes no reply, and offers no moderation to a learner', async () => {
    mockApi({ 'GET /api/threads/11': { body: detail({ locked: true }) }, 'GET /api/courses/7/threads': { body: page([item()]) } });
    signInAs(sessionUser());
    renderRoutes('/', { '/': <CourseDiscussions courseId={7} threadId={11} onThreadChange={() => undefined} /> });
    const thread = await screen.findByRole('article', { name: 'Où vont les déchets verts ?' });
    expect(within(thread).getByText(plain(discussionMessages.locked), { normalizer: plain })).toBeInTheDocument();
    expect(within(thread).queryByRole('textbox', { name: 'Votre réponse' })).toBeNull();
    expect(within(thread).queryByRole('button', { name: /Marquer comme réponse/ })).toBeNull();
    expect(within(thread).queryByRole('button', { name: 'Verrouiller' })).toBeNull();
  });

  it('offers « Signaler » on others’ thread and replies, never on one’s own, and marks one’s hidden reply', async () => {
    const replies = [
      { id: 21, author: { id: 9, name: 'Claire Formatrice', is_trainer: true }, body_html: '<p>Au compost.</p>', accepted: false, created_at: '2026-03-02T10:00:00.000Z' },
      { id: 22, author: { id: 5, name: 'Inès Apprenante', is_trainer: false }, body_html: '<p>Merci.</p>', accepted: false, created_at: '2026-03-02T11:00:00.000Z', moderation: 'hidden' as const },
    ];
    mockApi({ 'GET /api/threads/11': { body: detail({ author: { id: 8, name: 'Léo Apprenant', is_trainer: false }, replies, replies_count: 2 }) }, 'GET /api/courses/7/threads': { body: page([item()]) } });
    signInAs(sessionUser({ id: 5 }));
    renderRoutes('/', { '/': <CourseDiscussions courseId={7} threadId={11} onThreadChange={() => undefined} /> });
    const thread = await screen.findByRole('article', { name: 'Où vont les déchets verts ?' });
    expect(within(thread).getByRole('button', { name: 'Signaler cette discussion' })).toBeInTheDocument();
    const [others, mine] = within(thread).getAllByRole('listitem');
    expect(within(others!).getByRole('button', { name: 'Signaler cette réponse' })).toBeInTheDocument();
    expect(within(mine!).queryByRole('button', { name: 'Signaler cette réponse' })).toBeNull();
    expect(within(mine!).getByText(HIDDEN_BY_MODERATION)).toBeInTheDocument();
  });

  it('offers no « Signaler » on one’s own thread', async () => {
    mockApi({ 'GET /api/threads/11': { body: detail({ replies: [], replies_count: 0 }) }, 'GET /api/courses/7/threads': { body: page([item()]) } });
    signInAs(sessionUser({ id: 5 }));
    renderRoutes('/', { '/': <CourseDiscussions courseId={7} threadId={11} onThreadChange={() => undefined} /> });
    const thread = await screen.findByRole('article', { name: 'Où vont les déchets verts ?' });
    expect(within(thread).queryByRole('button', { name: 'Signaler cette discussion' })).toBeNull();
  });
});
