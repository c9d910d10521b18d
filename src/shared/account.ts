import { z } from 'zod';
import { authMessages, emailSchema, LOGIN_PASSWORD_MAX_LENGTH } from './auth';
import { CONTACT } from './constants';
import { linkTokenSchema, passwordMessages } from './password';

/**
 * The account's life cycle from the settings: confirming and changing the login e-mail,
 * downloading one's data and deleting one's account (decision 021).
 */

/** What must be typed to delete one's account. */
export const DELETE_CONFIRMATION_WORD = 'SUPPRIMER';

/** The French texts of the account screens and answers. */
export const accountMessages = {
  emailUnchanged: 'Cette adresse est déjà celle de votre compte.',
  emailChangeSent: (email: string) =>
    `Nous avons envoyé un lien de confirmation à ${email}. Votre adresse ne change qu’une fois ce lien ouvert ; il est valable 24 heures.`,
  emailChangedDone: (email: string) => `Votre adresse e-mail est désormais ${email}. Vos autres sessions ont été fermées.`,
  emailConfirmed: 'Merci : votre adresse e-mail est confirmée.',
  emailAlreadyConfirmed: 'Votre adresse e-mail est déjà confirmée.',
  confirmationSent: (email: string) => `Un nouveau lien de confirmation a été envoyé à ${email}.`,
  /** The e-mail change link of an address that another account took meanwhile. */
  emailTakenAtConfirmation: 'Cette adresse e-mail est déjà utilisée par un autre compte : votre adresse n’a pas été modifiée.',
  /** The profile form: the login e-mail changes only from the settings, through a link sent to the new address. */
  emailChangeElsewhere: 'Pour changer d’adresse e-mail, passez par l’onglet « Paramètres » : un lien de confirmation sera envoyé à la nouvelle adresse.',
  confirmationRequired: `Saisissez ${DELETE_CONFIRMATION_WORD} pour confirmer la suppression.`,
  adminCannotDelete:
    'Un compte administrateur ne peut pas être supprimé depuis ses paramètres : demandez à un autre administrateur de le supprimer.',
  authorOfLiveCourses: `Vous êtes l’auteur de cours publiés ou suivis par des apprenants : votre compte ne peut pas être supprimé tant qu’ils en dépendent. Écrivez-nous à ${CONTACT.email} : nous confierons ces cours à un autre formateur ou les retirerons, puis supprimerons votre compte.`,
  accountDeleted: 'Votre compte a été supprimé. Toutes vos sessions sont fermées.',
} as const;

const currentPasswordSchema = z
  .string({ error: authMessages.textExpected })
  .min(1, passwordMessages.currentRequired)
  .max(LOGIN_PASSWORD_MAX_LENGTH, authMessages.loginPasswordTooLong);

/** `POST /api/user/email/change`: the new login e-mail, the current password required. */
export const changeEmailBodySchema = z.object({ email: emailSchema, currentPassword: currentPasswordSchema });
export type ChangeEmailBody = z.input<typeof changeEmailBodySchema>;
export type ChangeEmail = z.output<typeof changeEmailBodySchema>;

/** `POST /api/email/confirm`: the token of the e-mailed link (signup confirmation or e-mail change). */
export const confirmEmailBodySchema = z.object({ token: linkTokenSchema });
export type ConfirmEmailBody = z.input<typeof confirmEmailBodySchema>;

/** What confirming answers: which kind of link it was, and the account's address now. */
export const confirmEmailResponseSchema = z.object({
  kind: z.enum(['confirmation', 'change']),
  email: z.string(),
  /** The account the link belonged to, so a page signed in as that account can update itself. */
  user_id: z.number().int(),
  message: z.string(),
});
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;

/** Every answer that only says what happened. */
export const accountMessageResponseSchema = z.object({ message: z.string() });
export type AccountMessageResponse = z.infer<typeof accountMessageResponseSchema>;

/** `DELETE /api/user/account`: the current password and the typed word. */
export const deleteAccountBodySchema = z.object({
  currentPassword: currentPasswordSchema,
  confirmation: z
    .string({ error: accountMessages.confirmationRequired })
    .trim()
    .refine((value) => value.toUpperCase() === DELETE_CONFIRMATION_WORD, accountMessages.confirmationRequired),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

/** The name the data export downloads under, e.g. `ecoforma-mes-donnees-2026-05-17.zip`. */
export function dataExportFileName(now: Date = new Date()): string {
  return `ecoforma-mes-donnees-${now.toISOString().slice(0, 10)}.zip`;
}

/** The JSON file of the export, at the root of the ZIP. */
export const DATA_EXPORT_JSON = 'mes-donnees.json';
