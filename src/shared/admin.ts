import { z } from 'zod';
import {
  authMessages,
  emailSchema,
  extraSchema,
  firstnameSchema,
  genders,
  isPastBirthdate,
  isRealDate,
  lastnameSchema,
  phoneSchema,
} from './auth';
import { roles, type Role } from './roles';
import { emptyAsUndefined, pagingParams, type PageInfo } from './paging';

/** Longest search text accepted; longer input is a mistake or an attack, not a name. */
export const SEARCH_MAX_LENGTH = 100;
export const REJECTION_REASON_MAX_LENGTH = 1000;
export const AUDIT_ENTRIES_SHOWN = 50;
/** A search counts its matches up to this many; beyond, the screens say "plus de 1 000". */
export const SEARCH_COUNT_CAP = 1000;

export const userStatusFilters = ['approved', 'pending'] as const;
export type UserStatusFilter = (typeof userStatusFilters)[number];


/** `GET /api/admin/dashboard` and `GET /api/users`: search, filters and paging, all done in SQL. */
export const adminUsersQuerySchema = z.object({
  q: z.preprocess(
    emptyAsUndefined,
    z.string().trim().max(SEARCH_MAX_LENGTH, `La recherche ne peut pas dépasser ${SEARCH_MAX_LENGTH} caractères.`).optional(),
  ),
  role: z.preprocess(emptyAsUndefined, z.enum(roles, { message: 'Rôle inconnu.' }).optional()),
  status: z.preprocess(emptyAsUndefined, z.enum(userStatusFilters, { message: 'Statut inconnu.' }).optional()),
  /** `false` leaves out refused applications (the pending-trainers screen), `true` keeps only them. */
  rejected: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], { message: 'Le filtre « rejeté » doit valoir true ou false.' })
      .transform((value) => value === 'true')
      .optional(),
  ),
  ...pagingParams(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;
/** What the screens send: every field optional, as the query string carries it. */
export interface AdminUsersFilters {
  q?: string;
  role?: Role;
  status?: UserStatusFilter;
  rejected?: 'true' | 'false';
  page?: number;
  pageSize?: number;
}

/** A user as the administration screens see them (spec section 3, "User (admin view)"). */
export interface AdminUser {
  id: number;
  name: string;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  speciality: string | null;
  is_valid: boolean;
  /** The latest meeting (ISO 8601, UTC), or null. */
  meeting_date: string | null;
  meeting_url: string | null;
  /** Its id, for the meeting page `/admin/meeting/{userId}/{meetingId}`. */
  meeting_id: number | null;
  /** Whether a CV was uploaded; the file itself comes from `GET /api/admin/users/{id}/cv`. */
  cv: boolean;
  profil_picture: string | null;
  phone_number: string | null;
  country: string | null;
  gender: 'female' | 'male' | null;
  /** YYYY-MM-DD. */
  birthdate: string | null;
  created_at: string;
  /** An administrator refused this trainer's application. */
  rejected: boolean;
  /** The owner opened a link sent to this address (signup confirmation, e-mail change, password link). */
  email_confirmed: boolean;
}

/** The dashboard's four counters, over the whole user base. */
export interface AdminCounters {
  total: number;
  pending: number;
  approved: number;
  /** Users with at least one meeting. */
  meetings: number;
}

export interface AdminUsersResponse extends PageInfo {
  users: AdminUser[];
  /** Users matching the filters; for a text search, at most SEARCH_COUNT_CAP (see totalCapped). */
  total: number;
  /** True when more than `total` users match a search. */
  totalCapped: boolean;
  counters: AdminCounters;
}

export const auditActions = [
  'approve',
  'revoke',
  'reject',
  'delete',
  'cv_download',
  'create',
  'update',
  'meeting',
  'meeting_cancel',
  'course_submit',
  'course_publish',
  'course_request_changes',
  'course_unpublish',
  'certificate_revoke',
  'satisfaction_comment_hide',
  'satisfaction_comment_show',
  'self_delete',
  'organisation_seats',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  approve: 'Compte approuvé',
  revoke: 'Approbation révoquée',
  reject: 'Candidature rejetée',
  delete: 'Compte supprimé',
  cv_download: 'CV téléchargé',
  create: 'Compte créé',
  update: 'Informations modifiées',
  meeting: 'Réunion planifiée',
  meeting_cancel: 'Réunion annulée',
  course_submit: 'Cours soumis pour validation',
  course_publish: 'Cours publié',
  course_request_changes: 'Modifications demandées sur un cours',
  course_unpublish: 'Cours dépublié',
  certificate_revoke: 'Attestation révoquée',
  satisfaction_comment_hide: 'Commentaire de satisfaction masqué',
  satisfaction_comment_show: 'Commentaire de satisfaction de nouveau affiché',
  self_delete: 'Compte supprimé par son titulaire',
  organisation_seats: 'Places attribuées à une organisation',
};

export interface AuditEntry {
  action: AuditAction;
  /** The administrator's name at read time; null when their account no longer exists. */
  actor_name: string | null;
  created_at: string;
  details: Record<string, unknown> | null;
}

export interface AdminUserDetail extends AdminUser {
  cv_original_name: string | null;
  rejection_reason: string | null;
  rejected_at: string | null;
  /** Newest first, at most AUDIT_ENTRIES_SHOWN. */
  audit: AuditEntry[];
}

/** `PUT /api/admin/users/{id}/status`: approve (true) or revoke (false). */
export const userStatusBodySchema = z.object({
  is_valid: z.boolean({ message: 'Le statut doit être vrai ou faux.' }),
});

/** `POST /api/admin/users/{id}/reject`: the reason is shown to the trainer. */
export const rejectBodySchema = z.object({
  reason: z
    .string({ message: 'Le motif doit être un texte.' })
    .trim()
    .max(REJECTION_REASON_MAX_LENGTH, `Le motif ne peut pas dépasser ${REJECTION_REASON_MAX_LENGTH} caractères.`)
    .optional(),
});

/* Field rules: the signup's own schemas and messages (shared/auth.ts), so both forms say the same. */

/** Optional here (accounts an administrator creates have none), but a real past day when given. */
const optionalBirthdate = z
  .string({ error: authMessages.textExpected })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isRealDate(value), { message: authMessages.birthdateInvalid, abort: true })
  .refine((value) => value === null || isPastBirthdate(value), { message: authMessages.birthdateNotPast });

const optionalGender = z
  .preprocess(emptyAsUndefined, z.enum(genders, { error: authMessages.genderInvalid }).nullish())
  .transform((value) => value ?? null);

/** `PUT /api/admin/users/{id}`: the personal information an administrator may correct. */
export const adminUserUpdateBodySchema = z.object({
  firstname: firstnameSchema,
  lastname: lastnameSchema,
  email: emailSchema,
  phone_number: phoneSchema,
  gender: optionalGender,
  birthdate: optionalBirthdate,
  country: extraSchema,
  speciality: extraSchema,
});
export type AdminUserUpdateBody = z.output<typeof adminUserUpdateBodySchema>;
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateBodySchema>;

/** `POST /api/admin/users`: the administrator chooses the role; the person chooses the password (e-mailed link). */
export const adminUserCreateBodySchema = z.object({
  firstname: firstnameSchema,
  lastname: lastnameSchema,
  email: emailSchema,
  role: z.enum(roles, { message: 'Veuillez choisir un rôle.' }),
});
export type AdminUserCreateBody = z.output<typeof adminUserCreateBodySchema>;
export type AdminUserCreateInput = z.input<typeof adminUserCreateBodySchema>;

export interface AdminUserCreatedResponse {
  user: AdminUser;
  /** The address the "définissez votre mot de passe" link (valid 7 days) was sent to; nobody else ever knows the password. */
  invitation_sent_to: string;
}

/** French messages of the administration rules, shared by the server and the screens. */
export const adminMessages = {
  cannotRevokeSelf: 'Vous ne pouvez pas révoquer votre propre compte.',
  cannotDeleteSelf: 'Vous ne pouvez pas supprimer votre propre compte.',
  lastAdminRevoke: "Impossible de révoquer le dernier administrateur actif : nommez d'abord un autre administrateur.",
  lastAdminDelete: "Impossible de supprimer le dernier administrateur actif : nommez d'abord un autre administrateur.",
  onlyTrainersRejected: "Seule la candidature d'un formateur peut être rejetée.",
  userNotFound: 'Utilisateur introuvable',
  cvNotFound: "Cet utilisateur n'a pas déposé de CV.",
} as const;
