import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../../../shared/auth';
import { errorMessages } from '../../../../shared/errors';
import { passwordMessages } from '../../../../shared/password';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { Arrival, renderRoutes } from '../../../test/render';
import ResetPasswordPage from './ResetPasswordPage';

beforeEach(() => useSession.getState().clear());
afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'jeton-du-lien-recu-par-e-mail';
const renderPage = (entry = `/reinitialiser-mot-de-passe?token=${TOKEN}`) =>
  renderRoutes(entry, { '/reinitialiser-mot-de-passe': <ResetPasswordPage />, '*': <Arrival /> }, { showLocation: true });

async function choose(password: string, confirmation = password) {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/^Nouveau mot de passe/), password);
  await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
}

describe('ResetPasswordPage', () => {
  it('takes the token out of the address at once, and asks browsers for no referrer', async () => {
    mockApi({});
    renderPage();
    expect(await screen.findByTestId('adresse')).toHaveTextContent(/^\/reinitialiser-mot-de-passe$/);
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  });

  it('sends the token with the new password, then shows the login screen with the server message', async () => {
    const { calls } = mockApi({ 'POST /api/password/reset': { body: { message: passwordMessages.resetDone } } });
    renderPage();
    await choose('Nouveau-passe9');
    expect(await screen.findByText('Arrivée : /login')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ token: TOKEN, password: 'Nouveau-passe9' });
    expect(useSession.getState().notice).toBe(passwordMessages.resetDone);
  });

  it('applies the signup rules and the confirmation before sending', async () => {
    const { calls } = mockApi({});
    renderPage();
    await choose('toutpetit');
    expect(await screen.findByText(authMessages.passwordTooWeak)).toBeInTheDocument();
    await userEvent.setup({ delay: null }).clear(screen.getByLabelText(/^Nouveau mot de passe/));
    await choose('Nouveau-passe9', 'Autre-chose9');
    expect(await screen.findByText(authMessages.passwordsMismatch)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says when the link is used or expired, and offers a new one', async () => {
    mockApi({ 'POST /api/password/reset': { status: 400, body: { error_code: 'invalid_link', message: errorMessages.invalid_link } } });
    renderPage();
    await choose('Nouveau-passe9');
    expect(await screen.findByText(errorMessages.invalid_link, { normalizer: (t) => t })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer le mot de passe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/mot-de-passe-oublie');
  });

  it('without a token explains the link is incomplete', () => {
    mockApi({});
    renderPage('/reinitialiser-mot-de-passe');
    expect(screen.getByText(passwordMessages.linkMissing)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Nouveau mot de passe/)).not.toBeInTheDocument();
  });
});
