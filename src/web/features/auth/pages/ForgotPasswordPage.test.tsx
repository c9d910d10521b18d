import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '../../../../shared/auth';
import { errorMessages } from '../../../../shared/errors';
import { passwordMessages } from '../../../../shared/password';
import { mockApi } from '../../../test/api';
import { Arrival, renderRoutes } from '../../../test/render';
import ForgotPasswordPage from './ForgotPasswordPage';

afterEach(() => vi.unstubAllGlobals());

const renderPage = () => renderRoutes('/mot-de-passe-oublie', { '/mot-de-passe-oublie': <ForgotPasswordPage />, '*': <Arrival /> });

describe('ForgotPasswordPage', () => {
  it('sends the e-mail and shows the one answer the server gives for every address', async () => {
    const { calls } = mockApi({ 'POST /api/password/forgot': { status: 202, body: { message: passwordMessages.forgotAccepted } } });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/Adresse e-mail/), ' Zoe@Exemple.fr ');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien' }));
    expect(await screen.findByRole('status')).toHaveTextContent(passwordMessages.forgotAccepted);
    expect(calls[0]!.body).toEqual({ email: 'zoe@exemple.fr' });
    expect(screen.queryByRole('button', { name: 'Recevoir le lien' })).not.toBeInTheDocument();
  });

  it('refuses an empty or malformed e-mail before sending', async () => {
    const { calls } = mockApi({});
    renderPage();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien' }));
    expect(await screen.findByText(authMessages.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien' }));
    expect(await screen.findByText(authMessages.emailInvalid)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says when too many requests were made', async () => {
    mockApi({ 'POST /api/password/forgot': { status: 429, body: { error_code: 'too_many_attempts', message: errorMessages.too_many_attempts } } });
    renderPage();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'zoe@exemple.fr');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien' }));
    expect(await screen.findByText(errorMessages.too_many_attempts)).toBeInTheDocument();
  });
});
