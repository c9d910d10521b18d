import { z } from 'zod';
import { authMessages, emailSchema, firstnameSchema, identityTextProblem, isPlausiblePhone, issueCode, lastnameSchema } from './auth';
import { emptyAsUndefined, pagingParams, pageInfoShape } from './paging';
import { bodyIdSchema } from './ids';
import { formatNumber, plural } from './french-format';

/**
 * Organisations (issue 15, decision 025): an `organisme` account describes its organisation,
 * invites learners, enrols them into courses within the seats an administrator gave it, and
 * follows the progress of the members who consented to share it.
 */

// ---------------------------------------------------------------------------------------------
// Constants

/** Rows of one CSV import, header excluded. */
export const IMPORT_MAX_ROWS = 1000;
/** The CSV text of an import (1,000 long addresses fit several times over). */
export const IMPORT_MAX_CHARS = 500_000;
/** An invitation link works this long; inviting again sends a new one. */
export const INVITATION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A pending address gets at most one invitation e-mail in this time (issue 25). */
export const INVITATION_RESEND_MS = 24 * 60 * 60 * 1000;
/** A member enrolled in a course with no activity for this long is highlighted. */
export const INACTIVE_DAYS = 14;
/** Members enrolled in one call. */
export const ENROL_MAX_MEMBERS = 200;
/** The most seats an administrator gives one organisation for one course. */
export const SEATS_MAX = 100_000;
export const ORGANISATION_NAME_MAX_LENGTH = 150;
export const ADDRESS_MAX_LENGTH = 200;
export const CITY_MAX_LENGTH = 100;

/** Simplified sections of the French activity nomenclature (NAF), plus associations and public bodies. */
export const sectors = [
  'agriculture',
  'industrie',
  'energie_environnement',
  'construction',
  'commerce',
  'transport',
  'hebergement_restauration',
  'information_communication',
  'finance_assurance',
  'conseil_services',
  'administration_publique',
  'enseignement',
  'sante_social',
  'associatif',
  'autre',
] as const;
export type Sector = (typeof sectors)[number];
export const sectorLabels: Record<Sector, string> = {
  agriculture: 'Agriculture, sylviculture et pêche',
  industrie: 'Industrie',
  energie_environnement: 'Énergie, eau, déchets et dépollution',
  construction: 'Construction',
  commerce: 'Commerce',
  transport: 'Transports et logistique',
  hebergement_restauration: 'Hébergement et restauration',
  information_communication: 'Information et communication',
  finance_assurance: 'Finance et assurance',
  conseil_services: 'Conseil et services aux entreprises',
  administration_publique: 'Administration publique et collectivités',
  enseignement: 'Enseignement et formation',
  sante_social: 'Santé et action sociale',
  associatif: 'Association et économie sociale et solidaire',
  autre: 'Autre secteur',
};

/** INSEE headcount bands, grouped as the size categories of the LME law (micro, PME, ETI, grande entreprise). */
export const sizeBands = ['0', '1-9', '10-49', '50-249', '250-4999', '5000+'] as const;
export type SizeBand = (typeof sizeBands)[number];
export const sizeBandLabels: Record<SizeBand, string> = {
  '0': 'Aucun salarié',
  '1-9': '1 à 9 salariés',
  '10-49': '10 à 49 salariés',
  '50-249': '50 à 249 salariés',
  '250-4999': '250 à 4 999 salariés',
  '5000+': '5 000 salariés ou plus',
};

export const organisationMessages = {
  nameRequired: "Le nom de l'organisation est obligatoire.",
  nameTooLong: `Le nom de l'organisation ne doit pas dépasser ${ORGANISATION_NAME_MAX_LENGTH} caractères.`,
  siretRequired: 'Le numéro SIRET est obligatoire.',
  siretFormat: 'Le numéro SIRET doit comporter exactement 14 chiffres.',
  siretChecksum: "Ce numéro SIRET n'est pas valide : sa clé de contrôle ne correspond pas. Vérifiez-le sur votre extrait Kbis ou votre avis de situation Insee.",
  siretTaken: 'Ce numéro SIRET est déjà enregistré pour une autre organisation.',
  sectorRequired: "Le secteur d'activité est obligatoire.",
  sectorInvalid: "Ce secteur d'activité n'existe pas dans la liste.",
  sizeRequired: "La taille de l'organisation est obligatoire.",
  sizeInvalid: "Cette tranche d'effectif n'existe pas dans la liste.",
  addressRequired: "L'adresse est obligatoire.",
  addressTooLong: `L'adresse ne doit pas dépasser ${ADDRESS_MAX_LENGTH} caractères.`,
  postalCodeRequired: 'Le code postal est obligatoire.',
  postalCodeInvalid: 'Le code postal doit comporter 5 chiffres.',
  cityRequired: 'La ville est obligatoire.',
  cityTooLong: `La ville ne doit pas dépasser ${CITY_MAX_LENGTH} caractères.`,
  contactPhoneRequired: 'Le téléphone du contact est obligatoire.',
  /** The account is an organisation but its details were never given (an account an administrator created). */
  detailsMissing: "Renseignez d'abord les informations de votre organisation dans votre profil.",
  // Members and invitations
  alreadyMember: 'Cette personne est déjà membre de votre organisation.',
  memberNotFound: "Ce membre n'existe pas dans votre organisation.",
  invitationInvalid: "Cette invitation n'est plus valable : elle a expiré, a déjà servi ou a été annulée. Demandez à l'organisation de vous inviter de nouveau.",
  invitationOtherAccount: "Cette invitation est adressée à une autre adresse e-mail que celle de votre compte. Connectez-vous avec le compte de l'adresse invitée.",
  invitationLearnersOnly: 'Seul un compte apprenant (membre) peut rejoindre une organisation.',
  consentRequired: "Pour rejoindre l'organisation, acceptez de partager votre progression avec elle.",
  membershipNotFound: "Vous n'êtes pas membre de cette organisation.",
  // CSV import
  importEmpty: 'Le fichier ne contient aucune adresse e-mail.',
  importTooManyRows: `Le fichier contient trop de lignes : ${formatNumber(IMPORT_MAX_ROWS)} adresses au plus par import.`,
  importTooLarge: 'Le fichier est trop volumineux pour un import (500 Ko au plus).',
  importHasErrors: "Le fichier contient des erreurs : rien n'a été importé. Corrigez les lignes signalées puis importez-le de nouveau.",
  importChanged: "La liste de vos membres a changé depuis l'aperçu : rien n'a été importé. Affichez de nouveau l'aperçu.",
  rowEmailMissing: "L'adresse e-mail est manquante.",
  rowEmailInvalid: "L'adresse e-mail n'est pas valide.",
  rowDuplicate: (line: number) => `Cette adresse figure déjà ligne ${line} du fichier : les deux lignes sont fusionnées.`,
  rowNameInvalid: (problem: string) => `Nom ou prénom refusé : ${problem}`,
  importNothingValid: "Le fichier ne contient aucune ligne valide : rien n'a été importé.",
  /** Inviting a pending address again within INVITATION_RESEND_MS: nothing is sent. */
  recentlyInvited: "Une invitation a déjà été envoyée à cette adresse il y a moins de 24 heures : aucun nouvel e-mail n'est envoyé. Réessayez demain si la personne ne l'a pas reçue.",
  rowRecent: "Invitation envoyée il y a moins de 24 heures : aucun nouvel e-mail ne sera envoyé.",
  tooManyInvitations: (wanted: number, left: number, perHour: number, perDay: number) =>
    `Votre organisation ne peut pas envoyer ${wanted === 1 ? 'cette invitation' : `ces ${formatNumber(wanted)} invitations`} maintenant : ${plural(perHour, 'invitation')} par heure et ${plural(perDay, 'invitation')} par jour au plus. ${left === 0 ? 'Aucune invitation ne peut partir pour le moment' : `Vous pouvez encore en envoyer ${formatNumber(left)} pour le moment`} : réessayez plus tard. Rien n'a été envoyé.`,
  rowAlreadyMember: 'Cette personne est déjà membre de votre organisation.',
  rowResend: 'Invitation déjà envoyée : elle sera renvoyée avec un nouveau lien.',
  // Seats and enrolments
  noSeats: (title: string) => `Votre organisation n'a aucune place pour « ${title} ». Demandez un devis dans « Devis et conventions ».`,
  seatsExhausted: (title: string, left: number, wanted: number) =>
    `Il ne reste ${left === 0 ? 'aucune place' : left === 1 ? 'qu’une place' : `que ${plural(left, 'place')}`} pour « ${title} » : impossible d'inscrire ${wanted === 1 ? 'ce membre' : `ces ${wanted} membres`}. Demandez un devis pour des places supplémentaires.`,
  membersGone: "Certains membres sélectionnés ne font plus partie de votre organisation. Actualisez la liste puis réessayez.",
  membersRequired: 'Choisissez au moins un membre.',
  membersTooMany: `Vous pouvez inscrire ${ENROL_MAX_MEMBERS} membres au plus à la fois.`,
  courseNotFound: "Ce cours n'existe pas ou n'est pas publié.",
  seatsInvalid: `Le nombre de places doit être un nombre entier entre 0 et ${formatNumber(SEATS_MAX)}.`,
  seatsBelowUsed: (used: number) => `Cette organisation a déjà utilisé ${used} place${used > 1 ? 's' : ''} pour ce cours : le nombre de places ne peut pas être inférieur.`,
  organisationNotFound: "Cette organisation n'existe pas.",
} as const;

// ---------------------------------------------------------------------------------------------
// SIRET

/** Spaces and dots people type between the groups of a SIRET ("123 456 789 00012") are not part of it. */
export function normalizeSiret(value: string): string {
  return value.replace(/[\s.\u00a0\u202f]/g, '');
}

/** The Luhn checksum: double every second digit from the right, the digits' sum is a multiple of 10. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** La Poste's establishments share the SIREN 356 000 000 and break the Luhn rule: INSEE checks their digit sum instead. */
const LA_POSTE_SIREN = '356000000';

/** The French message when a SIRET (already normalised) is wrong, else null. */
export function siretProblem(siret: string): string | null {
  if (!siret) return organisationMessages.siretRequired;
  if (!/^\d{14}$/.test(siret)) return organisationMessages.siretFormat;
  if (siret.startsWith(LA_POSTE_SIREN) && siret !== '35600000000048') {
    const sum = [...siret].reduce((total, d) => total + Number(d), 0);
    return sum % 5 === 0 ? null : organisationMessages.siretChecksum;
  }
  return isLuhnValid(siret) ? null : organisationMessages.siretChecksum;
}

export function isValidSiret(siret: string): boolean {
  return siretProblem(normalizeSiret(siret)) === null;
}

// ---------------------------------------------------------------------------------------------
// The organisation's details (signup and profile)

/** Text input: missing reads as "required". */
function requiredText(required: string, max: number, tooLong: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : authMessages.textExpected) })
    .trim()
    .min(1, { message: required, abort: true })
    .max(max, { message: tooLong, abort: true })
    .superRefine((value, ctx) => {
      const problem = identityTextProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

export const organisationNameSchema = requiredText(organisationMessages.nameRequired, ORGANISATION_NAME_MAX_LENGTH, organisationMessages.nameTooLong);

export const siretSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? organisationMessages.siretRequired : authMessages.textExpected) })
  .max(40, { message: organisationMessages.siretFormat, abort: true })
  .transform(normalizeSiret)
  .superRefine((value, ctx) => {
    const problem = siretProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const sectorSchema = z.enum(sectors, {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? organisationMessages.sectorRequired : organisationMessages.sectorInvalid),
});

export const sizeBandSchema = z.enum(sizeBands, {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? organisationMessages.sizeRequired : organisationMessages.sizeInvalid),
});

export const addressSchema = requiredText(organisationMessages.addressRequired, ADDRESS_MAX_LENGTH, organisationMessages.addressTooLong);
export const citySchema = requiredText(organisationMessages.cityRequired, CITY_MAX_LENGTH, organisationMessages.cityTooLong);

export const postalCodeSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? organisationMessages.postalCodeRequired : authMessages.textExpected) })
  .trim()
  .min(1, { message: organisationMessages.postalCodeRequired, abort: true })
  .regex(/^\d{5}$/, organisationMessages.postalCodeInvalid);

/** The contact's phone: required for an organisation, same format as everywhere else. */
export const contactPhoneSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? organisationMessages.contactPhoneRequired : authMessages.textExpected) })
  .trim()
  .min(1, { message: organisationMessages.contactPhoneRequired, abort: true })
  .refine(isPlausiblePhone, { message: authMessages.phoneInvalid, ...issueCode('invalid_phone') });

/** Optional: an empty contact e-mail means the login e-mail. */
export const contactEmailSchema = z
  .string({ error: authMessages.textExpected })
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .pipe(emailSchema.optional());

/** The organisation's own fields, as signup and the profile send them. */
export const organisationFieldsShape = {
  organisation_name: organisationNameSchema,
  siret: siretSchema,
  sector: sectorSchema,
  size_band: sizeBandSchema,
  address: addressSchema,
  postal_code: postalCodeSchema,
  city: citySchema,
  contact_email: contactEmailSchema,
};
export type OrganisationFieldName = keyof typeof organisationFieldsShape;
export const organisationFieldNames = Object.keys(organisationFieldsShape) as OrganisationFieldName[];

/** French labels of the organisation's fields, shared by the forms and the error alerts. */
export const organisationFieldLabels: Record<OrganisationFieldName, string> = {
  organisation_name: "Nom de l'organisation",
  siret: 'Numéro SIRET',
  sector: "Secteur d'activité",
  size_band: 'Effectif',
  address: 'Adresse',
  postal_code: 'Code postal',
  city: 'Ville',
  contact_email: 'E-mail du contact',
};

/** The organisation as its profile and the administrators see it. */
export const organisationDetailsSchema = z.object({
  organisation_name: z.string(),
  siret: z.string(),
  sector: z.enum(sectors),
  size_band: z.enum(sizeBands),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  contact_email: z.string(),
});
export type OrganisationDetails = z.infer<typeof organisationDetailsSchema>;

/**
 * `PUT /api/user/organisation`: the organisation's details and its contact person (the account's
 * first name, last name and phone). The login e-mail travels with them but may not change here,
 * as on a person's profile: a new one is confirmed from the settings.
 */
export const organisationProfileBodySchema = z.object({
  ...organisationFieldsShape,
  firstname: firstnameSchema,
  lastname: lastnameSchema,
  phone_number: contactPhoneSchema,
  email: emailSchema,
});
export type OrganisationProfileBody = z.input<typeof organisationProfileBodySchema>;
export type OrganisationProfileUpdate = z.output<typeof organisationProfileBodySchema>;

/** The organisation form's values, as its inputs hold them. */
export interface OrganisationFormValues {
  organisation_name: string;
  siret: string;
  sector: Sector | '';
  size_band: SizeBand | '';
  address: string;
  postal_code: string;
  city: string;
  contact_email: string;
}

export const emptyOrganisationForm: OrganisationFormValues = {
  organisation_name: '',
  siret: '',
  sector: '',
  size_band: '',
  address: '',
  postal_code: '',
  city: '',
  contact_email: '',
};

/** The organisation fields' problems, checked by the forms before sending (the API checks the same). */
export function organisationFormProblems(values: OrganisationFormValues): Array<[OrganisationFieldName, string]> {
  const problems: Array<[OrganisationFieldName, string]> = [];
  for (const name of organisationFieldNames) {
    const result = organisationFieldsShape[name].safeParse(values[name]);
    if (!result.success) problems.push([name, result.error.issues[0]!.message]);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Members and invitations

export const memberStatuses = ['invited', 'active', 'declined', 'left', 'removed'] as const;
export type MemberStatus = (typeof memberStatuses)[number];
export const memberStatusLabels: Record<MemberStatus, string> = {
  invited: 'Invitation envoyée',
  active: 'Membre',
  declined: 'Invitation refusée',
  left: "A quitté l'organisation",
  removed: 'Retiré',
};

/** A row of the organisation's members list. Names and courses only for consenting (active) members. */
export const organisationMemberSchema = z.object({
  id: z.number().int(),
  /** The address the invitation went to. */
  email: z.string(),
  status: z.enum(memberStatuses),
  /** An invitation whose link has expired (status still 'invited'). */
  expired: z.boolean(),
  /** Active members only. */
  name: z.string().nullable(),
  invited_at: z.string(),
  joined_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Active members only: the courses the organisation enrolled them in. */
  courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type OrganisationMember = z.infer<typeof organisationMemberSchema>;

export const organisationMembersResponseSchema = z.object({
  items: z.array(organisationMemberSchema),
  ...pageInfoShape,
  counts: z.record(z.enum(memberStatuses), z.number().int()),
});
export type OrganisationMembersResponse = z.infer<typeof organisationMembersResponseSchema>;

const searchSchema = z.preprocess(emptyAsUndefined, z.string().trim().max(200, { error: 'La recherche ne doit pas dépasser 200 caractères.' }).optional());

/** `GET /api/organisation/members?q=&status=&page=&pageSize=` */
export const membersQuerySchema = z.object({
  q: searchSchema,
  status: z.preprocess(emptyAsUndefined, z.enum(memberStatuses, { error: 'Statut inconnu.' }).optional()),
  ...pagingParams(),
});
export type MembersQuery = z.output<typeof membersQuerySchema>;

/** `POST /api/organisation/invitations`: one address. */
export const inviteBodySchema = z.object({ email: emailSchema });
export type InviteBody = z.input<typeof inviteBodySchema>;
export const inviteResponseSchema = z.object({
  member: organisationMemberSchema,
  /** An invitation was pending already: a new link went out (or not, see `sent`). */
  resent: z.boolean(),
  /** False when the pending address had an e-mail less than 24 hours ago: nothing went out. */
  sent: z.boolean(),
  /** What to tell the organisation when nothing was sent, in French. */
  notice: z.string().nullable(),
});
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

/** `POST /api/organisation/invitations/preview` and `/import`: the CSV file's text. */
export const importBodySchema = z.object({
  csv: z
    .string({ error: organisationMessages.importEmpty })
    .max(IMPORT_MAX_CHARS, { message: organisationMessages.importTooLarge }),
  /** Import only the valid rows, the organisation having seen the rejected ones; without it the import is all or nothing. */
  skip_invalid: z.boolean({ error: 'skip_invalid doit valoir true ou false.' }).optional(),
});
export type ImportBody = z.input<typeof importBodySchema>;

/** One data row of an import: its line in the file, what will happen, and why not when refused. */
export const importRowStatuses = ['new', 'resend', 'recent', 'duplicate', 'error'] as const;
export const importRowSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  /** The first and last name columns, when the file has them. */
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  /** new: invited; resend: pending, a new link goes out; recent: pending and mailed less than 24 h ago, nothing sent; duplicate: merged into an earlier line; error: refused. */
  status: z.enum(importRowStatuses),
  /** The French error (status 'error') or note (the others). */
  message: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  rows: z.array(importRowSchema),
  counts: z.object({ new: z.number().int(), resend: z.number().int(), recent: z.number().int(), duplicate: z.number().int(), error: z.number().int() }),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  invited: z.number().int(),
  resent: z.number().int(),
  /** Pending addresses mailed less than 24 hours ago: nothing sent again. */
  recent: z.number().int(),
  /** Rows merged into an earlier row of the same address. */
  merged: z.number().int(),
  /** Rows in error left out (`skip_invalid` only; otherwise one error refuses the whole file). */
  skipped: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

// ---------------------------------------------------------------------------------------------
// Invitations, seen by the invited learner

export const invitationTokenBodySchema = z.object({
  token: z
    .string({ error: organisationMessages.invitationInvalid })
    .min(1, organisationMessages.invitationInvalid)
    .max(200, organisationMessages.invitationInvalid),
});
export type InvitationTokenBody = z.input<typeof invitationTokenBodySchema>;

/** `POST /api/invitations/accept`: the link's token and the learner's consent. */
export const acceptInvitationBodySchema = invitationTokenBodySchema.extend({
  consent: z.literal(true, { error: organisationMessages.consentRequired }),
});
export type AcceptInvitationBody = z.input<typeof acceptInvitationBodySchema>;

/** `POST /api/invitations/lookup`: what the invitation says, for the signup and join pages. */
export const invitationSummarySchema = z.object({
  organisation_name: z.string(),
  email: z.string(),
  expires_at: z.string(),
  /** The name the organisation gave (CSV import), to prefill the signup form. */
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  /** An account has this address: the link leads to the login, then to the join page. */
  has_account: z.boolean(),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

/** An organisation the learner belongs to (`GET /api/user/organisations`). */
export const myOrganisationSchema = z.object({
  /** The membership's id, for leaving. */
  id: z.number().int(),
  organisation_name: z.string(),
  joined_at: z.string(),
  /** The courses it enrolled the learner in. */
  courses: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type MyOrganisation = z.infer<typeof myOrganisationSchema>;
/** `GET /api/user/organisations` */
export const myOrganisationListSchema = z.array(myOrganisationSchema);

/** A pending invitation to the learner's (confirmed) address, answered from the profile or the bell without the e-mailed link. */
export const myInvitationSchema = z.object({
  /** The invitation's id, for answering it. */
  id: z.number().int(),
  organisation_name: z.string(),
  invited_at: z.string(),
  expires_at: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;
/** `GET /api/user/invitations` */
export const myInvitationListSchema = z.array(myInvitationSchema);
/** `POST /api/user/invitations/:id/accept` */
export const acceptMyInvitationBodySchema = z.object({ consent: z.literal(true, { error: organisationMessages.consentRequired }) });

// ---------------------------------------------------------------------------------------------
// Seats and enrolments

/** A course the organisation has seats for. */
export const organisationCourseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  seats: z.number().int(),
  used: z.number().int(),
});
export type OrganisationCourse = z.infer<typeof organisationCourseSchema>;
/** `GET /api/organisation/courses` */
export const organisationCourseListSchema = z.array(organisationCourseSchema);

/** `POST /api/organisation/enrolments`: one course, one or many members (their membership ids). */
export const enrolBodySchema = z.object({
  course_id: bodyIdSchema,
  member_ids: z
    .array(bodyIdSchema, { error: organisationMessages.membersRequired })
    .min(1, organisationMessages.membersRequired)
    .max(ENROL_MAX_MEMBERS, organisationMessages.membersTooMany),
});
export type EnrolBody = z.input<typeof enrolBodySchema>;
export const enrolResultSchema = z.object({
  /** Members enrolled now (a seat each). */
  enrolled: z.number().int(),
  /** Members the organisation had already enrolled in this course (no seat used). */
  already: z.number().int(),
  course: organisationCourseSchema,
});
export type EnrolResult = z.infer<typeof enrolResultSchema>;

// ---------------------------------------------------------------------------------------------
// Dashboard

export const progressStatuses = ['not_started', 'in_progress', 'completed', 'inactive'] as const;
export type ProgressStatus = (typeof progressStatuses)[number];
export const progressStatusLabels: Record<ProgressStatus, string> = {
  not_started: 'Pas commencé',
  in_progress: 'En cours',
  completed: 'Terminé',
  inactive: `Inactif depuis ${INACTIVE_DAYS} jours`,
};

/** `GET /api/organisation/dashboard?q=&course_id=&status=&page=&pageSize=` (the export takes the same filters). */
export const dashboardQuerySchema = z.object({
  q: searchSchema,
  course_id: z.preprocess(emptyAsUndefined, z.coerce.number({ error: 'Cours inconnu.' }).int({ error: 'Cours inconnu.' }).min(1, { error: 'Cours inconnu.' }).max(2_147_483_647, { error: 'Cours inconnu.' }).optional()),
  status: z.preprocess(emptyAsUndefined, z.enum(progressStatuses, { error: 'Filtre inconnu.' }).optional()),
  ...pagingParams(),
});
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;
export type DashboardFilters = Partial<Record<'q' | 'course_id' | 'status' | 'page', string>>;

/** One row of the dashboard: a consenting member and one course the organisation enrolled them in (or none yet). */
export const dashboardRowSchema = z.object({
  member_id: z.number().int(),
  /** The member's account: « Écrire » opens the conversation with it (issue 26). */
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  course: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** The member's enrolment in the course: the address of its attendance and certificat de réalisation (issue 27); null without a course, or after they left it. */
  enrolment_id: z.number().int().nullable(),
  enrolled_at: z.string().nullable(),
  completed_lessons: z.number().int(),
  total_lessons: z.number().int(),
  percent: z.number(),
  /** When the learner last opened or completed a lesson or answered a quiz in this course (the enrolment's last activity). */
  last_activity_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** The attestation's public verification code and number, once issued (and not revoked). */
  certificate: z.object({ code: z.string(), number: z.string() }).nullable(),
  /** When the member's attestation was revoked ("révoquée" instead of a number); null otherwise. */
  certificate_revoked_at: z.string().nullable(),
  /** Enrolled, not completed, and nothing done for INACTIVE_DAYS days (counted from the enrolment when nothing was ever done). */
  inactive: z.boolean(),
});
export type DashboardRow = z.infer<typeof dashboardRowSchema>;

export const dashboardResponseSchema = z.object({
  organisation_name: z.string(),
  items: z.array(dashboardRowSchema),
  ...pageInfoShape,
  /** A search or a course matched more than SEARCH_COUNT_CAP rows: `total` is then that cap (the export has them all). */
  totalCapped: z.boolean(),
  summary: z.object({ members: z.number().int(), enrolments: z.number().int(), completed: z.number().int(), inactive: z.number().int() }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Administration

/** `GET /api/admin/organisations?q=&page=&pageSize=` */
export const adminOrganisationsQuerySchema = z.object({ q: searchSchema, ...pagingParams() });
export type AdminOrganisationsQuery = z.output<typeof adminOrganisationsQuerySchema>;

export const organisationSeatsSchema = z.object({ course_id: z.number().int(), course_title: z.string(), seats: z.number().int(), used: z.number().int() });
/** `PUT /api/admin/organisations/:id/seats`: the organisation's seats for that course, as they are now. */
export type OrganisationSeats = z.infer<typeof organisationSeatsSchema>;

export const adminOrganisationSchema = z.object({
  /** The organisation account's user id. */
  id: z.number().int(),
  /** Null when the account never gave its details (created by an administrator). */
  details: z.nullable(organisationDetailsSchema),
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  members: z.object({ active: z.number().int(), invited: z.number().int() }),
  seats: z.array(organisationSeatsSchema),
  created_at: z.string(),
});
export type AdminOrganisation = z.infer<typeof adminOrganisationSchema>;

export const adminOrganisationsResponseSchema = z.object({
  items: z.array(adminOrganisationSchema),
  ...pageInfoShape,
});
export type AdminOrganisationsResponse = z.infer<typeof adminOrganisationsResponseSchema>;

/** `PUT /api/admin/organisations/{id}/seats`: the pool of one course. */
export const seatsBodySchema = z.object({
  course_id: bodyIdSchema,
  seats: z
    .number({ error: organisationMessages.seatsInvalid })
    .int({ error: organisationMessages.seatsInvalid })
    .min(0, { error: organisationMessages.seatsInvalid })
    .max(SEATS_MAX, { error: organisationMessages.seatsInvalid }),
});
export type SeatsBody = z.input<typeof seatsBodySchema>;
