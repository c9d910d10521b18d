import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '../../../../shared/account';
import { errorMessages } from '../../../../shared/errors';
import type { Profile } from '../../../../shared/profile';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import { EmailConfirmationBanner } from './EmailConfirmationBanner';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const profile = (confirmed: boolean) => ({ id: 7, email: 'camille@exemple.fr', email_confirmed: confirmed }) as Profile;
const renderBanner = () => renderRoutes('/', { '/': <EmailConfirmationBanner /> });
const BANNER = /Confirmez votre adresse e-mail/;

describe('EmailConfirmationBanner', () => {
  it('asks an unconfirmed account to confirm, and "Renvoyer" sends a new link with the server’s answer', async () => {
    signInAs(sessionUser({ emailConfirmed: false }));
    const { calls } = mockApi({
      'GET /api/user/profile': { body: profile(false) },
      'POST /api/user/email/confirmation': { status: 202, body: { message: accountMessages.confirmationSent('camille@exemple.fr') } },
    });
    renderBanner();
    expect(screen.getByText(BANNER)).toHaveTextContent('camille@exemple.fr');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Renvoyer' }));
    expect(await screen.findByRole('status')).toHaveTextContent(accountMessages.confirmationSent('camille@exemple.fr'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says when "Renvoyer" was used too often', async () => {
    signInAs(sessionUser({ emailConfirmed: false }));
    mockApi({
      'GET /api/user/profile': { body: profile(false) },
      'POST /api/user/email/confirmation': { status: 429, body: { error_code: 'too_many_attempts', message: errorMessages.too_many_attempts } },
    });
    renderBanner();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Renvoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.too_many_attempts);
  });

  it('goes away when the profile says the address was confirmed meanwhile (link opened elsewhere)', async () => {
    signInAs(sessionUser({ emailConfirmed: false }));
    mockApi({ 'GET /api/user/profile': { body: profile(true) } });
    renderBanner();
    await vi.waitFor(() => expect(screen.queryByText(BANNER)).not.toBeInTheDocument());
    expect(useSession.getState().user!.emailConfirmed).toBe(true);
    expect(localStorage.getItem('emailConfirmed')).toBeNull();
  });

  it('shows nothing, and asks nothing, for a confirmed account or a visitor', async () => {
    const { calls } = mockApi({});
    signInAs(sessionUser());
    const { unmount } = renderBanner();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    unmount();
    useSession.getState().clear();
    renderBanner();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
