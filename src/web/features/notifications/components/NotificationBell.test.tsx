import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Routes } from 'react-router';
import type { NotificationItem, NotificationPage } from '../../../../shared/notifications';
import { dispatchLiveEvent } from '../../../lib/live-events';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import NotificationBell from './NotificationBell';
import { bellLabel } from '../notification-text';

const now = Date.now();
function item(id: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    kind: 'enrolment_confirmed',
    title: `Inscription confirmée\u00a0: Cours ${id}`,
    body: `Votre inscription à la formation «\u00a0Cours ${id}\u00a0» est confirmée.`,
    link: `/user/courses/${id}/learn`,
    created_at: new Date(now - id * 60_000).toISOString(),
    read_at: null,
    ...overrides,
  };
}

function page(items: NotificationItem[], unread: number): NotificationPage {
  return { items, total: items.length, unread, page: 1, pageSize: 5 };
}

/** The bar's bell on a page with a link to another page, to move around. */
function renderBell() {
  signInAs(sessionUser({ id: 7 }));
  renderRoutes(
    '/',
    {
      '*': (
        <>
          <NotificationBell userId={7} />
          <Routes>
            <Route path="/" element={<Link to="/autre">Aller ailleurs</Link>} />
            <Route path="*" element={<p>Page ouverte</p>} />
          </Routes>
        </>
      ),
    },
    { showLocation: true },
  );
}

afterEach(() => {
  useSession.getState().clear();
  vi.unstubAllGlobals();
});

describe('the accessible name says the unread count', () => {
  it('in French, with singular and plural', () => {
    expect(bellLabel(0)).toBe('Notifications, aucune non lue');
    expect(bellLabel(1)).toBe('Notifications, 1 non lue');
    expect(bellLabel(3)).toBe('Notifications, 3 non lues');
    // Beyond 99 the badge shows « 99+ »: the name says it too (what is seen is in the name).
    expect(bellLabel(99)).toBe('Notifications, 99 non lues');
    expect(bellLabel(122)).toBe('Notifications, 99+ non lues (122)');
  });
});

describe('NotificationBell', () => {
  it('shows the unread count in its badge and its name, then follows the live stream without polling', async () => {
    const { calls } = mockApi({ 'GET /api/notifications/unread-count': () => ({ body: { unread: 3 } }) });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 non lues' });
    expect(within(bell).getByText('3')).toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    act(() => dispatchLiveEvent({ type: 'notifications', unread: 4 }));
    expect(await screen.findByRole('button', { name: 'Notifications, 4 non lues' })).toBeInTheDocument();
    // A navigation asks nothing: the stream keeps the count.
    await userEvent.click(screen.getByRole('link', { name: 'Aller ailleurs' }));
    expect(calls.filter((c) => c.url.pathname === '/api/notifications/unread-count')).toHaveLength(1);
    // The stream's first frame after a reconnection catches up.
    act(() => dispatchLiveEvent({ type: 'ready', notifications: 0, unread_messages: 2 }));
    expect(await screen.findByRole('button', { name: 'Notifications, aucune non lue' })).toBeInTheDocument();
  });

  it('opens the latest notifications; one opened is marked read and leads to its page', async () => {
    const user = userEvent.setup({ delay: null });
    let unread = 2;
    const { calls } = mockApi({
      'GET /api/notifications/unread-count': () => ({ body: { unread } }),
      'GET /api/notifications': { body: page([item(1), item(2), item(3, { read_at: new Date(now).toISOString() })], 2) },
      'POST /api/notifications/1/read': () => {
        unread = 1;
        return { body: item(1, { read_at: new Date().toISOString() }) };
      },
    });
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));

    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(calls.find((c) => c.url.pathname === '/api/notifications')!.url.searchParams.get('pageSize')).toBe('5');
    const links = await within(panel).findAllByRole('link', { name: /Inscription confirmée/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/user/courses/1/learn', '/user/courses/2/learn', '/user/courses/3/learn']);
    expect(within(panel).getByRole('link', { name: 'Voir toutes les notifications' })).toHaveAttribute('href', '/notifications');
    expect(links[0]).toHaveAccessibleName(expect.stringContaining('(non lue)'));
    expect(links[2]).not.toHaveAccessibleName(expect.stringContaining('(non lue)'));
    expect(within(panel).getByText('il y a 1 minute')).toBeInTheDocument();

    await user.click(links[0]!);
    expect(screen.getByTestId('adresse')).toHaveTextContent('/user/courses/1/learn');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/notifications/1/read')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 non lue' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks them all read', async () => {
    const user = userEvent.setup({ delay: null });
    let unread = 2;
    const { calls } = mockApi({
      'GET /api/notifications/unread-count': () => ({ body: { unread } }),
      'GET /api/notifications': () => ({ body: page([item(1, unread ? {} : { read_at: new Date().toISOString() })], unread) }),
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return { body: { updated: 2, unread: 0 } };
      },
    });
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findAllByRole('link', { name: /Cours 1/ });
    await user.click(within(panel).getByRole('button', { name: 'Tout marquer comme lu' }));

    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/notifications/read-all')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Notifications, aucune non lue', hidden: true })).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled());
  });

  it('says when there is nothing yet, and links to the full list', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/notifications/unread-count': { body: { unread: 0 } }, 'GET /api/notifications': { body: page([], 0) } });
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, aucune non lue' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('Aucune notification pour le moment.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('link', { name: 'Voir toutes les notifications' }));
    expect(screen.getByTestId('adresse')).toHaveTextContent('/notifications');
  });

  it('shows no count when the count cannot be read', async () => {
    mockApi({ 'GET /api/notifications/unread-count': { status: 500, body: { error_code: 'server_error', message: 'Erreur' } } });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, aucune non lue' })).toBeInTheDocument();
  });
});
