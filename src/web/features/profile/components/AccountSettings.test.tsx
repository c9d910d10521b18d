import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '../../../../shared/account';
import { authMessages } from '../../../../shared/auth';
import { errorMessages } from '../../../../shared/errors';
import { passwordMessages } from '../../../../shared/password';
import { profileMessages } from '../../../../shared/profile';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { useEndSessionOnArrival } from '../../../lib/end-session';
import { ArrivalWithState, renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import { ChangeEmailForm } from './ChangeEmailForm';
import { MyDataSection } from './MyDataSection';

/** The home page with what the layout does around every page: end the session the navigation asks to end. */
function HomeInLayout() {
  useEndSessionOnArrival();
  return <ArrivalWithState />;
}

beforeEach(() => signInAs(sessionUser({ email: 'zoe@exemple.fr' })));
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

const invalid = (errors: Record<string, string[]>) => ({ status: 422, body: { error_code: 'validation_failed', message: errorMessages.validation_failed, errors } });

describe('ChangeEmailForm', () => {
  const renderForm = () => renderRoutes('/profile', { '/profile': <ChangeEmailForm currentEmail="zoe@exemple.fr" /> });

  it('checks the address and the password before sending anything', async () => {
    const { calls } = mockApi({});
    renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Nouvelle adresse e-mail/), 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien de confirmation' }));
    expect(await screen.findByText(authMessages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(passwordMessages.currentRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the new address with the password and says where the link went; a wrong password shows under its field', async () => {
    const { calls } = mockApi({
      'POST /api/user/email/change': (_url, init) =>
        JSON.parse(String(init!.body)).currentPassword === 'Motdepasse1'
          ? { status: 202, body: { message: accountMessages.emailChangeSent('nouvelle@exemple.fr') } }
          : invalid({ currentPassword: [profileMessages.currentPasswordWrong] }),
    });
    renderForm();
    const user = userEvent.setup({ delay: null });
    expect(screen.getByText(/Votre adresse actuelle est zoe@exemple\.fr/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Nouvelle adresse e-mail/), ' Nouvelle@Exemple.fr ');
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Mauvais-passe1');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien de confirmation' }));
    expect(await screen.findByText(profileMessages.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Mot de passe actuel/)).toHaveAccessibleDescription(profileMessages.currentPasswordWrong);

    await user.clear(screen.getByLabelText(/^Mot de passe actuel/));
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Motdepasse1');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien de confirmation' }));
    expect((await screen.findByRole('status')).textContent).toBe(accountMessages.emailChangeSent('nouvelle@exemple.fr'));
    expect(calls.at(-1)!.body).toEqual({ email: 'nouvelle@exemple.fr', currentPassword: 'Motdepasse1' });
    // The form is emptied; the session keeps the current address until the link is opened.
    expect(screen.getByLabelText(/^Nouvelle adresse e-mail/)).toHaveValue('');
    expect(useSession.getState().user!.email).toBe('zoe@exemple.fr');
  });

  it('shows a taken address under the address field', async () => {
    mockApi({ 'POST /api/user/email/change': { status: 409, body: { error_code: 'email_taken', message: errorMessages.email_taken, errors: { email: [errorMessages.email_taken] } } } });
    renderForm();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Nouvelle adresse e-mail/), 'prise@exemple.fr');
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Motdepasse1');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien de confirmation' }));
    expect(await screen.findByText(errorMessages.email_taken)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nouvelle adresse e-mail/)).toHaveAccessibleDescription(errorMessages.email_taken);
  });
});

describe('MyDataSection', () => {
  const renderSection = () =>
    renderRoutes('/profile', { '/profile': <MyDataSection />, '/': <HomeInLayout /> });

  it('downloads the ZIP through the authenticated API, under the server’s name', async () => {
    const createObjectURL = vi.fn(() => 'blob:archive');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetchMock = vi.fn(async () => new Response(new Uint8Array([80, 75, 5, 6]), { status: 200, headers: { 'Content-Disposition': 'attachment; filename="ecoforma-mes-donnees-2026-11-25.zip"' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderSection();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/data');
    expect(init.headers).toEqual({ Authorization: 'Bearer jeton-de-test' });
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('ecoforma-mes-donnees-2026-11-25.zip');
    click.mockRestore();
  });

  it('says when too many exports were asked for', async () => {
    mockApi({ 'GET /api/user/data': { status: 429, body: { error_code: 'too_many_attempts', message: errorMessages.too_many_attempts } } });
    renderSection();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    expect(await screen.findByText(errorMessages.too_many_attempts)).toBeInTheDocument();
  });

  it('deletes the account only with the password and the typed word, then signs out and says so on the home page', async () => {
    const { calls } = mockApi({
      'DELETE /api/user/account': (_url, init) =>
        JSON.parse(String(init!.body)).currentPassword === 'Motdepasse1' ? { status: 204 } : invalid({ currentPassword: [profileMessages.currentPasswordWrong] }),
    });
    renderSection();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer définitivement mon compte\u00a0?' });
    expect(within(dialog).getByLabelText(/^Mot de passe actuel/)).toHaveFocus();

    await user.type(within(dialog).getByLabelText(/^Mot de passe actuel/), 'Mauvais-passe1');
    await user.type(within(dialog).getByLabelText(/^Saisissez SUPPRIMER pour confirmer/), 'oui');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect(await within(dialog).findByText(accountMessages.confirmationRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/^Saisissez SUPPRIMER pour confirmer/));
    await user.type(within(dialog).getByLabelText(/^Saisissez SUPPRIMER pour confirmer/), 'SUPPRIMER');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect(await within(dialog).findByText(profileMessages.currentPasswordWrong)).toBeInTheDocument();
    expect(useSession.getState().isAuthenticated).toBe(true);

    await user.clear(within(dialog).getByLabelText(/^Mot de passe actuel/));
    await user.type(within(dialog).getByLabelText(/^Mot de passe actuel/), 'Motdepasse1');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect(await screen.findByText(/Arrivée : \/ avec/)).toHaveTextContent(accountMessages.accountDeleted);
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', body: { currentPassword: 'Motdepasse1', confirmation: 'SUPPRIMER' } });
    // The session ends in an effect of the page reached, which React may run just after it is on screen.
    await waitFor(() => expect(useSession.getState().isAuthenticated).toBe(false));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows the server’s refusal for an author of published courses, and keeps the session', async () => {
    mockApi({ 'DELETE /api/user/account': { status: 409, body: { error_code: 'invalid_transition', message: accountMessages.authorOfLiveCourses } } });
    renderSection();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Mot de passe actuel/), 'Motdepasse1');
    await user.type(within(dialog).getByLabelText(/^Saisissez SUPPRIMER pour confirmer/), 'SUPPRIMER');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect(await within(dialog).findByText(accountMessages.authorOfLiveCourses, { normalizer: (t) => t })).toBeInTheDocument();
    expect(useSession.getState().isAuthenticated).toBe(true);
  });
});
