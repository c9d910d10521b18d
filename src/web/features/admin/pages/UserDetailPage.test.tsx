import { screen } from '@testing-library/react';
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
