import { getDefaultNormalizer, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { organisationMessages, type OrganisationMembersResponse } from '../../../../shared/organisations';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { Arrival, renderRoutes } from '../../../test/render';
import MembersPage from './MembersPage';

const members: OrganisationMembersResponse = {
  items: [
    { id: 1, email: 'anne@exemple.fr', status: 'active', expired: false, name: 'Anne Avance', invited_at: '2026-01-02T10:00:00Z', joined_at: '2026-01-03T10:00:00Z', ended_at: null, courses: [] },
    { id: 2, email: 'bruno@exemple.fr', status: 'invited', expired: false, name: null, invited_at: '2026-01-02T10:00:00Z', joined_at: null, ended_at: null, courses: [] },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
  counts: { active: 1, invited: 1, declined: 0, left: 0, removed: 0 },
};

function renderMembers(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/organisation/members': { body: members }, ...extra });
  renderRoutes('/organisme/membres', { '/organisme/membres': <MembersPage />, '*': <Arrival /> });
  return api;
}

const csvFile = (text: string) => new File([text], 'equipe.csv', { type: 'text/csv' });

/** French messages keep their no-break spaces (before « : », inside « »): compared as written. */
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

beforeEach(() => useSession.getState().setSession('jeton', { id: 3, role: 'organisme', email: 'rh@asso.fr', firstname: 'O', lastname: 'C', isApproved: true, hasMeeting: false }));
afterEach(() => vi.unstubAllGlobals());

describe('MembersPage', () => {
  it('lists members with their status; only a consenting member shows a name and can be selected', async () => {
    renderMembers();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Anne Avance')).toBeInTheDocument();
    expect(within(table).getByText('Invitation envoyée')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Sélectionner Anne Avance' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Sélectionner bruno@exemple.fr' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inscrire à une formation' })).toBeDisabled();
  });

  it('previews a CSV file with each row’s French error and refuses to import it while one row is wrong', async () => {
    const { calls } = renderMembers({
      'POST /api/organisation/invitations/preview': {
        body: {
          rows: [
            { line: 2, email: 'chloe@exemple.fr', status: 'new', message: null },
            { line: 3, email: 'pas-une-adresse', status: 'error', message: organisationMessages.rowEmailInvalid },
            { line: 4, email: 'chloe@exemple.fr', status: 'error', message: organisationMessages.rowDuplicate(2) },
          ],
          counts: { new: 1, resend: 0, error: 2 },
        },
      },
    });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Fichier CSV des personnes à inviter'), csvFile('email\nchloe@exemple.fr\npas-une-adresse\nchloe@exemple.fr'));
    const preview = await screen.findByRole('region', { name: "Aperçu de l'import" });
    expect(within(preview).getByText(organisationMessages.rowEmailInvalid, exact)).toBeInTheDocument();
    expect(within(preview).getByText('Cette adresse figure déjà ligne 2 du fichier.')).toBeInTheDocument();
    expect(within(preview).getByText(organisationMessages.importHasErrors, exact)).toBeInTheDocument();
    expect(within(preview).getByRole('button', { name: 'Importer 1 invitation' })).toBeDisabled();
    expect(calls.find((c) => c.url.pathname.endsWith('/preview'))!.body).toEqual({ csv: 'email\nchloe@exemple.fr\npas-une-adresse\nchloe@exemple.fr' });
    expect(calls.some((c) => c.url.pathname.endsWith('/import'))).toBe(false);
  });

  it('imports a clean file after the preview', async () => {
    renderMembers({
      'POST /api/organisation/invitations/preview': { body: { rows: [{ line: 1, email: 'a@exemple.fr', status: 'new', message: null }, { line: 2, email: 'b@exemple.fr', status: 'resend', message: organisationMessages.rowResend }], counts: { new: 1, resend: 1, error: 0 } } },
      'POST /api/organisation/invitations/import': { status: 201, body: { invited: 1, resent: 1 } },
    });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Fichier CSV des personnes à inviter'), csvFile('a@exemple.fr\nb@exemple.fr'));
    await user.click(await screen.findByRole('button', { name: 'Importer 2 invitations' }));
    expect(await screen.findByText('1 invitation envoyée, 1 invitation renvoyée.')).toBeInTheDocument();
  });

  it('enrols the selected members and shows the server’s refusal beyond the seats', async () => {
    const refusal = "Il ne reste aucune place pour «\u00a0Eau\u00a0»\u00a0: impossible d'inscrire ce membre. Demandez des places supplémentaires à l'équipe EcoForma.";
    renderMembers({
      'GET /api/organisation/courses': { body: [{ id: 7, title: 'Eau', seats: 2, used: 2 }] },
      'POST /api/organisation/enrolments': { status: 409, body: { error_code: 'seats_exhausted', message: refusal } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Sélectionner Anne Avance' }));
    await user.click(screen.getByRole('button', { name: 'Inscrire à une formation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inscrire 1 membre à une formation' });
    await user.selectOptions(within(dialog).getByLabelText(/^Formation/), '7');
    expect(within(dialog).getByRole('option', { name: 'Eau (aucune place restante sur 2)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Inscrire' }));
    expect(await within(dialog).findByText(refusal, exact)).toBeInTheDocument();
  });

  it('sends an organisation without its details to its profile', async () => {
    mockApi({ 'GET /api/organisation/members': { status: 409, body: { error_code: 'invalid_transition', message: organisationMessages.detailsMissing } } });
    renderRoutes('/organisme/membres', { '/organisme/membres': <MembersPage />, '*': <Arrival /> });
    expect(await screen.findByRole('link', { name: 'Aller à mon profil' })).toHaveAttribute('href', '/profile');
  });
});
