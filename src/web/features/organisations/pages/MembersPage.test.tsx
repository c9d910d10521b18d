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

  it('previews a CSV file with each row’s French error; imports only the valid rows when asked, with a report of the refused ones', async () => {
    const rows = [
      { line: 2, email: 'chloe@exemple.fr', firstname: 'Chloé', lastname: 'Durand', status: 'new', message: null },
      { line: 3, email: 'pas-une-adresse', firstname: 'Denis', lastname: null, status: 'error', message: organisationMessages.rowEmailInvalid },
      { line: 4, email: 'chloe@exemple.fr', firstname: null, lastname: null, status: 'duplicate', message: organisationMessages.rowDuplicate(2) },
      { line: 5, email: 'eve@exemple.fr', firstname: null, lastname: null, status: 'new', message: null },
    ];
    const { calls } = renderMembers({
      'POST /api/organisation/invitations/preview': { body: { rows, counts: { new: 2, resend: 0, recent: 0, duplicate: 1, error: 1 } } },
      'POST /api/organisation/invitations/import': { status: 201, body: { invited: 2, resent: 0, recent: 0, merged: 1, skipped: 1 } },
    });
    const saved: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:rapport'), revokeObjectURL: () => undefined }));
    const user = userEvent.setup({ delay: null });
    const text = 'email;prénom;nom\nchloe@exemple.fr;Chloé;Durand\npas-une-adresse;Denis;\nchloe@exemple.fr;;\neve@exemple.fr;;';
    await user.upload(screen.getByLabelText('Fichier CSV des personnes à inviter'), csvFile(text));
    const preview = await screen.findByRole('region', { name: "Aperçu de l'import" });
    expect(within(preview).getByText(organisationMessages.rowEmailInvalid, exact)).toBeInTheDocument();
    expect(within(preview).getByText(organisationMessages.rowDuplicate(2), exact)).toBeInTheDocument();
    expect(within(preview).getByText('Chloé Durand')).toBeInTheDocument();
    expect(within(preview).getByText('1 ligne est refusée\u00a0: importez seulement les lignes valides, ou corrigez le fichier puis choisissez-le de nouveau.', exact)).toBeInTheDocument();
    expect(within(preview).queryByRole('button', { name: 'Importer 2 invitations' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/import'))).toBe(false);

    await user.click(within(preview).getByRole('button', { name: 'Télécharger le rapport (CSV)' }));
    expect(saved).toHaveLength(1);
    // UTF-8 with its byte order mark (Excel), then the refused rows only (text() drops the mark).
    expect([...new Uint8Array(await saved[0]!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const report = await saved[0]!.text();
    expect(report).toBe('Ligne;E-mail;Prénom;Nom;Erreur\r\n3;pas-une-adresse;Denis;;L\'adresse e-mail n\'est pas valide.\r\n');

    await user.click(within(preview).getByRole('button', { name: 'Importer les 2 invitations valides' }));
    expect(await screen.findByText('2 invitations envoyées, 1 doublon fusionné, 1 ligne refusée non importée.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname.endsWith('/import'))!.body).toEqual({ csv: text, skip_invalid: true });
  });

  it('imports a clean file after the preview, all or nothing (no skip_invalid)', async () => {
    const { calls } = renderMembers({
      'POST /api/organisation/invitations/preview': {
        body: {
          rows: [
            { line: 1, email: 'a@exemple.fr', firstname: null, lastname: null, status: 'new', message: null },
            { line: 2, email: 'b@exemple.fr', firstname: null, lastname: null, status: 'resend', message: organisationMessages.rowResend },
          ],
          counts: { new: 1, resend: 1, recent: 0, duplicate: 0, error: 0 },
        },
      },
      'POST /api/organisation/invitations/import': { status: 201, body: { invited: 1, resent: 1, recent: 0, merged: 0, skipped: 0 } },
    });
    const user = userEvent.setup({ delay: null });
    await user.upload(screen.getByLabelText('Fichier CSV des personnes à inviter'), csvFile('a@exemple.fr\nb@exemple.fr'));
    expect(await screen.findByRole('button', { name: 'Importer 2 invitations' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Télécharger le rapport (CSV)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Importer 2 invitations' }));
    expect(await screen.findByText('1 invitation envoyée, 1 invitation renvoyée.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname.endsWith('/import'))!.body).toEqual({ csv: 'a@exemple.fr\nb@exemple.fr' });
  });

  it('enrols the selected members and shows the server’s refusal beyond the seats', async () => {
    const refusal = "Il ne reste aucune place pour «\u00a0Eau\u00a0»\u00a0: impossible d'inscrire ce membre. Demandez un devis pour des places supplémentaires.";
    renderMembers({
      'GET /api/organisation/courses': { body: [{ id: 7, title: 'Eau', seats: 2, used: 2 }] },
      'POST /api/organisation/enrolments': { status: 409, body: { error_code: 'seats_exhausted', message: refusal } },
    });
    const user = userEvent.setup({ delay: null });
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
