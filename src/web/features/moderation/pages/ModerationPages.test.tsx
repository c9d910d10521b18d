import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moderationMessages, type AdminReport, type AdminReportsPage, type ModerationDecision } from '../../../../shared/moderation';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import AdminModerationPage from './AdminModerationPage';
import DecisionPage from './DecisionPage';

afterEach(() => vi.unstubAllGlobals());

function item(overrides: Partial<AdminReport> & { id: number }): AdminReport {
  return {
    kind: 'report',
    status: 'open',
    target_type: 'message',
    target_id: 31,
    excerpt: 'Achetez mes graines miracles !',
    link: '/messages/31',
    reason: 'spam',
    explanation: 'Publicité non sollicitée.',
    reporter_name: 'Rita Signalante',
    author_name: 'Paul Auteur',
    open_on_target: 2,
    contested_decision: null,
    decision: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const page = (items: AdminReport[]): AdminReportsPage => ({ items, total: items.length, page: 1, pageSize: 20 });

function decision(overrides: Partial<ModerationDecision> = {}): ModerationDecision {
  return {
    id: 9,
    action: 'hide',
    reason: 'Publicité commerciale interdite.',
    decided_at: '2026-11-21T09:00:00.000Z',
    decided_by: 'Alice Admin',
    target_type: 'message',
    excerpt: 'Achetez mes graines miracles !',
    reviews_decision_id: null,
    contest: null,
    contestable: true,
    ...overrides,
  };
}

describe('/admin/moderation', () => {
  it('lists the open reports, then decides one with the keyboard: action, reason, confirmation', async () => {
    signInAs(sessionUser({ role: 'admin' }));
    let decided = false;
    const api = mockApi({
      'GET /api/admin/reports': (url) => ({
        body: url.searchParams.get('status') === 'closed' ? page([item({ id: 3, status: 'closed', decision: { id: 8, action: 'keep', reason: 'Conforme.', decided_at: '2026-11-19T09:00:00.000Z', decided_by: 'Alice Admin' } })]) : page(decided ? [] : [item({ id: 5 })]),
      }),
      'POST /api/admin/reports/5/decision': () => {
        decided = true;
        return { body: decision() };
      },
    });
    renderRoutes('/admin/moderation', { '/admin/moderation': <AdminModerationPage /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Modération' })).toBeInTheDocument();
    const entry = (await screen.findAllByRole('listitem'))[0]!;
    expect(entry).toHaveTextContent('« Achetez mes graines miracles ! »');
    expect(entry).toHaveTextContent('Spam ou arnaque');
    expect(entry).toHaveTextContent('Rita Signalante');
    expect(entry).toHaveTextContent('Paul Auteur');
    expect(entry).toHaveTextContent('2 signalements ou contestations ouverts sur ce contenu');

    const user = userEvent.setup({ delay: null });
    const decide = within(entry).getByRole('button', { name: 'Décider' });
    decide.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Décider du signalement' });
    const group = within(dialog).getByRole('radiogroup', { name: /Décision/ });
    // Refused without a choice and a reason.
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la décision' }));
    expect(within(dialog).getByText(/Choisissez la décision/)).toBeInTheDocument();
    within(group).getByRole('radio', { name: /^Maintenir le contenu/ }).focus();
    await user.keyboard('{ArrowDown}');
    expect(within(group).getByRole('radio', { name: /^Masquer le contenu/ })).toBeChecked();
    await user.tab();
    await user.keyboard('Publicité commerciale interdite.');
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Enregistrer la décision' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ action: 'hide', reason: 'Publicité commerciale interdite.' });
    expect(await screen.findByText(/Décision enregistrée : contenu masqué/)).toBeInTheDocument();
    expect(await screen.findByText('Aucun signalement à traiter.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(screen.getByRole('option', { name: 'Traités' }));
    expect(await screen.findByText(/Contenu maintenu, le .* par Alice Admin\. Motif : Conforme\./)).toBeInTheDocument();
  });

  it('answers a contest of a deletion: hiding is not offered, annulling says the content cannot come back', async () => {
    signInAs(sessionUser({ role: 'admin' }));
    mockApi({
      'GET /api/admin/reports': {
        body: page([
          item({ id: 6, kind: 'contest', reason: null, explanation: 'Ce n’était pas de la publicité.', reporter_name: 'Paul Auteur', open_on_target: 1, contested_decision: { id: 9, action: 'delete', reason: 'Arnaque.', decided_at: '2026-11-21T09:00:00.000Z', decided_by: 'Alice Admin' } }),
        ]),
      },
    });
    renderRoutes('/admin/moderation', { '/admin/moderation': <AdminModerationPage /> });
    const entry = (await screen.findAllByRole('listitem'))[0]!;
    expect(entry).toHaveTextContent('Contestation');
    expect(entry).toHaveTextContent('Ce n’était pas de la publicité.');
    const user = userEvent.setup({ delay: null });
    await user.click(within(entry).getByRole('button', { name: 'Répondre à la contestation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Répondre à la contestation' });
    expect(within(dialog).getByRole('radio', { name: /^Confirmer le masquage/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /^Annuler la décision – le contenu supprimé ne peut pas être rétabli/ })).toBeEnabled();
  });
});

describe('/moderation/decisions/{id}', () => {
  it('shows the statement of reasons and lets the author contest once', async () => {
    signInAs(sessionUser({ role: 'membre' }));
    let contested = false;
    const api = mockApi({
      'GET /api/moderation/decisions/9': () => ({
        body: contested ? decision({ contestable: false, contest: { explanation: 'Lien utile.', contested_at: '2026-11-22T09:00:00.000Z', answer: null } }) : decision(),
      }),
      'POST /api/moderation/decisions/9/contest': () => {
        contested = true;
        return { status: 201, body: { id: 12, message: moderationMessages.contested } };
      },
    });
    renderRoutes('/moderation/decisions/9', { '/moderation/decisions/:id': <DecisionPage /> });
    expect(await screen.findByRole('heading', { level: 2, name: 'Contenu masqué' })).toBeInTheDocument();
    expect(screen.getByText(/Publicité commerciale interdite\./)).toBeInTheDocument();
    expect(screen.getByText(/organisme de règlement extrajudiciaire/)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Envoyer ma contestation' }));
    expect(screen.getByText('Expliquez pourquoi vous contestez cette décision.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Pourquoi contestez-vous/ }), 'Lien utile.');
    await user.click(screen.getByRole('button', { name: 'Envoyer ma contestation' }));
    expect(await screen.findByText(/Votre contestation est en cours d’examen/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Envoyer ma contestation' })).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ explanation: 'Lien utile.' });
  });

  it('says so when the decision is not the caller’s', async () => {
    signInAs(sessionUser({ role: 'membre' }));
    mockApi({ 'GET /api/moderation/decisions/9': { status: 403, body: { error_code: 'forbidden', message: moderationMessages.notAuthor } } });
    renderRoutes('/moderation/decisions/9', { '/moderation/decisions/:id': <DecisionPage /> });
    expect(await screen.findByRole('alert')).toHaveTextContent(/Seul l’auteur du contenu/);
  });
});
