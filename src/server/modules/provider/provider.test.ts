import { describe, expect, it } from 'vitest';
import { organisationMessages } from '../../../shared/organisations';
import { providerMessages, requiredProviderFields, type ProviderSettings } from '../../../shared/provider';
import { providerSettings } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, setProviderSettings } from '../../test/factories';
import sharp from 'sharp';
import { multipartBody, pdfDocument, pngImage } from '../../test/files';
import { followUpSettings, providerIdentity, sellingSettings } from './index';

const { app, db, storage } = await createTestApp();
const admin = await createUser(db, { role: 'admin' });
const member = await createUser(db);

const filled = {
  legal_name: 'Terres Vivantes Formation',
  siret: '901 234 567 00013',
  nda: '11 75 55555 75',
  address: '3 place du Marché',
  postal_code: '69003',
  city: 'Lyon',
  legal_representative: 'Alix Bernard',
  complaints_contact: 'qualite@terres-vivantes.fr',
  disability_referent: 'Noé Petit, 04 72 00 00 00',
  vat_regime: 'exempt_261_4_4',
  inactivity_reminder_days: 10,
  cold_survey_days: 90,
  evidence_retention_years: 6,
};

async function put(body: object, user = admin) {
  return app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await authHeader(db, user), payload: body });
}

async function putSignature(data: Buffer, filename = 'signature.png', contentType = 'image/png') {
  const { payload, headers } = multipartBody([{ name: 'signature', filename, contentType, data }]);
  return app.inject({ method: 'PUT', url: '/api/admin/settings/signature', headers: { ...headers, ...(await authHeader(db, admin)) }, payload });
}

describe('the provider settings', () => {
  it('are for administrators only', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/admin/settings' },
      { method: 'PUT' as const, url: '/api/admin/settings', payload: filled },
      { method: 'GET' as const, url: '/api/admin/settings/signature' },
    ]) {
      expect((await app.inject(request)).statusCode).toBe(401);
      expect((await app.inject({ ...request, headers: await authHeader(db, member) })).statusCode).toBe(403);
    }
  });

  it('start empty, with the defaults of the delays and every document setting missing', async () => {
    await db.delete(providerSettings);
    const res = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: await authHeader(db, admin) });
    expect(res.statusCode).toBe(200);
    const settings = res.json() as ProviderSettings;
    expect(settings).toMatchObject({ legal_name: null, inactivity_reminder_days: 7, cold_survey_days: 60, evidence_retention_years: 6, has_signature: false, updated_at: null });
    expect(settings.missing).toEqual([...requiredProviderFields]);
    await expect(followUpSettings(db)).resolves.toEqual({ inactivityReminderDays: 7, coldSurveyDays: 60, evidenceRetentionYears: 6 });
  });

  it('are saved normalised, then name the provider on documents once the signature is there', async () => {
    await db.delete(providerSettings);
    const saved = await put(filled);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ siret: '90123456700013', nda: '11755555575', missing: ['signature'] });
    await expect(providerIdentity({ db, storage })).rejects.toMatchObject({ statusCode: 409, code: 'provider_settings_missing', message: providerMessages.incomplete(['signature']) });

    const jpeg = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
    const signed = await putSignature(jpeg, 'signature.jpg', 'image/jpeg');
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ has_signature: true, missing: [] });
    const identity = await providerIdentity({ db, storage });
    expect(identity).toMatchObject({ legalName: 'Terres Vivantes Formation', nda: '11755555575', vatRegime: 'exempt_261_4_4' });
    // Kept as a PNG whatever was sent, so documents print one format.
    expect(identity.signature.data.subarray(1, 4).toString()).toBe('PNG');
    const image = await app.inject({ method: 'GET', url: '/api/admin/settings/signature', headers: await authHeader(db, admin) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    await expect(followUpSettings(db)).resolves.toEqual({ inactivityReminderDays: 10, coldSurveyDays: 90, evidenceRetentionYears: 6 });
  });

  it('keep the bank account and when paid access opens, for selling (issue 29)', async () => {
    await setProviderSettings({ db, storage });
    const saved = await put({ ...filled, iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'agri frpp 882', paid_access_opening: 'immediately_with_waiver' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP882', paid_access_opening: 'immediately_with_waiver' });
    await expect(sellingSettings(db)).resolves.toEqual({ iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP882', paidAccessOpening: 'immediately_with_waiver', vatRegime: 'exempt_261_4_4' });
    // Left out, the opening is after the withdrawal period and the bank account is unset.
    const cleared = await put(filled);
    expect(cleared.json()).toMatchObject({ iban: null, bic: null, paid_access_opening: 'after_withdrawal' });
  });

  it('say which settings a document still needs', async () => {
    await setProviderSettings({ db, storage }, { nda: null, vatRegime: null });
    await expect(providerIdentity({ db, storage })).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('les paramètres de l’organisme de formation sont incomplets (numéro de déclaration d’activité, régime de TVA). Un administrateur les renseigne dans Administration › Paramètres.'),
    });
  });

  it('refuse bad values with a French message each, and change nothing', async () => {
    await setProviderSettings({ db, storage });
    const res = await put({
      ...filled,
      siret: '12345678901234',
      nda: '1234',
      postal_code: '690',
      vat_regime: 'tva_magique',
      legal_name: 'Terres\u202eVivantes',
      inactivity_reminder_days: 0,
      cold_survey_days: 1000,
      evidence_retention_years: 2.5,
      iban: 'FR76 3000 6000 0112 3456 7890 188',
      bic: 'AGRI',
      paid_access_opening: 'jamais',
    });
    expect(res.statusCode).toBe(422);
    const errors = (res.json() as { errors: Record<string, string[]> }).errors;
    expect(errors.siret).toEqual([organisationMessages.siretChecksum]);
    expect(errors.nda).toEqual([providerMessages.ndaInvalid]);
    expect(errors.postal_code).toEqual([providerMessages.postalCodeInvalid]);
    expect(errors.vat_regime).toEqual([providerMessages.vatRegimeInvalid]);
    expect(errors.legal_name).toHaveLength(1);
    expect(errors.inactivity_reminder_days).toEqual([providerMessages.delayInvalid(1, 90, 'jours')]);
    expect(errors.cold_survey_days).toEqual([providerMessages.delayInvalid(14, 365, 'jours')]);
    expect(errors.evidence_retention_years).toEqual([providerMessages.delayInvalid(3, 30, 'années')]);
    expect(errors.iban).toEqual([providerMessages.ibanInvalid]);
    expect(errors.bic).toEqual([providerMessages.bicInvalid]);
    expect(errors.paid_access_opening).toEqual([providerMessages.paidAccessOpeningInvalid]);
    const identity = await providerIdentity({ db, storage });
    expect(identity.legalName).toBe('EcoForma Démonstration SAS');
  });

  it('refuse a signature that is not a PNG or JPEG image, or too large, keeping the one stored', async () => {
    await setProviderSettings({ db, storage });
    const before = await providerIdentity({ db, storage });
    const pdf = await putSignature(pdfDocument(), 'signature.png', 'image/png');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toMatchObject({ message: providerMessages.signatureUnsupported });
    const large = await putSignature(Buffer.concat([pngImage(), Buffer.alloc(1024 * 1024)]));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ message: providerMessages.signatureTooLarge });
    const after = await providerIdentity({ db, storage });
    expect(after.signature.data.equals(before.signature.data)).toBe(true);
  });
});
