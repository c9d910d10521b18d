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
import { emptyAsUndefined, pagingParams } from './paging';

/** Longest search text accepted; longer input is a mistake or an attack, not a name. */
export const SEARCH_MAX_LENGTH = 100;
export const REJECTION_REASON_MAX_LENGTH = 1000;
export const AUDIT_ENTRIES_SHOWN = 50;

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
const adminUserShape = {
  id: z.number().int(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(roles),
  speciality: z.string().nullable(),
  is_valid: z.boolean(),
  /** The latest meeting (ISO 8601, UTC), or null. */
  meeting_date: z.string().nullable(),
  meeting_url: z.string().nullable(),
  /** Its id, for the meeting page `/admin/meeting/{userId}/{meetingId}`. */
  meeting_id: z.number().int().nullable(),
  /** Whether a CV was uploaded; the file itself comes from `GET /api/admin/users/{id}/cv`. */
  cv: z.boolean(),
  profil_picture: z.string().nullable(),
  phone_number: z.string().nullable(),
  country: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  /** YYYY-MM-DD. */
  birthdate: z.string().nullable(),
  created_at: z.string(),
  /** An administrator refused this trainer's application. */
  rejected: z.boolean(),
  /** The owner opened a link sent to this address (signup confirmation, e-mail change, password link). */
  email_confirmed: z.boolean(),
};
export const adminUserSchema = z.object(adminUserShape);
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The dashboard's four counters, over the whole user base. */
export const adminCountersSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  /** Users with at least one meeting. */
  meetings: z.number().int(),
});
export type AdminCounters = z.infer<typeof adminCountersSchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  /** Users matching the filters; for a text search, at most SEARCH_COUNT_CAP of shared/paging.ts (see totalCapped). */
  total: z.number().int(),
  /** True when more than `total` users match a search. */
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counters: adminCountersSchema,
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

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
  'moderation_decision',
  'moderation_contest_answer',
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
  moderation_decision: 'Décision de modération sur un contenu signalé',
  moderation_contest_answer: 'Réponse à la contestation d’une décision de modération',
};

export const auditEntrySchema = z.object({
  action: z.enum(auditActions),
  /** The administrator's name at read time; null when their account no longer exists. */
  actor_name: z.string().nullable(),
  created_at: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminUserDetailSchema = z.object({
  ...adminUserShape,
  cv_original_name: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  rejected_at: z.string().nullable(),
  /** Newest first, at most AUDIT_ENTRIES_SHOWN. */
  audit: z.array(auditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

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

export const adminUserCreatedResponseSchema = z.object({
  user: adminUserSchema,
  /** The address the "définissez votre mot de passe" link (valid 7 days) was sent to; nobody else ever knows the password. */
  invitation_sent_to: z.string(),
});
export type AdminUserCreatedResponse = z.infer<typeof adminUserCreatedResponseSchema>;

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
