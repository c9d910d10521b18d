import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moderationMessages } from '../../../../shared/moderation';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import { ReportButton } from './ReportButton';

afterEach(() => vi.unstubAllGlobals());

function renderButton() {
  signInAs(sessionUser({ role: 'membre' }));
  renderRoutes('/', { '/': <ReportButton targetType="message" targetId={42} /> });
}

describe('the « Signaler » button and dialog', () => {
  it('sends a report with the keyboard only: labelled reason group, explanation, French confirmation, focus back on the button', async () => {
    const api = mockApi({ 'POST /api/reports': { status: 201, body: { id: 1, message: moderationMessages.reported } } });
    renderButton();
    const user = userEvent.setup({ delay: null });
    const button = screen.getByRole('button', { name: 'Signaler ce message' });
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Signaler ce message' });
    const group = within(dialog).getByRole('radiogroup', { name: /Motif du signalement/ });
    expect(within(group).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['illegal_content', 'harassment', 'hate_speech', 'spam', 'personal_data', 'other']);
    await user.click(within(group).getByRole('radio', { name: 'Harcèlement' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Explication/ }), 'Messages insistants et insultants.');
    await user.keyboard('{Tab}{Tab}{Enter}');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(moderationMessages.reported);
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ target_type: 'message', target_id: 42, reason: 'harassment', explanation: 'Messages insistants et insultants.' });
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Signaler ce message' })).toHaveFocus());
  });

  it('says in French what is missing, and sends nothing', async () => {
    const api = mockApi({});
    renderButton();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Signaler ce message' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(within(dialog).getByText('Choisissez le motif du signalement.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Contenu illicite' })).toHaveFocus();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam ou arnaque' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(within(dialog).getByText('Expliquez en quelques mots ce qui pose problème.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Explication/ })).toHaveFocus();
    expect(api.calls).toEqual([]);
  });

  it('shows the server’s refusal (already reported) in the dialog', async () => {
    mockApi({ 'POST /api/reports': { status: 409, body: { error_code: 'already_reported', message: moderationMessages.alreadyReported } } });
    renderButton();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Signaler ce message' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Spam ou arnaque' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Explication/ }), 'Publicité.');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    const plain = (text: string) => text.replace(/\s+/g, " ");
    expect(await within(screen.getByRole("dialog")).findByText(plain(moderationMessages.alreadyReported))).toBeInTheDocument();
  });
});
