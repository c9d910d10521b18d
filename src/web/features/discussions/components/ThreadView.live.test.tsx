import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThreadDetail } from '../../../../shared/discussions';
import { dispatchLiveEvent } from '../../../lib/live-events';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import { ThreadView } from './ThreadView';

afterEach(() => vi.unstubAllGlobals());

const firstReply = { id: 21, author: { id: 9, name: 'Claire Formatrice', is_trainer: true }, body_html: '<p>Au compost.</p>', accepted: false, created_at: '2026-03-02T10:00:00.000Z' };
const newReply = { id: 22, author: { id: 6, name: 'Paul Camarade', is_trainer: false }, body_html: '<p>Ou en déchetterie.</p>', accepted: false, created_at: '2026-03-02T11:00:00.000Z' };

function detail(replies: ThreadDetail['replies']): ThreadDetail {
  return {
    id: 11,
    course_id: 7,
    lesson: null,
    kind: 'question',
    title: 'Où vont les déchets verts ?',
    author: { id: 5, name: 'Inès Apprenante', is_trainer: false },
    replies_count: replies.length,
    answered: false,
    locked: false,
    created_at: '2026-03-02T09:00:00.000Z',
    last_activity_at: '2026-03-02T10:00:00.000Z',
    course_title: 'Compostage collectif',
    body_html: '<p>Je ne sais pas.</p>',
    accepted_reply_id: null,
    following: true,
    can_moderate: false,
    replies,
    replies_page: { total: replies.length, page: 1, pageSize: replies.length },
  };
}

describe('an open thread, live', () => {
  it('shows a reply posted by someone else as its event arrives, without a reload; ignores other threads’ events', async () => {
    let replies = [firstReply];
    const api = mockApi({ 'GET /api/threads/11': () => ({ body: detail(replies) }) });
    signInAs(sessionUser());
    renderRoutes('/', { '/': <ThreadView courseId={7} threadId={11} onBack={() => {}} /> });
    expect(await screen.findByText('Au compost.')).toBeInTheDocument();
    const reads = () => api.calls.filter((c) => c.url.pathname === '/api/threads/11').length;
    expect(reads()).toBe(1);

    act(() => dispatchLiveEvent({ type: 'discussion_reply', thread_id: 12, course_id: 7, reply_id: 30 }));
    act(() => dispatchLiveEvent({ type: 'discussion_reply', thread_id: 11, course_id: 8, reply_id: 31 }));
    expect(reads()).toBe(1);

    replies = [firstReply, newReply];
    act(() => dispatchLiveEvent({ type: 'discussion_reply', thread_id: 11, course_id: 7, reply_id: 22 }));
    expect(await screen.findByText('Ou en déchetterie.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 réponses' })).toBeInTheDocument();
  });
});
