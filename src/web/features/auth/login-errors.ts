import { ApiError } from '../../lib/api-client';

/** Every login error code of spec section 8, in French. */
export const loginErrorMessages = {
  invalid_credentials: 'Adresse e-mail ou mot de passe incorrect.',
  account_locked: 'Compte temporairement verrouillé après plusieurs tentatives. Réessayez dans 15 minutes.',
  account_not_verified: "Votre compte n'est pas encore vérifié. Consultez vos e-mails pour trouver le lien de confirmation.",
  account_disabled: 'Votre compte a été désactivé. Veuillez contacter le support.',
  email_not_found: 'Aucun compte ne correspond à cette adresse e-mail.',
  server_error: 'Erreur du serveur. Veuillez réessayer plus tard.',
  network_error: 'Impossible de joindre le serveur. Vérifiez votre connexion internet.',
  invalid_request: 'La requête est invalide. Veuillez réessayer.',
  validation_failed: 'Les informations saisies ne sont pas valides. Vérifiez votre adresse e-mail et votre mot de passe.',
  empty_fields: 'Veuillez saisir votre adresse e-mail et votre mot de passe.',
  inactive_account: "Votre compte est inactif. Veuillez contacter l'administrateur.",
  invalid_token: 'Votre session a expiré. Veuillez vous reconnecter.',
  maintenance_mode: 'La plateforme est en maintenance. Veuillez réessayer plus tard.',
  too_many_attempts: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
} as const;
export type LoginErrorCode = keyof typeof loginErrorMessages;

/** An error code the screen does not know. */
export const LOGIN_DEFAULT_MESSAGE = "Erreur d'authentification. Veuillez réessayer.";
/** No code, no recognisable text, no server message. */
export const LOGIN_FALLBACK_MESSAGE = 'Échec de la connexion. Veuillez vérifier vos identifiants.';

/** When the answer has no code, its text is matched, in this order (spec section 8). */
const textRules: Array<[RegExp, LoginErrorCode]> = [
  [/verification|verified/i, 'account_not_verified'],
  [/credentials|password/i, 'invalid_credentials'],
  [/locked|disabled/i, 'account_disabled'],
  [/not found|doesn't exist|does not exist/i, 'email_not_found'],
  [/validation|valid/i, 'validation_failed'],
];

function isKnownCode(code: string): code is LoginErrorCode {
  return Object.hasOwn(loginErrorMessages, code);
}

/** The French text for a failed login answer: by code, else by message text, else the message itself. */
export function loginMessageFor(code: string | null | undefined, message: string | null | undefined): string {
  if (code) return isKnownCode(code) ? loginErrorMessages[code] : LOGIN_DEFAULT_MESSAGE;
  const text = message?.trim() ?? '';
  for (const [pattern, mapped] of textRules) if (pattern.test(text)) return loginErrorMessages[mapped];
  return text || LOGIN_FALLBACK_MESSAGE;
}

/**
 * The French text for anything the login call threw. The API client reports an answer
 * without a code as 'unknown_error' and no answer at all as 'network_error'; anything that
 * is not an ApiError failed before the request left (spec: 'server_error').
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return loginMessageFor(error.code === 'unknown_error' ? null : error.code, error.message);
  return loginErrorMessages.server_error;
}
