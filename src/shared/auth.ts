import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import type { ErrorCode } from './errors';
import { roles, signupRoles } from './roles';

export const genders = ['female', 'male'] as const;
export type Gender = (typeof genders)[number];
export const genderLabels: Record<Gender, string> = { female: 'Femme', male: 'Homme' };

/** RFC 5321's practical limit for a whole address. */
const EMAIL_MAX_LENGTH = 254;
/** Longer than any real password; stops a multi-megabyte string from reaching argon2. */
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;
/** Free-text extras of the signup payload (country, speciality, cin). */
export const EXTRA_FIELD_MAX_LENGTH = 100;
const OLDEST_BIRTH_YEAR = 1900;

/** Every French message of the account forms, shared by the API and the screens. */
export const authMessages = {
  firstnameRequired: 'Le prénom est obligatoire.',
  firstnameTooLong: `Le prénom ne doit pas dépasser ${NAME_MAX_LENGTH} caractères.`,
  lastnameRequired: 'Le nom est obligatoire.',
  lastnameTooLong: `Le nom ne doit pas dépasser ${NAME_MAX_LENGTH} caractères.`,
  nameControlCharacters: 'Ce champ contient des caractères non autorisés.',
  nameInvisibleCharacters:
    "Ce champ contient des caractères invisibles non autorisés (sens d'écriture, espace sans largeur, séparateur de ligne).",
  emailRequired: "L'adresse e-mail est obligatoire.",
  emailInvalid: "Format d'adresse e-mail invalide.",
  emailTooLong: `L'adresse e-mail ne doit pas dépasser ${EMAIL_MAX_LENGTH} caractères.`,
  passwordRequired: 'Le mot de passe est obligatoire.',
  passwordTooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  passwordTooLong: `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX_LENGTH} caractères.`,
  passwordTooWeak: 'Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre.',
  passwordsMismatch: 'Les mots de passe ne correspondent pas.',
  birthdateRequired: 'La date de naissance est obligatoire.',
  birthdateInvalid: 'Date de naissance non valide.',
  birthdateNotPast: 'La date de naissance doit être dans le passé.',
  genderRequired: 'Le genre est obligatoire.',
  genderInvalid: 'Le genre doit être Femme ou Homme.',
  phoneInvalid: 'Numéro de téléphone non valide.',
  roleRequired: 'Le rôle est obligatoire.',
  roleInvalid: 'Le rôle doit être Membre, Formateur ou Organisation.',
  roleAdminRefused: "Le rôle administrateur ne peut pas être choisi à l'inscription.",
  extraTooLong: `Ce champ ne doit pas dépasser ${EXTRA_FIELD_MAX_LENGTH} caractères.`,
  textExpected: 'Ce champ doit être un texte.',
  booleanExpected: 'Ce champ doit valoir true ou false.',
  /** Login screen (spec section 5), without a final period as the spec writes them. */
  loginEmailRequired: 'Veuillez saisir votre adresse e-mail',
  loginPasswordRequired: 'Veuillez saisir votre mot de passe',
  loginEmailTooLong: `L'adresse e-mail ne doit pas dépasser ${EMAIL_MAX_LENGTH} caractères.`,
  loginPasswordTooLong: `Le mot de passe ne doit pas dépasser ${LOGIN_PASSWORD_MAX_LENGTH} caractères.`,
} as const;

/**
 * Marks a zod issue with the API error code it stands for (`invalid_date`, `invalid_phone`,
 * `empty_fields`); the routes read it to answer that code instead of `validation_failed`.
 */
export function issueCode(errorCode: ErrorCode): { params: { errorCode: ErrorCode } } {
  return { params: { errorCode } };
}

// ---------------------------------------------------------------------------------------------
// Rules, as plain functions so the screens and the API apply exactly the same ones.

const controlCharacters = /\p{Cc}/u;
/**
 * Invisible characters that can disguise a name in the administration screens and the audit
 * log: bidirectional controls (U+202E turns 'Martin' around), zero-width and other format
 * characters (\p{Cf}), line and paragraph separators, Hangul fillers that look blank.
 */
const invisibleCharacters = /[\p{Cf}\u2028\u2029\u115f\u1160\u3164\uffa0]/u;
/** Format characters that belong to an emoji: ZWJ between pictographs (👩‍💻), tags of a flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿). */
const emojiJoiner = /(?<=\p{Extended_Pictographic}(?:\ufe0f|\p{Emoji_Modifier})?)\u200d(?=\p{Extended_Pictographic})/gu;
const emojiTags = /(?<=\u{1f3f4})[\u{e0020}-\u{e007e}]+\u{e007f}/gu;

/** The French message when a name or other identity text holds a character it may not, else null. */
export function identityTextProblem(value: string): string | null {
  if (controlCharacters.test(value)) return authMessages.nameControlCharacters;
  if (invisibleCharacters.test(value.replace(emojiJoiner, '').replace(emojiTags, ''))) return authMessages.nameInvisibleCharacters;
  return null;
}

/**
 * Refuses control characters (line breaks included) and invisible ones in a one-line text: a
 * name, or a title that reaches attestations, PDFs, public checks and the text part of mails.
 */
export function identityText(schema: z.ZodString) {
  return schema.superRefine((value, ctx) => {
    const problem = identityTextProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** A date is a real calendar day written YYYY-MM-DD (no 2023-02-30). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today as YYYY-MM-DD in the local calendar of whoever checks (browser or server). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A birth date must be a real day, not in the future nor today, and not before 1900. */
export function isPastBirthdate(value: string, now: Date = new Date()): boolean {
  return isRealDate(value) && Number(value.slice(0, 4)) >= OLDEST_BIRTH_YEAR && value < todayIso(now);
}

/**
 * A plausible phone number: French `0X XX XX XX XX` or international `+XX…` (8 to 15 digits),
 * with spaces, dots or dashes between digits.
 */
export function isPlausiblePhone(value: string): boolean {
  const trimmed = value.trim();
  if (!/^\+?[0-9][0-9 .-]*[0-9]$/.test(trimmed)) return false;
  const compact = trimmed.replace(/[ .-]/g, '');
  return /^0[1-9]\d{8}$/.test(compact) || /^\+[1-9]\d{7,14}$/.test(compact);
}

/** Upper case, lower case and a digit: the server's password rule (spec section 5). */
export function isStrongPassword(value: string): boolean {
  return /\p{Lu}/u.test(value) && /\p{Ll}/u.test(value) && /\p{Nd}/u.test(value);
}

export function isEmailFormat(value: string): boolean {
  return z.email().safeParse(value).success;
}

// ---------------------------------------------------------------------------------------------
// Field schemas, composed by the signup body, the profile body and the screens' forms.

/** Text input: a missing value reads as "required", another type as "must be text". */
function text(requiredMessage: string) {
  return z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : authMessages.textExpected) });
}

/** A first or last name: trimmed, required, at most 100 characters, written as typed otherwise. */
function nameSchema(required: string, tooLong: string) {
  return identityText(
    text(required)
      .trim()
      .min(1, { message: required, abort: true })
      .max(NAME_MAX_LENGTH, { message: tooLong, abort: true }),
  );
}

export const firstnameSchema = nameSchema(authMessages.firstnameRequired, authMessages.firstnameTooLong);
export const lastnameSchema = nameSchema(authMessages.lastnameRequired, authMessages.lastnameTooLong);

/** Stored trimmed and lower-cased, so `Camille@Exemple.FR ` and `camille@exemple.fr` are one account. */
export const emailSchema = text(authMessages.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, { message: authMessages.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, { message: authMessages.emailTooLong, abort: true })
  .refine(isEmailFormat, authMessages.emailInvalid);

/** A new password (signup, reset, change): 8 to 128 characters with upper case, lower case and a digit. */
export const newPasswordSchema = text(authMessages.passwordRequired)
  .min(1, { message: authMessages.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { message: authMessages.passwordTooShort, abort: true })
  .max(PASSWORD_MAX_LENGTH, { message: authMessages.passwordTooLong, abort: true })
  .refine(isStrongPassword, authMessages.passwordTooWeak);

export const genderSchema = z.enum(genders, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? authMessages.genderRequired : authMessages.genderInvalid,
});

/** YYYY-MM-DD, a real past day; a wrong one answers `invalid_date`. */
export const birthdateSchema = text(authMessages.birthdateRequired)
  .trim()
  .min(1, { message: authMessages.birthdateRequired, abort: true })
  .refine(isRealDate, { message: authMessages.birthdateInvalid, abort: true, ...issueCode('invalid_date') })
  .refine((v) => isPastBirthdate(v), { message: authMessages.birthdateNotPast, ...issueCode('invalid_date') });

/** Optional: empty or absent is stored as null; a wrong one answers `invalid_phone`. */
export const phoneSchema = z
  .string({ error: authMessages.phoneInvalid })
  .nullish()
  .refine((v) => !v?.trim() || isPlausiblePhone(v), { message: authMessages.phoneInvalid, ...issueCode('invalid_phone') })
  .transform((v) => (v?.trim() ? v.trim() : null));

/** Country, speciality, cin: optional free text, empty stored as null, without hidden characters. */
export const extraSchema = identityText(
  z.string({ error: authMessages.textExpected }).trim().max(EXTRA_FIELD_MAX_LENGTH, { message: authMessages.extraTooLong, abort: true }),
)
  .nullish()
  .transform((v) => (v ? v : null));

export const signupRoleSchema = z.enum(signupRoles, {
  error: (issue) => {
    if (issue.input === undefined || issue.input === null || issue.input === '') return authMessages.roleRequired;
    return issue.input === 'admin' ? authMessages.roleAdminRefused : authMessages.roleInvalid;
  },
});

// ---------------------------------------------------------------------------------------------
// Accounts (signup itself: shared/signup.ts)

/** The account as login and signup answer it. */
export const accountUserSchema = z.object({
  id: z.number().int(),
  role: z.enum(roles),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  is_valid: z.boolean(),
  /** The owner opened a link sent to this address; false shows the "confirmez votre adresse" banner. */
  email_confirmed: z.boolean(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/login

/** A missing email or password reads as empty (`empty_fields`); any other wrong shape is `validation_failed`. */
export const loginBodySchema = z.object({
  email: z
    .string({ error: authMessages.textExpected })
    .optional()
    .transform((v) => (v ?? '').trim().toLowerCase())
    .refine((v) => v.length > 0, { message: authMessages.loginEmailRequired, abort: true, ...issueCode('empty_fields') })
    .refine((v) => v.length <= EMAIL_MAX_LENGTH, authMessages.loginEmailTooLong),
  password: z
    .string({ error: authMessages.textExpected })
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v.length > 0, { message: authMessages.loginPasswordRequired, abort: true, ...issueCode('empty_fields') })
    .refine((v) => v.length <= LOGIN_PASSWORD_MAX_LENGTH, authMessages.loginPasswordTooLong),
  /** 30-day session instead of 12 hours. */
  remember: z.boolean({ error: authMessages.booleanExpected }).optional().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  user: accountUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The login screen's form: only the two messages of spec section 5. */
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, authMessages.loginEmailRequired),
  password: z.string().min(1, authMessages.loginPasswordRequired),
  remember: z.boolean(),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;
