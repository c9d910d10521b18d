import { cleanup, getDefaultNormalizer, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { organisationMessages } from '../../../../shared/organisations';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { Arrival, renderRoutes } from '../../../test/render';
import JoinPage from './JoinPage';

const invitation = { organisation_name: 'Coop Soleil', email: 'lea@exemple.fr', expires_at: '2030-01-01T00:00:00Z' };

function signIn(role: 'membre' | 'formateur', email = 'lea@exemple.fr') {
  useSession.getState().setSession('jeton', { id: 4, role, email, firstname: 'Léa', lastname: 'B', isApproved: true, hasMeeting: false });
}

function renderJoin(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'POST /api/invitations/lookup': { body: invitation }, ...extra });
  renderRoutes('/rejoindre?token=jeton-du-lien', { '/rejoindre': <JoinPage />, '*': <Arrival /> }, { showLocation: true });
  return api;
}

/** French messages keep their no-break spaces (before « : », inside « »): compared as written. */
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

beforeEach(() => {
  useSession.getState().clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('JoinPage', () => {
  it('takes the token out of the address, asks for consent, then joins', async () => {
    signIn('membre');
    const { calls } = renderJoin({ 'POST /api/invitations/accept': { body: { id: 1, organisation_name: 'Coop Soleil', joined_at: '2026-01-01T00:00:00Z', courses: [] } } });
    expect(await screen.findByText('Coop Soleil')).toBeInTheDocument();
    expect(screen.getByTestId('adresse')).toHaveTextContent(/^\/rejoindre$/);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: "Rejoindre l'organisation" }));
    expect(await screen.findByText(organisationMessages.consentRequired, exact)).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/invitations/accept')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: "J'accepte de partager ma progression avec Coop Soleil." }));
    await user.click(screen.getByRole('button', { name: "Rejoindre l'organisation" }));
    expect(await screen.findByText(/Vous avez rejoint Coop Soleil/)).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/invitations/accept')!.body).toEqual({ token: 'jeton-du-lien', consent: true });
  });

  it('declines', async () => {
    signIn('membre');
    const { calls } = renderJoin({ 'POST /api/invitations/decline': { status: 204 } });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: "Refuser l'invitation" }));
    expect(await screen.findByText(/Vous avez refusé l'invitation/)).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/invitations/decline')!.body).toEqual({ token: 'jeton-du-lien' });
  });

  it('tells another account, or a trainer, that the invitation is not theirs to answer', async () => {
    signIn('membre', 'autre@exemple.fr');
    const { unmount } = renderRoutes('/rejoindre?token=t', { '/rejoindre': <JoinPage /> });
    mockApi({ 'POST /api/invitations/lookup': { body: invitation } });
    unmount();
    renderJoin();
    expect(await screen.findByText(organisationMessages.invitationOtherAccount, exact)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Rejoindre l'organisation" })).not.toBeInTheDocument();
  });

  it('shows why a spent or expired link does not work', async () => {
    signIn('membre');
    renderJoin({ 'POST /api/invitations/lookup': { status: 400, body: { error_code: 'invalid_link', message: organisationMessages.invitationInvalid } } });
    expect(await screen.findByText(organisationMessages.invitationInvalid, exact)).toBeInTheDocument();
  });

  it('finds the invitation again after a reload (the token kept for the tab), and forgets it once answered', async () => {
    signIn('membre');
    renderJoin();
    expect(await screen.findByText('Coop Soleil')).toBeInTheDocument();
    cleanup();
    const { calls } = mockApi({ 'POST /api/invitations/lookup': { body: invitation }, 'POST /api/invitations/decline': { status: 204 } });
    renderRoutes('/rejoindre', { '/rejoindre': <JoinPage />, '*': <Arrival /> });
    expect(await screen.findByText('Coop Soleil')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/invitations/lookup')!.body).toEqual({ token: 'jeton-du-lien' });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: "Refuser l'invitation" }));
    expect(await screen.findByText(/Vous avez refusé l'invitation/)).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });

  it('without any link, sends the learner to the invitations of the profile', async () => {
    signIn('membre');
    mockApi({});
    renderRoutes('/rejoindre', { '/rejoindre': <JoinPage />, '*': <Arrival /> });
    expect(await screen.findByRole('link', { name: 'Mes invitations' })).toHaveAttribute('href', '/profile#organisations');
  });
});
