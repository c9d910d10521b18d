import { z } from 'zod';
import { birthdateSchema, emailSchema, firstnameSchema, genders, genderSchema, lastnameSchema, phoneSchema, type Gender } from './auth';
import { organisationDetailsSchema } from './organisations';
import { roles } from './roles';

/** `GET /api/user/profile` and the answer of `PUT /api/user/profile` (spec sections 3 and 7). */
export const profileSchema = z.object({
  id: z.number().int(),
  role: z.enum(roles),
  firstname: z.string(),
  lastname: z.string(),
  phone_number: z.string().nullable(),
  email: z.string(),
  /** YYYY-MM-DD. */
  birthdate: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  /** The latest interview, ISO 8601 in UTC, or null. */
  meeting_date: z.string().nullable(),
  /** The room's address, only while the room is open (shared/meetings.ts); null otherwise. */
  meeting_url: z.string().nullable(),
  is_valid: z.boolean(),
  /** The owner opened a link sent to this address; false shows the "confirmez votre adresse" banner. */
  email_confirmed: z.boolean(),
  /** Organisations only: their details, null until given (an account an administrator created). */
  organisation: z.optional(z.nullable(organisationDetailsSchema)),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileMessages = {
  currentPasswordWrong: 'Mot de passe actuel incorrect.',
} as const;

/**
 * The fields of the profile form, validated exactly as at signup. The e-mail travels with them (the
 * spec's payload) but may not change here: a new login e-mail is confirmed from the settings.
 */
export const profileFormSchema = z.object({
  firstName: firstnameSchema,
  lastName: lastnameSchema,
  phoneNumber: phoneSchema,
  email: emailSchema,
  birthDate: birthdateSchema,
  gender: genderSchema,
});

/** The form's values, as its inputs hold them ('' for a gender not chosen yet). */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  birthDate: string;
  gender: Gender | '';
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
