import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  followUpBounds,
  missingProviderFields,
  providerMessages,
  SIGNATURE_MAX_HEIGHT,
  SIGNATURE_MAX_WIDTH,
  type ProviderSettings,
  type ProviderSettingsValues,
  type VatRegime,
} from '../../../shared/provider';
import type { PaidAccessOpening } from '../../../shared/billing';
import type { Executor } from '../../db/client';
import { providerSettings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../lib/deps';
import { checkFileType, openStoredFile, type IncomingFile } from '../../lib/file-transfer';
import { discardUpload, keepCopy, keepUpload, removeStoredFile, type Storage } from '../../lib/storage';
import { demoFilesDir } from '../../db/paths';

type SettingsRow = typeof providerSettings.$inferSelect;

/** What every document names: the provider, its declaration, its representative's signature. */
export interface ProviderIdentity {
  legalName: string;
  siret: string;
  /** Numéro de déclaration d'activité. */
  nda: string;
  address: string;
  postalCode: string;
  city: string;
  legalRepresentative: string;
  complaintsContact: string;
  disabilityReferent: string;
  vatRegime: VatRegime;
  signature: { data: Buffer; mimeType: 'image/png' };
}

export interface FollowUpSettings {
  inactivityReminderDays: number;
  coldSurveyDays: number;
  evidenceRetentionYears: number;
}

const SIGNATURE_TYPES = new Set(['png', 'jpg']);

async function readRow(db: Executor): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(providerSettings).where(eq(providerSettings.id, 1));
  return row;
}

function toSettings(row: SettingsRow | undefined): ProviderSettings {
  const values = {
    legal_name: row?.legalName ?? null,
    siret: row?.siret ?? null,
    nda: row?.nda ?? null,
    address: row?.address ?? null,
    postal_code: row?.postalCode ?? null,
    city: row?.city ?? null,
    legal_representative: row?.legalRepresentative ?? null,
    complaints_contact: row?.complaintsContact ?? null,
    disability_referent: row?.disabilityReferent ?? null,
    vat_regime: row?.vatRegime ?? null,
    inactivity_reminder_days: row?.inactivityReminderDays ?? followUpBounds.inactivity_reminder_days.default,
    cold_survey_days: row?.coldSurveyDays ?? followUpBounds.cold_survey_days.default,
    evidence_retention_years: row?.evidenceRetentionYears ?? followUpBounds.evidence_retention_years.default,
    iban: row?.iban ?? null,
    bic: row?.bic ?? null,
    paid_access_opening: row?.paidAccessOpening ?? 'after_withdrawal',
    has_signature: Boolean(row?.signaturePath),
  };
  return { ...values, missing: missingProviderFields(values), updated_at: row?.updatedAt.toISOString() ?? null };
}

/** `GET /api/admin/settings`: every setting, with what documents still wait for. */
export async function readProviderSettings(db: Executor): Promise<ProviderSettings> {
  return toSettings(await readRow(db));
}

/** `PUT /api/admin/settings`: the whole form, saved as given (the signature has its own route). */
export async function saveProviderSettings(db: Executor, values: ProviderSettingsValues): Promise<ProviderSettings> {
  const columns = {
    legalName: values.legal_name,
    siret: values.siret,
    nda: values.nda,
    address: values.address,
    postalCode: values.postal_code,
    city: values.city,
    legalRepresentative: values.legal_representative,
    complaintsContact: values.complaints_contact,
    disabilityReferent: values.disability_referent,
    vatRegime: values.vat_regime,
    inactivityReminderDays: values.inactivity_reminder_days,
    coldSurveyDays: values.cold_survey_days,
    evidenceRetentionYears: values.evidence_retention_years,
    iban: values.iban,
    bic: values.bic,
    paidAccessOpening: values.paid_access_opening,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(providerSettings)
    .values({ id: 1, ...columns })
    .onConflictDoUpdate({ target: providerSettings.id, set: columns })
    .returning();
  return toSettings(row);
}

/**
 * `PUT /api/admin/settings/signature`: checked by content (PNG or JPEG), flattened on white and
 * scaled to fit 600 × 240 px, kept as a PNG: what the documents print is always the same format.
 */
export async function storeSignature({ db, storage }: Pick<ModuleDeps, 'db' | 'storage'>, received: IncomingFile): Promise<ProviderSettings> {
  const normalised = path.join(storage.incomingDir, `${randomBytes(16).toString('hex')}.png`);
  let storedName: string;
  try {
    if (received.size === 0) throw AppError.validation({ signature: [providerMessages.signatureEmpty] }, providerMessages.signatureEmpty);
    await checkFileType(
      received,
      (detected) => (detected && SIGNATURE_TYPES.has(detected.ext) ? detected : null),
      () => new AppError('unsupported_file_type', 415, providerMessages.signatureUnsupported),
    );
    // Loaded on first use, like the profile photo's.
    const { default: sharp } = await import('sharp');
    let info: { size: number };
    try {
      info = await sharp(received.tempPath, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(SIGNATURE_MAX_WIDTH, SIGNATURE_MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .png()
        .toFile(normalised);
    } catch {
      throw AppError.validation({ signature: [providerMessages.signatureUnreadable] }, providerMessages.signatureUnreadable);
    }
    storedName = await keepUpload(storage, { tempPath: normalised, size: info.size }, 'png');
  } finally {
    await discardUpload(received);
    await fs.rm(normalised, { force: true });
  }
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      await tx.insert(providerSettings).values({ id: 1 }).onConflictDoNothing();
      const [current] = await tx.select({ path: providerSettings.signaturePath }).from(providerSettings).where(eq(providerSettings.id, 1)).for('update');
      await tx.update(providerSettings).set({ signaturePath: storedName, updatedAt: new Date() }).where(eq(providerSettings.id, 1));
      return current?.path ?? null;
    });
  } catch (error) {
    await removeStoredFile(storage, storedName);
    throw error;
  }
  if (previous && previous !== storedName) await removeStoredFile(storage, previous);
  return readProviderSettings(db);
}

/** The stored signature's key, or 404. */
export async function signaturePath(db: Executor): Promise<string> {
  const row = await readRow(db);
  if (!row?.signaturePath) throw AppError.notFound(providerMessages.signatureNotFound);
  return row.signaturePath;
}

async function readStored(storage: Storage, storedName: string): Promise<Buffer> {
  const file = await openStoredFile(storage, storedName);
  // The row names a file the store no longer has: the settings page shows no signature to fix it.
  if (!file) throw new AppError('provider_settings_missing', 409, providerMessages.incomplete(['signature']));
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Everything a document needs to name the provider, or 409 `provider_settings_missing` whose
 * message names each missing setting: a certificat or an invoice without the provider's
 * declaration number or SIRET is worthless to a funder.
 */
export async function providerIdentity({ db, storage }: { db: Executor; storage: Storage }): Promise<ProviderIdentity> {
  const row = await readRow(db);
  const missing = toSettings(row).missing;
  if (!row || missing.length > 0) throw new AppError('provider_settings_missing', 409, providerMessages.incomplete(missing));
  return {
    legalName: row.legalName!,
    siret: row.siret!,
    nda: row.nda!,
    address: row.address!,
    postalCode: row.postalCode!,
    city: row.city!,
    legalRepresentative: row.legalRepresentative!,
    complaintsContact: row.complaintsContact!,
    disabilityReferent: row.disabilityReferent!,
    vatRegime: row.vatRegime!,
    signature: { data: await readStored(storage, row.signaturePath!), mimeType: 'image/png' },
  };
}

/** The follow-up delays, with their defaults before an administrator changes them. */
export async function followUpSettings(db: Executor): Promise<FollowUpSettings> {
  const settings = toSettings(await readRow(db));
  return {
    inactivityReminderDays: settings.inactivity_reminder_days,
    coldSurveyDays: settings.cold_survey_days,
    evidenceRetentionYears: settings.evidence_retention_years,
  };
}

/** What selling needs from the settings (issue 29): the bank account, when paid access opens, the VAT regime. */
export interface SellingSettings {
  iban: string | null;
  bic: string | null;
  paidAccessOpening: PaidAccessOpening;
  vatRegime: VatRegime | null;
}

export async function sellingSettings(db: Executor): Promise<SellingSettings> {
  const row = await readRow(db);
  return { iban: row?.iban ?? null, bic: row?.bic ?? null, paidAccessOpening: row?.paidAccessOpening ?? 'after_withdrawal', vatRegime: row?.vatRegime ?? null };
}

/** The settings an invoice names the seller with (no signature): a missing one is 409 `provider_settings_missing`. */
const sellerFields = ['legal_name', 'siret', 'nda', 'address', 'postal_code', 'city', 'vat_regime'] as const;

/** The provider as an invoice names it, or 409 `provider_settings_missing` naming what is missing. */
export async function sellerIdentity(db: Executor): Promise<Omit<ProviderIdentity, 'signature' | 'legalRepresentative' | 'complaintsContact' | 'disabilityReferent'> & { iban: string | null; bic: string | null }> {
  const row = await readRow(db);
  const missing = toSettings(row).missing.filter((field): field is (typeof sellerFields)[number] => (sellerFields as readonly string[]).includes(field));
  if (!row || missing.length > 0) throw new AppError('provider_settings_missing', 409, providerMessages.incomplete(missing.length > 0 ? missing : [...sellerFields]));
  return {
    legalName: row.legalName!,
    siret: row.siret!,
    nda: row.nda!,
    address: row.address!,
    postalCode: row.postalCode!,
    city: row.city!,
    vatRegime: row.vatRegime!,
    iban: row.iban,
    bic: row.bic,
  };
}

/** The demo installation's provider (`SEED_DEMO`): visibly fictitious, so that documents can be tried at once. */
export const demoProvider = {
  legalName: 'EcoForma Démonstration SAS',
  siret: '90123456700013',
  nda: '11755555575',
  address: '10 rue de la Transition',
  postalCode: '75011',
  city: 'Paris',
  legalRepresentative: 'Camille Durand',
  complaintsContact: 'reclamations@ecoforma.local',
  disabilityReferent: 'Sam Martin, handicap@ecoforma.local',
  vatRegime: 'exempt_261_4_4',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP882',
} as const;

/** Fills the demo provider once, when no administrator has saved settings yet. */
export async function seedDemoProvider(db: Executor, storage: Storage): Promise<void> {
  if (await readRow(db)) return;
  const signature = await keepCopy(storage, path.join(demoFilesDir, 'signature-demo.png'), 'png');
  const [inserted] = await db
    .insert(providerSettings)
    .values({ id: 1, ...demoProvider, signaturePath: signature })
    .onConflictDoNothing()
    .returning({ id: providerSettings.id });
  // Another process seeded first: its signature is the one kept.
  if (!inserted) await removeStoredFile(storage, signature);
}
