import { z } from 'zod';
import { authMessages, emailSchema, LOGIN_PASSWORD_MAX_LENGTH, newPasswordSchema } from './auth';
import { webPaths } from './web-paths';

/** The French texts of the password screens and answers. */
export const passwordMessages = {
  /** The one answer of "Mot de passe oublié ?", whether the account exists or not. */
  forgotAccepted:
    'Si un compte EcoForma existe pour cette adresse, vous allez recevoir un e-mail avec un lien pour choisir un nouveau mot de passe. Ce lien est valable 30 minutes.',
  resetDone: 'Votre mot de passe a été modifié. Connectez-vous avec votre nouveau mot de passe.',
  setupDone: 'Votre mot de passe est enregistré. Connectez-vous pour commencer.',
  linkMissing: 'Ce lien est incomplet. Ouvrez le lien reçu par e-mail, ou demandez-en un nouveau.',
  tokenRequired: 'Le lien est incomplet.',
  changed: 'Votre mot de passe a été modifié. Vos autres sessions ont été fermées.',
  currentRequired: 'Saisissez votre mot de passe actuel.',
} as const;

/**
 * The pages that open with a single-use token in their address (`?token=…`, or `?invitation=…`
 * on signup from an organisation's invitation): the server sends them with
 * `Referrer-Policy: no-referrer` and the page removes the token from the address bar.
 */
export const RESET_PASSWORD_PAGE = webPaths.resetPassword;
export const CONFIRM_EMAIL_PAGE = webPaths.confirmEmail;
/** An organisation's invitation, for someone who has an account (decision 025). */
export const JOIN_ORGANISATION_PAGE = webPaths.joinOrganisation;
export const SIGNUP_PAGE = webPaths.signup;
export const LINK_PAGE_PATHS = [RESET_PASSWORD_PAGE, CONFIRM_EMAIL_PAGE, JOIN_ORGANISATION_PAGE, SIGNUP_PAGE] as const;

/** `POST /api/password/forgot`. */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;
export const forgotPasswordResponseSchema = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

/** The single-use token of a link: base64url, at most a few hundred characters. */
export const linkTokenSchema = z
  .string({ error: passwordMessages.tokenRequired })
  .min(1, passwordMessages.tokenRequired)
  .max(200, passwordMessages.tokenRequired);

/** `POST /api/password/reset`: the token of the e-mailed link and the new password (the signup rules). */
export const resetPasswordBodySchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
export const resetPasswordResponseSchema = z.object({ message: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

/** The reset screen's form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: authMessages.passwordsMismatch });
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

/** `PUT /api/user/password`: change one's password from the settings, the current one required. */
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: authMessages.textExpected })
    .min(1, passwordMessages.currentRequired)
    .max(LOGIN_PASSWORD_MAX_LENGTH, authMessages.loginPasswordTooLong),
  password: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;
export type ChangePassword = z.output<typeof changePasswordBodySchema>;
export const changePasswordResponseSchema = z.object({ message: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** The settings form: current password, then the new one twice. */
export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: authMessages.passwordsMismatch });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;
