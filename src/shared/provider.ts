import { z } from 'zod';
import { identityText } from './auth';
import { paidAccessOpenings } from './billing';
import { normalizeSiret, siretProblem } from './organisations';

/**
 * The training provider's identity and follow-up delays (issue 27), edited by administrators at
 * /admin/parametres. Every document the platform issues (attestation, certificat de réalisation,
 * convocation, sign-in sheet, invoice) names the provider from these settings, and refuses to be
 * generated while one it needs is missing.
 */

export const vatRegimes = ['exempt_261_4_4', 'franchise_293b', 'standard'] as const;
export type VatRegime = (typeof vatRegimes)[number];

export const vatRegimeLabels: Record<VatRegime, string> = {
  exempt_261_4_4: 'Exonération de TVA (formation professionnelle continue, art. 261-4-4° a du CGI)',
  franchise_293b: 'Franchise en base de TVA (art. 293 B du CGI)',
  standard: 'TVA au taux normal',
};

/** The settings every document needs, in the order the settings page shows them. */
export const requiredProviderFields = [
  'legal_name',
  'siret',
  'nda',
  'address',
  'postal_code',
  'city',
  'legal_representative',
  'signature',
  'complaints_contact',
  'disability_referent',
  'vat_regime',
] as const;
export type RequiredProviderField = (typeof requiredProviderFields)[number];

export const providerFieldLabels: Record<RequiredProviderField, string> = {
  legal_name: 'raison sociale',
  siret: 'SIRET',
  nda: 'numéro de déclaration d’activité',
  address: 'adresse',
  postal_code: 'code postal',
  city: 'ville',
  legal_representative: 'représentant légal',
  signature: 'signature',
  complaints_contact: 'contact pour les réclamations',
  disability_referent: 'référent handicap',
  vat_regime: 'régime de TVA',
};

export const PROVIDER_TEXT_MAX = 200;
/** The delays' bounds and defaults (Qualiopi indicators 12 and 30; the evidence's legal retention). */
export const followUpBounds = {
  inactivity_reminder_days: { min: 1, max: 90, default: 7 },
  cold_survey_days: { min: 14, max: 365, default: 60 },
  evidence_retention_years: { min: 3, max: 30, default: 6 },
} as const;

/** The signature image as sent: PNG or JPEG, 1 MB at most; stored as a PNG of at most 600 × 240 px. */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
export const SIGNATURE_FIELD = 'signature';
export const SIGNATURE_MAX_WIDTH = 600;
export const SIGNATURE_MAX_HEIGHT = 240;

export const providerMessages = {
  textTooLong: `Ce champ ne peut pas dépasser ${PROVIDER_TEXT_MAX} caractères.`,
  postalCodeInvalid: 'Le code postal doit comporter 5 chiffres.',
  ndaInvalid: 'Le numéro de déclaration d’activité comporte 11 chiffres (il figure sur le récépissé de la préfecture).',
  vatRegimeInvalid: 'Choisissez un régime de TVA de la liste.',
  ibanInvalid: 'Cet IBAN n’est pas valide : vérifiez-le sur votre relevé d’identité bancaire.',
  bicInvalid: 'Le BIC comporte 8 ou 11 caractères (lettres et chiffres).',
  paidAccessOpeningInvalid: 'Choisissez quand s’ouvre l’accès à une formation payante.',
  delayInvalid: (min: number, max: number, unit: string) => `Indiquez un nombre entier de ${unit} entre ${min} et ${max}.`,
  saved: 'Les paramètres sont enregistrés.',
  signatureMissing: 'Choisissez une image de la signature.',
  signatureEmpty: 'L’image de la signature est vide.',
  signatureTooLarge: 'L’image de la signature ne doit pas dépasser 1 Mo.',
  signatureUnsupported: 'La signature doit être une image PNG ou JPEG.',
  signatureUnreadable: 'Cette image ne peut pas être lue. Essayez avec une autre image.',
  signatureNotFound: 'Aucune signature n’est enregistrée.',
  /** A document asked for while settings it needs are missing (409 `provider_settings_missing`). */
  incomplete: (missing: readonly RequiredProviderField[]) =>
    `Ce document ne peut pas être établi : les paramètres de l’organisme de formation sont incomplets (${missing.map((field) => providerFieldLabels[field]).join(', ')}). Un administrateur les renseigne dans Administration › Paramètres.`,
} as const;

/** An IBAN without spaces, in capitals. */
export function normalizeIban(value: string): string {
  return value.replace(/\s/g, '').toUpperCase();
}

/** True when `iban` (normalised) has a valid shape and ISO 13616 check digits (mod 97 = 1). */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** An IBAN grouped by four, as a bank statement prints it. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})/g, '$1 ').trim();
}

/** An optional one-line text: empty means not set (null). */
const optionalLine = identityText(z.string().trim().max(PROVIDER_TEXT_MAX, { error: providerMessages.textTooLong }))
  .nullish()
  .transform((text) => text || null);

/** A delay in whole days or years within its bounds. */
function delay(bounds: { min: number; max: number; default: number }, unit: string) {
  const message = providerMessages.delayInvalid(bounds.min, bounds.max, unit);
  return z.number({ error: message }).int({ error: message }).min(bounds.min, { error: message }).max(bounds.max, { error: message });
}

/** `PUT /api/admin/settings`: saved as given, each filled field checked; a document needs them all (`missingProviderFields`). */
export const providerSettingsBodySchema = z.object({
  legal_name: optionalLine,
  siret: z
    .string()
    .nullish()
    .transform((value) => (value ? normalizeSiret(value) : null))
    .superRefine((value, ctx) => {
      const problem = value === null ? null : siretProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  nda: z
    .string()
    .nullish()
    .transform((value) => (value ? value.replace(/[\s.]/g, '') : null))
    .refine((value) => value === null || /^\d{11}$/.test(value), { error: providerMessages.ndaInvalid }),
  address: optionalLine,
  postal_code: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || /^\d{5}$/.test(value), { error: providerMessages.postalCodeInvalid }),
  city: optionalLine,
  legal_representative: optionalLine,
  complaints_contact: optionalLine,
  disability_referent: optionalLine,
  vat_regime: z.enum(vatRegimes, { error: providerMessages.vatRegimeInvalid }).nullish().transform((value) => value ?? null),
  inactivity_reminder_days: delay(followUpBounds.inactivity_reminder_days, 'jours'),
  cold_survey_days: delay(followUpBounds.cold_survey_days, 'jours'),
  evidence_retention_years: delay(followUpBounds.evidence_retention_years, 'années'),
  iban: z
    .string({ error: providerMessages.ibanInvalid })
    .nullish()
    .transform((value) => (value ? normalizeIban(value) : null))
    .refine((value) => value === null || isValidIban(value), { error: providerMessages.ibanInvalid }),
  bic: z
    .string({ error: providerMessages.bicInvalid })
    .nullish()
    .transform((value) => (value ? value.replace(/\s/g, '').toUpperCase() : null))
    .refine((value) => value === null || /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value), { error: providerMessages.bicInvalid }),
  paid_access_opening: z
    .enum(paidAccessOpenings, { error: providerMessages.paidAccessOpeningInvalid })
    .nullish()
    .transform((value) => value ?? 'after_withdrawal'),
});
export type ProviderSettingsBody = z.input<typeof providerSettingsBodySchema>;
export type ProviderSettingsValues = z.output<typeof providerSettingsBodySchema>;

/** `GET` and `PUT /api/admin/settings`. */
export const providerSettingsSchema = z.object({
  legal_name: z.string().nullable(),
  siret: z.string().nullable(),
  nda: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  legal_representative: z.string().nullable(),
  complaints_contact: z.string().nullable(),
  disability_referent: z.string().nullable(),
  vat_regime: z.enum(vatRegimes).nullable(),
  inactivity_reminder_days: z.number().int(),
  cold_survey_days: z.number().int(),
  evidence_retention_years: z.number().int(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  paid_access_opening: z.enum(paidAccessOpenings),
  has_signature: z.boolean(),
  /** What documents still wait for, in the order of `requiredProviderFields`. */
  missing: z.array(z.enum(requiredProviderFields)),
  updated_at: z.string().nullable(),
});
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

/** The settings a document needs that are not set yet, in the settings page's order. */
export function missingProviderFields(settings: Pick<ProviderSettings, Exclude<RequiredProviderField, 'signature'>> & { has_signature: boolean }): RequiredProviderField[] {
  return requiredProviderFields.filter((field) => (field === 'signature' ? !settings.has_signature : !settings[field]));
}
