import { z } from 'zod';
import {
  authMessages,
  birthdateSchema,
  emailSchema,
  firstnameSchema,
  genderSchema,
  lastnameSchema,
  LOGIN_PASSWORD_MAX_LENGTH,
  phoneSchema,
  type Gender,
} from './auth';
import type { Role } from './roles';

/** `GET /api/user/profile` and the answer of `PUT /api/user/profile` (spec sections 3 and 7). */
export interface Profile {
  id: number;
  role: Role;
  firstname: string;
  lastname: string;
  phone_number: string | null;
  email: string;
  /** YYYY-MM-DD. */
  birthdate: string | null;
  gender: Gender | null;
  /** The latest interview, ISO 8601 in UTC, or null. */
  meeting_date: string | null;
  /** The room's address, only while the room is open (shared/meetings.ts); null otherwise. */
  meeting_url: string | null;
  is_valid: boolean;
}

export const profileMessages = {
  currentPasswordRequired: 'Saisissez votre mot de passe actuel pour changer votre adresse email.',
  currentPasswordWrong: 'Mot de passe actuel incorrect.',
} as const;

/**
 * The fields of the profile form, validated exactly as at signup. `currentPassword` is needed
 * only to change the login e-mail (see `profileFormSchemaFor`); empty means not given.
 */
export const profileFormSchema = z.object({
  firstName: firstnameSchema,
  lastName: lastnameSchema,
  phoneNumber: phoneSchema,
  email: emailSchema,
  birthDate: birthdateSchema,
  gender: genderSchema,
  currentPassword: z
    .string({ error: authMessages.textExpected })
    .max(LOGIN_PASSWORD_MAX_LENGTH, authMessages.loginPasswordTooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
});

/** Whether saving moves the account to another login e-mail (both already trimmed and lower-cased). */
export function changesLoginEmail(currentEmail: string, nextEmail: string): boolean {
  return currentEmail.trim().toLowerCase() !== nextEmail;
}

/**
 * The profile form of someone whose e-mail is `currentEmail`: the server's rule, checked before
 * sending, that a new login e-mail comes with the current password.
 */
export function profileFormSchemaFor(currentEmail: string) {
  return profileFormSchema.superRefine((values, ctx) => {
    if (changesLoginEmail(currentEmail, values.email) && !values.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: profileMessages.currentPasswordRequired });
    }
  });
}
/** The form's values, as its inputs hold them ('' for a gender not chosen yet). */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  birthDate: string;
  gender: Gender | '';
  currentPassword: string;
}

/**
 * `PUT /api/user/profile`: the spec's payload. `is_valid`, `meeting_date` and `meeting_url`
 * are accepted and ignored, whatever their value: nobody approves themselves.
 */
export const profileUpdateBodySchema = profileFormSchema.extend({
  meeting_date: z.unknown().optional(),
  meeting_url: z.unknown().optional(),
  is_valid: z.unknown().optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;
export type ProfileUpdate = z.output<typeof profileUpdateBodySchema>;
