import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providerMessages, type ProviderSettings } from '../../../../shared/provider';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import SettingsPage from './SettingsPage';

afterEach(() => vi.unstubAllGlobals());

const empty: ProviderSettings = {
  legal_name: null,
  siret: null,
  nda: null,
  address: null,
  postal_code: null,
  city: null,
  legal_representative: null,
  complaints_contact: null,
  disability_referent: null,
  vat_regime: null,
  inactivity_reminder_days: 7,
  cold_survey_days: 60,
  evidence_retention_years: 6,
  iban: null,
  bic: null,
  paid_access_opening: 'after_withdrawal',
  has_signature: false,
  missing: ['legal_name', 'nda', 'signature'],
  updated_at: null,
};

describe('SettingsPage', () => {
  it('says what documents wait for, and sends the settings typed', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'GET /api/admin/settings': { body: empty },
      'PUT /api/admin/settings': (_url, init) => ({ body: { ...empty, ...(JSON.parse(String(init!.body)) as object), missing: ['signature'] } }),
    });
    renderRoutes('/admin/parametres', { '/admin/parametres': <SettingsPage /> });
    expect(await screen.findByText(/tant qu’il manque : raison sociale, numéro de déclaration d’activité, signature\./)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Raison sociale' }), 'Terres Vivantes');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de déclaration d’activité' }), '11755555575');
    await user.type(screen.getByRole('textbox', { name: 'IBAN' }), 'FR76 3000 6000 0112 3456 7890 189');
    await user.clear(screen.getByRole('textbox', { name: 'Relance après inactivité (jours)' }));
    await user.type(screen.getByRole('textbox', { name: 'Relance après inactivité (jours)' }), '10');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    expect(await screen.findByRole('status')).toHaveTextContent(providerMessages.saved);
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ legal_name: 'Terres Vivantes', nda: '11755555575', inactivity_reminder_days: 10, cold_survey_days: 60, vat_regime: null, iban: 'FR76 3000 6000 0112 3456 7890 189', bic: null, paid_access_opening: 'after_withdrawal' });
    expect(await screen.findByText(/tant qu’il manque : signature\./)).toBeInTheDocument();
  });

  it('shows the server’s French message under the field it refuses', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/admin/settings': { body: empty },
      'PUT /api/admin/settings': { status: 422, body: { error_code: 'validation_failed', message: 'Certaines informations sont invalides.', errors: { nda: [providerMessages.ndaInvalid] } } },
    });
    renderRoutes('/admin/parametres', { '/admin/parametres': <SettingsPage /> });
    await user.type(await screen.findByRole('textbox', { name: 'Numéro de déclaration d’activité' }), '1234');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    expect(await screen.findByText(providerMessages.ndaInvalid)).toBeInTheDocument();
    expect(screen.getByText('Certaines informations sont invalides.')).toBeInTheDocument();
  });

  it('refuses a signature image over 1 Mo before sending it', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'GET /api/admin/settings': { body: empty } });
    renderRoutes('/admin/parametres', { '/admin/parametres': <SettingsPage /> });
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'signature.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Choisir l’image de la signature'), big);
    expect(screen.getByText(providerMessages.signatureTooLarge)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer la signature' })).toBeDisabled();
    expect(calls.some((c) => c.url.pathname.endsWith('/signature'))).toBe(false);
  });
});
