import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '../../../../shared/account';
import { errorMessages } from '../../../../shared/errors';
import { passwordMessages } from '../../../../shared/password';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { Arrival, renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import ConfirmEmailPage from './ConfirmEmailPage';

beforeEach(() => useSession.getState().clear());
afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'jeton-du-lien-de-confirmation';
const renderPage = (entry = `/confirmer-email?token=${TOKEN}`) =>
  renderRoutes(entry, { '/confirmer-email': <ConfirmEmailPage />, '*': <Arrival /> }, { showLocation: true });
const confirmButton = () => screen.getByRole('button', { name: 'Confirmer mon adresse e-mail' });

describe('ConfirmEmailPage', () => {
  it('takes the token out of the address and asks for no referrer; nothing is sent before the button', async () => {
    const { calls } = mockApi({});
    renderPage();
    expect(await screen.findByTestId('adresse')).toHaveTextContent(/^\/confirmer-email$/);
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    expect(screen.getByRole('heading', { level: 1, name: 'Confirmer mon adresse e-mail' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('confirms with the token and shows the server’s message', async () => {
    const { calls } = mockApi({ 'POST /api/email/confirm': { body: { kind: 'confirmation', email: 'lea@exemple.fr', user_id: 9, message: accountMessages.emailConfirmed } } });
    renderPage();
    await userEvent.setup({ delay: null }).click(confirmButton());
    expect(await screen.findByText(accountMessages.emailConfirmed, { normalizer: (t) => t })).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ token: TOKEN });
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
  });

  it('signed in as that account, updates the session to the new, confirmed address', async () => {
    signInAs(sessionUser({ id: 9, email: 'ancienne@exemple.fr', emailConfirmed: false }));
    const message = accountMessages.emailChangedDone('nouvelle@exemple.fr');
    mockApi({ 'POST /api/email/confirm': { body: { kind: 'change', email: 'nouvelle@exemple.fr', user_id: 9, message } } });
    renderPage();
    await userEvent.setup({ delay: null }).click(confirmButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(useSession.getState().user).toMatchObject({ email: 'nouvelle@exemple.fr', emailConfirmed: true });
    expect(localStorage.getItem('email')).toBe('nouvelle@exemple.fr');
  });

  it('leaves another signed-in account as it is', async () => {
    signInAs(sessionUser({ id: 3, email: 'autre@exemple.fr' }));
    mockApi({ 'POST /api/email/confirm': { body: { kind: 'change', email: 'nouvelle@exemple.fr', user_id: 9, message: 'ok' } } });
    renderPage();
    await userEvent.setup({ delay: null }).click(confirmButton());
    await screen.findByText('ok');
    expect(useSession.getState().user!.email).toBe('autre@exemple.fr');
  });

  it('says when the link is used, expired or taken meanwhile', async () => {
    mockApi({ 'POST /api/email/confirm': { status: 400, body: { error_code: 'invalid_link', message: errorMessages.invalid_link } } });
    renderPage();
    await userEvent.setup({ delay: null }).click(confirmButton());
    expect(await screen.findByText(errorMessages.invalid_link, { normalizer: (t) => t })).toBeInTheDocument();
  });

  it('says when the address has no token', async () => {
    mockApi({});
    renderPage('/confirmer-email');
    expect(await screen.findByText(passwordMessages.linkMissing)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmer mon adresse e-mail' })).not.toBeInTheDocument();
  });
});
