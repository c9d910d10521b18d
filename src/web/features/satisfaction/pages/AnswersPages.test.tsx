import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SatisfactionAnswer, SatisfactionAnswersPage } from '../../../../shared/satisfaction';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import AdminSatisfactionPage from './AdminSatisfactionPage';
import TrainerSatisfactionPage from './TrainerSatisfactionPage';

afterEach(() => vi.unstubAllGlobals());

function answer(overrides: Partial<SatisfactionAnswer> & { id: number }): SatisfactionAnswer {
  return {
    course: { id: 7, title: 'Zéro déchet en entreprise' },
    rating: 4,
    comment: 'Très concret',
    comment_hidden: false,
    created_at: '2026-03-12T10:00:00.000Z',
    updated_at: '2026-03-12T10:00:00.000Z',
    ...overrides,
  };
}

function page(answers: SatisfactionAnswer[]): SatisfactionAnswersPage {
  return {
    answers,
    total: answers.length,
    page: 1,
    pageSize: 20,
    courses: [
      { id: 7, title: 'Zéro déchet en entreprise', count: 12, average: 4.3 },
      { id: 8, title: 'Biodiversité au jardin', count: 2, average: 3.5 },
    ],
  };
}

describe('the trainer’s answers page', () => {
  it('lists the answers without names, withholds a hidden comment, filters by course and exports the CSV', async () => {
    signInAs(sessionUser({ role: 'formateur' }));
    const api = mockApi({
      'GET /api/formateur/satisfaction': (url) => ({
        body: page(url.searchParams.get('course') === '8' ? [answer({ id: 3, course: { id: 8, title: 'Biodiversité au jardin' }, rating: 3, comment: null })] : [answer({ id: 1 }), answer({ id: 2, rating: 1, comment: null, comment_hidden: true })]),
      }),
      'GET /api/formateur/satisfaction/export': { body: 'csv' },
    });
    renderRoutes('/formateur/avis', { '/formateur/avis': <TrainerSatisfactionPage /> });

    expect(await screen.findByRole('heading', { level: 1, name: 'Avis des apprenants' })).toBeInTheDocument();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Note : 4 sur 5');
    expect(items[0]).toHaveTextContent('« Très concret »');
    expect(items[1]).toHaveTextContent("Commentaire masqué par l'administration.");
    expect(screen.queryByRole('button', { name: /Masquer/ })).not.toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Formation' }));
    await user.click(screen.getByRole('option', { name: 'Biodiversité au jardin – 2 avis, moyenne 3,5' }));
    expect(await screen.findByText('Sans commentaire')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Moyenne 3,5 sur 5 · 2 avis');

    URL.createObjectURL = vi.fn(() => 'blob:avis');
    URL.revokeObjectURL = vi.fn();
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname === '/api/formateur/satisfaction/export')).toBe(true));
    expect(api.calls.find((c) => c.url.pathname.endsWith('/export'))!.url.search).toBe('?course=8');
  });
});

describe('the administrators’ answers page', () => {
  it('shows who answered and hides an abusive comment after a confirmation', async () => {
    signInAs(sessionUser({ role: 'admin' }));
    let hidden = false;
    const api = mockApi({
      'GET /api/admin/satisfaction': () => ({
        body: page([answer({ id: 5, rating: 1, comment: 'Propos insultants', comment_hidden: hidden, learner: { id: 9, name: 'Hugo Insolent', email: 'hugo@exemple.fr' } })]),
      }),
      'PUT /api/admin/satisfaction/5/comment': () => {
        hidden = true;
        return { body: answer({ id: 5, comment_hidden: true }) };
      },
    });
    renderRoutes('/admin/avis', { '/admin/avis': <AdminSatisfactionPage /> });

    const item = await screen.findByRole('listitem', { name: 'Zéro déchet en entreprise, avis de Hugo Insolent' });
    expect(item).toHaveTextContent('Hugo Insolent (hugo@exemple.fr)');
    const user = userEvent.setup({ delay: null });
    await user.click(within(item).getByRole('button', { name: 'Masquer le commentaire' }));
    const dialog = screen.getByRole('dialog', { name: 'Masquer ce commentaire\u00a0?' });
    expect(dialog).toHaveTextContent('La note reste comptée dans la moyenne');
    await user.click(within(dialog).getByRole('button', { name: 'Masquer le commentaire' }));

    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ hidden: true }));
    expect(await within(item).findByText('Commentaire masqué')).toBeInTheDocument();
    // Administrators still read it, and may show it again.
    expect(item).toHaveTextContent('« Propos insultants »');
    expect(within(item).getByRole('button', { name: 'Afficher de nouveau' })).toBeInTheDocument();
  });
});
