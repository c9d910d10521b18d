import { z } from 'zod';
import {
  authMessages,
  birthdateSchema,
  emailSchema,
  extraSchema,
  firstnameSchema,
  genderSchema,
  identityTextProblem,
  isEmailFormat,
  lastnameSchema,
  newPasswordSchema,
  phoneSchema,
  signupRoleSchema,
  accountUserSchema,
  type Gender,
} from './auth';
import { NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import {
  contactPhoneSchema,
  emptyOrganisationForm,
  organisationFieldNames,
  organisationFieldsShape,
  organisationFormProblems,
  sectors,
  sizeBands,
  type OrganisationFieldName,
  type OrganisationFormValues,
} from './organisations';
import type { SignupRole } from './roles';

// ---------------------------------------------------------------------------------------------
// POST /api/signup

/** The organisation's fields, optional in the shape: the role decides whether they are required. */
const optionalOrganisationShape = Object.fromEntries(organisationFieldNames.map((name) => [name, organisationFieldsShape[name].optional()])) as {
  [K in OrganisationFieldName]: z.ZodOptional<(typeof organisationFieldsShape)[K]>;
};

/**
 * The spec's signup payload. The server decides `is_valid` (false only for trainers) whatever is
 * sent; `name`, `cv` and `profil_picture` are accepted and ignored (files come by upload).
 *
 * A person (membre, formateur) gives a gender and a birth date. An organisation (organisme)
 * gives none: its name, SIRET, sector, size, address and contact e-mail instead, its contact
 * person being the account's first and last name, and a phone number (required). Each field
 * keeps its own message; the role only decides which ones are required (decision 025).
 */
export const signupBodySchema = z
  .object({
    firstname: firstnameSchema,
    lastname: lastnameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    gender: genderSchema.optional(),
    birthdate: birthdateSchema.optional(),
    phone_number: phoneSchema,
    role: signupRoleSchema,
    name: z.string({ error: authMessages.textExpected }).max(2 * NAME_MAX_LENGTH + 1, authMessages.extraTooLong).optional(),
    is_valid: z.boolean({ error: authMessages.booleanExpected }).optional(),
    country: extraSchema,
    speciality: extraSchema,
    cin: extraSchema,
    cv: z.string({ error: authMessages.textExpected }).max(1000).nullish(),
    profil_picture: z.string({ error: authMessages.textExpected }).max(1000).nullish(),
    /** The organisation's invitation link this signup comes from: when it names this e-mail, the address is confirmed by it (issue 25). */
    invitation_token: z.string({ error: authMessages.textExpected }).max(200).optional(),
    ...optionalOrganisationShape,
  })
  .superRefine(
    (body, ctx) => {
      const required = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (body.role === 'organisme') {
        for (const name of organisationFieldNames) {
          // The contact e-mail may stay empty: the login e-mail is the contact's then.
          if (name !== 'contact_email' && body[name] === undefined) {
            const problem = organisationFieldsShape[name].safeParse(undefined);
            if (!problem.success) required(name, problem.error.issues[0]!.message);
          }
        }
        if (!body.phone_number) {
          const problem = contactPhoneSchema.safeParse(body.phone_number ?? undefined);
          if (!problem.success) required('phone_number', problem.error.issues[0]!.message);
        }
      } else if (body.role === 'membre' || body.role === 'formateur') {
        if (body.gender === undefined) required('gender', authMessages.genderRequired);
        if (body.birthdate === undefined) required('birthdate', authMessages.birthdateRequired);
      }
    },
    // Also when other fields are wrong (every missing field is reported at once, as before), but
    // only on an object: a body that is not one has already been refused.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  );
export type SignupBody = z.input<typeof signupBodySchema>;
export type SignupData = z.output<typeof signupBodySchema>;

export const signupResponseSchema = z.object({
  accessToken: z.string(),
  user: accountUserSchema,
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** The signup screen's values: all text, as the inputs hold them; the organisation's only for that role. */
export interface SignupFormValues extends Partial<OrganisationFormValues> {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  confirmPassword: string;
  gender: '' | Gender;
  birthdate: string;
  phone_number: string;
  role: SignupRole;
}
export type SignupFormField = keyof SignupFormValues;

/**
 * The signup screen's checks in the spec's order (section 5), with its messages. The
 * mismatch check returns early: birthdate and gender are not checked when passwords differ.
 * An organisation is checked on its own fields and its contact's phone instead.
 */
export function signupFormProblems(values: SignupFormValues): Array<[SignupFormField, string]> {
  const problems: Array<[SignupFormField, string]> = [];
  for (const [field, required] of [
    ['firstname', authMessages.firstnameRequired],
    ['lastname', authMessages.lastnameRequired],
  ] as const) {
    const value = values[field].trim();
    const problem = value ? identityTextProblem(value) : required;
    if (problem) problems.push([field, problem]);
  }
  const email = values.email.trim();
  if (!email) problems.push(['email', authMessages.emailRequired]);
  else if (/\s/.test(email) || !isEmailFormat(email)) problems.push(['email', authMessages.emailInvalid]);
  if (!values.password) problems.push(['password', authMessages.passwordRequired]);
  else if (values.password.length < PASSWORD_MIN_LENGTH) problems.push(['password', authMessages.passwordTooShort]);
  if (values.password !== values.confirmPassword) {
    problems.push(['confirmPassword', authMessages.passwordsMismatch]);
    return problems;
  }
  if (values.role === 'organisme') {
    const phone = contactPhoneSchema.safeParse(values.phone_number);
    if (!phone.success) problems.push(['phone_number', phone.error.issues[0]!.message]);
    problems.push(...organisationFormProblems({ ...emptyOrganisationForm, ...values }));
    return problems;
  }
  if (!values.birthdate) problems.push(['birthdate', authMessages.birthdateRequired]);
  if (!values.gender) problems.push(['gender', authMessages.genderRequired]);
  return problems;
}

/** The signup screen's form schema (react-hook-form + zodResolver). */
export const signupFormSchema = z
  .object({
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    gender: z.enum(['', 'female', 'male']),
    birthdate: z.string(),
    phone_number: z.string(),
    role: z.enum(['membre', 'formateur', 'organisme']),
    organisation_name: z.string().optional(),
    siret: z.string().optional(),
    sector: z.enum(['', ...sectors]).optional(),
    size_band: z.enum(['', ...sizeBands]).optional(),
    address: z.string().optional(),
    postal_code: z.string().optional(),
    city: z.string().optional(),
    contact_email: z.string().optional(),
  })
  .superRefine((values, ctx) => {
    for (const [field, message] of signupFormProblems(values as SignupFormValues)) ctx.addIssue({ code: 'custom', path: [field], message });
  });

/** What the signup screen sends: the spec's payload (section 3) from the form's values. */
export function toSignupBody(values: SignupFormValues): SignupBody {
  const firstname = values.firstname.trim();
  const lastname = values.lastname.trim();
  const common = {
    name: `${firstname} ${lastname}`,
    firstname,
    lastname,
    email: values.email.trim(),
    phone_number: values.phone_number.trim(),
    password: values.password,
    is_valid: true,
    role: values.role,
    country: '',
    speciality: '',
    cin: '',
    cv: '',
    profil_picture: '',
  };
  if (values.role !== 'organisme') return { ...common, gender: values.gender as Gender, birthdate: values.birthdate };
  const organisation = { ...emptyOrganisationForm, ...values };
  return {
    ...common,
    organisation_name: organisation.organisation_name.trim(),
    siret: organisation.siret,
    sector: organisation.sector as OrganisationFormValues['sector'] & string,
    size_band: organisation.size_band as OrganisationFormValues['size_band'] & string,
    address: organisation.address.trim(),
    postal_code: organisation.postal_code.trim(),
    city: organisation.city.trim(),
    contact_email: organisation.contact_email.trim(),
  } as SignupBody;
}
