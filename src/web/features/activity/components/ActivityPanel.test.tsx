import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Activity } from '../../../../shared/activity';
import { dispatchLiveEvent } from '../../../lib/live-events';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import { ActivityPanel } from './ActivityPanel';

afterEach(() => vi.unstubAllGlobals());

const empty: Activity = { unread_messages: { count: 0, latest: [] }, new_replies: [], new_opportunities: [] };
const busy: Activity = {
  unread_messages: { count: 3, latest: [{ conversation_id: 4, from_name: 'Inès Apprenante', excerpt: 'Bonjour, une question ?', at: '2026-03-02T10:00:00.000Z' }] },
  new_replies: [{ thread_id: 11, course_id: 7, course_title: 'Compostage collectif', thread_title: 'Où vont les déchets verts ?', at: '2026-03-02T11:00:00.000Z' }],
  new_opportunities: [{ id: 9, title: 'Animateur compost', type: 'job', region: 'bretagne', at: '2026-03-01T08:00:00.000Z' }],
};

describe('the « Votre activité » panel', () => {
  it('says in French that nothing is new, in a labelled region', async () => {
    mockApi({ 'GET /api/user/activity': { body: empty } });
    signInAs(sessionUser());
    renderRoutes('/', { '/': <ActivityPanel /> });
    const region = await screen.findByRole('region', { name: 'Votre activité' });
    expect(await within(region).findByText(/Rien de nouveau pour le moment/)).toBeInTheDocument();
  });

  it('links the unread messages, the new replies and the opportunities, reachable with the keyboard', async () => {
    mockApi({ 'GET /api/user/activity': { body: busy } });
    signInAs(sessionUser());
    renderRoutes('/', { '/': <ActivityPanel /> });
    const region = await screen.findByRole('region', { name: 'Votre activité' });
    const unread = await within(region).findByRole('link', { name: '3 messages non lus' });
    expect(unread).toHaveAttribute('href', '/messages');
    expect(within(region).getByRole('link', { name: 'Inès Apprenante' })).toHaveAttribute('href', '/messages/4');
    expect(within(region).getByText(/Bonjour, une question/)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Où vont les déchets verts ?' })).toHaveAttribute('href', '/user/courses/7/discussions/11');
    expect(within(region).getByText(/Compostage collectif/)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Animateur compost' })).toHaveAttribute('href', '/opportunites/9');
    expect(within(region).getByText('Emploi · Bretagne')).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.tab();
    expect(unread).toHaveFocus();
    await user.tab();
    expect(within(region).getByRole('link', { name: 'Inès Apprenante' })).toHaveFocus();
  });

  it('asks again when a live event says something changed', async () => {
    let answer = empty;
    const api = mockApi({ 'GET /api/user/activity': () => ({ body: answer }) });
    signInAs(sessionUser());
    renderRoutes('/', { '/': <ActivityPanel /> });
    await screen.findByText(/Rien de nouveau pour le moment/);
    answer = busy;
    act(() => dispatchLiveEvent({ type: 'discussion_reply', thread_id: 11, course_id: 7, reply_id: 30 }));
    expect(await screen.findByRole('link', { name: 'Où vont les déchets verts ?' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.pathname === '/api/user/activity')).toHaveLength(2);
  });

  it('shows nothing to a visitor', () => {
    const api = mockApi({});
    const { container } = renderRoutes('/', { '/': <ActivityPanel /> });
    expect(container).toBeEmptyDOMElement();
    expect(api.calls).toHaveLength(0);
  });
});
