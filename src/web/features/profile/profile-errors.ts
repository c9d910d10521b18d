import type { ProfileFormValues } from '../../../shared/profile';
import { ApiError } from '../../lib/api-client';

/** The profile screen's messages of spec section 8, in French. */
export const profileErrorMessages = {
  noToken: "Aucun jeton d'accès trouvé. Veuillez vous connecter.",
  fetchFailed: 'Impossible de récupérer les données du profil.',
  unknown: "Une erreur inconnue s'est produite.",
  updateFailed: 'Échec de la mise à jour du profil.',
  updateError: "Une erreur s'est produite lors de la mise à jour du profil.",
} as const;

export type ProfileFormField = keyof ProfileFormValues;
const formFields: readonly ProfileFormField[] = ['firstName', 'lastName', 'phoneNumber', 'email', 'birthDate', 'gender'];

/** Why the profile could not be shown. */
export function profileLoadError(error: unknown): string {
  if (error instanceof ApiError) return error.message ? `${profileErrorMessages.fetchFailed} ${error.message}` : profileErrorMessages.fetchFailed;
  return profileErrorMessages.unknown;
}

export interface ProfileSaveErrorDisplay {
  fieldErrors: Partial<Record<ProfileFormField, string>>;
  alert: string | null;
}

/** A failed save: the server's field messages under their fields, anything else in one alert. */
export function profileSaveError(error: unknown): ProfileSaveErrorDisplay {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, alert: profileErrorMessages.updateError };
  const fieldErrors: ProfileSaveErrorDisplay['fieldErrors'] = {};
  const others: string[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
    const message = Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : profileErrorMessages.updateFailed;
    if ((formFields as readonly string[]).includes(field)) fieldErrors[field as ProfileFormField] ??= message;
    else others.push(message);
  }
  if (Object.keys(fieldErrors).length > 0 && others.length === 0) return { fieldErrors, alert: null };
  const detail = others.length > 0 ? others.join(' ') : error.message;
  return { fieldErrors, alert: detail ? `${profileErrorMessages.updateFailed} ${detail}` : profileErrorMessages.updateFailed };
}
