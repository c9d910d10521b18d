import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserDetail } from '../../../../shared/admin';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { adminUser, signInAdmin } from '../test/fixtures';
import UserDetailPage from './UserDetailPage';

afterEach(() => vi.unstubAllGlobals());

function detail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...adminUser(),
    cv_original_name: 'cv.pdf',
    rejection_reason: null,
    rejected_at: null,
    audit: [{ action: 'cv_download', actor_name: 'Alice Admin', created_at: '2026-02-01T09:00:00.000Z', details: { file: 'cv.pdf' } }],
    ...overrides,
  };
}

describe('UserDetailPage', () => {
  it('shows the personal information in French, "Non renseigné" for an empty phone, and the history', async () => {
    signInAdmin();
    mockApi({ 'GET /api/admin/users/7': { body: detail() } });
    renderRoutes('/admin/users/7', { '/admin/users/:id': <UserDetailPage /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hélène Dupré' })).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Téléphone')).toHaveTextContent('Non renseigné');
    expect(value('Sexe')).toHaveTextContent('Femme');
    expect(value('Date de naissance')).toHaveTextContent('2 mars 1985');
    expect(screen.getByRole('button', { name: 'Approuver' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger CV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Démarrer une réunion' })).toHaveAttribute('href', '/admin/meeting/7');
    expect(screen.getByRole('heading', { level: 2, name: 'Historique des actions' })).toBeInTheDocument();
    expect(screen.getByText('CV téléchargé')).toBeInTheDocument();
    expect(screen.getByText(/par Alice Admin$/)).toBeInTheDocument();
  });

  it("says 'Utilisateur introuvable' for an unknown user or a bad address", async () => {
    signInAdmin();
    mockApi({});
    renderRoutes('/admin/users/999', { '/admin/users/:id': <UserDetailPage /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Utilisateur introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/admin/dashboard');
  });

  it('shows a refusal with its reason', async () => {
    signInAdmin();
    mockApi({ 'GET /api/admin/users/7': { body: detail({ rejected: true, rejected_at: '2026-02-02T09:00:00.000Z', rejection_reason: 'Dossier incomplet' }) } });
    renderRoutes('/admin/users/7', { '/admin/users/:id': <UserDetailPage /> });
    expect(await screen.findByText(/Motif : Dossier incomplet/)).toBeInTheDocument();
  });
});

describe('UserDetailPage: interviews', () => {
  it('links "Démarrer une réunion" to the meeting page and offers to schedule when none is to come; showing the page writes nothing', async () => {
    signInAdmin();
    const { calls } = mockApi({ 'GET /api/admin/users/7': { body: detail({ audit: [] }) } });
    renderRoutes('/admin/users/7', { '/admin/users/:id': <UserDetailPage /> });
    expect(await screen.findByRole('link', { name: 'Démarrer une réunion' })).toHaveAttribute('href', '/admin/meeting/7');
    expect(screen.getByRole('button', { name: 'Planifier une réunion' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('moves the interview to come: the dialog proposes its date, "Déplacer" sends the new one', async () => {
    signInAdmin();
    const user = userEvent.setup({ delay: null });
    const soon = new Date(Date.now() + 2 * 24 * 3600_000);
    soon.setSeconds(0, 0);
    const { calls } = mockApi({
      'GET /api/admin/users/7': { body: detail({ audit: [], meeting_id: 12, meeting_date: soon.toISOString(), meeting_url: 'https://meet.jit.si/EcoForma-7-1-abc' }) },
      'POST /api/admin/users/7/meeting': { body: { meeting_id: 12, meeting_url: 'https://meet.jit.si/EcoForma-7-1-abc', meeting_date: soon.toISOString(), moved: true } },
    });
    renderRoutes('/admin/users/7', { '/admin/users/:id': <UserDetailPage /> });
    expect(await screen.findByText(/^Réunion prévue le /)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rejoindre' })).toHaveAttribute('href', '/admin/meeting/7/12');
    expect(screen.queryByRole('button', { name: 'Planifier une réunion' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Déplacer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déplacer la réunion avec Hélène Dupré' });
    expect(within(dialog).getByText(/le lien de la réunion reste le même\.$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    expect(await screen.findByText(/^Réunion avec Hélène Dupré déplacée au /)).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([{ meeting_date: soon.toISOString() }]);
  });

  it('says the last interview is over, with nothing to join or move', async () => {
    signInAdmin();
    mockApi({ 'GET /api/admin/users/7': { body: detail({ audit: [], meeting_id: 12, meeting_date: '2020-01-01T09:00:00.000Z', meeting_url: 'https://meet.jit.si/x' }) } });
    renderRoutes('/admin/users/7', { '/admin/users/:id': <UserDetailPage /> });
    expect(await screen.findByText(/^Dernière réunion, terminée : /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Déplacer' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Planifier une réunion' })).toBeInTheDocument();
  });
});
