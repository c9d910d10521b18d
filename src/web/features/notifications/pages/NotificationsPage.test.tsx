import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '../../../../shared/notifications';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { Arrival, renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import NotificationsPage from './NotificationsPage';

function item(id: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    kind: 'trainer_refused',
    title: 'Votre candidature de formateur n’a pas été retenue',
    body: 'Un administrateur a examiné votre candidature et ne l’a pas retenue. Motif\u00a0: CV incomplet.',
    link: '/formateur/waiting-approval',
    created_at: '2026-03-02T09:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}

function renderPage(entry = '/notifications') {
  signInAs(sessionUser({ id: 7, role: 'formateur', isApproved: false }));
  renderRoutes(entry, { '/notifications': <NotificationsPage />, '*': <Arrival /> }, { showLocation: true });
}

afterEach(() => {
  useSession.getState().clear();
  vi.unstubAllGlobals();
});

describe('NotificationsPage', () => {
  it('lists every notification with its text and date, says how many are unread, and marks one read', async () => {
    const user = userEvent.setup({ delay: null });
    let first = item(1);
    const { calls } = mockApi({
      'GET /api/notifications': () => ({ body: { items: [first, item(2, { read_at: '2026-03-03T09:00:00.000Z', title: 'Votre candidature de formateur est approuvée', body: 'Bonne nouvelle.' })], total: 2, unread: first.read_at ? 0 : 1, page: 1, pageSize: 20 } }),
      'POST /api/notifications/1/read': () => {
        first = { ...first, read_at: new Date().toISOString() };
        return { body: first };
      },
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('1 notification non lue')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Vos notifications' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByText(/Motif.: CV incomplet\./)).toBeInTheDocument();
    expect(within(entries[0]!).getByText('le 2 mars 2026')).toBeInTheDocument();
    expect(within(entries[1]!).queryByRole('button', { name: /Marquer comme lue/ })).not.toBeInTheDocument();

    await user.click(within(entries[0]!).getByRole('button', { name: /^Marquer comme lue.: Votre candidature de formateur n’a pas été retenue$/ }));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/notifications/1/read')).toBe(true);
    expect(await screen.findByText('Toutes vos notifications sont lues.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();
  });

  it('opens the page a notification concerns', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /api/notifications': { body: { items: [item(1)], total: 1, unread: 1, page: 1, pageSize: 20 } }, 'POST /api/notifications/1/read': { body: item(1) } });
    renderPage();
    await user.click(await screen.findByRole('link', { name: /^Ouvrir.: Votre candidature de formateur n’a pas été retenue$/ }));
    await waitFor(() => expect(screen.getByTestId('adresse')).toHaveTextContent('/formateur/waiting-approval'));
  });

  it('pages through a long list with the page in the address', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/notifications': (url) => {
        const pageNumber = Number(url.searchParams.get('page'));
        return { body: { items: [item(pageNumber, { title: `Notification de la page ${pageNumber}` })], total: 45, unread: 0, page: pageNumber, pageSize: 20 } };
      },
    });
    renderPage();
    expect(await screen.findByText('Notification de la page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByText('Notification de la page 2')).toBeInTheDocument();
    expect(screen.getByTestId('adresse')).toHaveTextContent('/notifications?page=2');
    expect(calls.at(-1)!.url.searchParams.get('pageSize')).toBe('20');
  });

  it('says when there is nothing yet', async () => {
    mockApi({ 'GET /api/notifications': { body: { items: [], total: 0, unread: 0, page: 1, pageSize: 20 } } });
    renderPage();
    expect(await screen.findByText('Aucune notification pour le moment.')).toBeInTheDocument();
  });
});
