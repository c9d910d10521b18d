import type { SignupFormField } from '../../../shared/signup';
import { organisationFieldLabels, organisationFieldNames } from '../../../shared/organisations';
import { ApiError } from '../../lib/api-client';

/** The signup error catalogue of spec section 8, in French. */
export const signupErrorMessages = {
  email_taken: 'Cette adresse e-mail est déjà utilisée. Veuillez en choisir une autre.',
  invalid_email: "Format d'adresse e-mail invalide.",
  weak_password: 'Le mot de passe doit contenir au moins 8 caractères, dont une majuscule, une minuscule et un chiffre.',
  passwords_not_match: 'Les mots de passe ne correspondent pas.',
  missing_required_fields: 'Veuillez remplir tous les champs obligatoires.',
  invalid_date: 'Date de naissance non valide.',
  invalid_phone: 'Numéro de téléphone non valide.',
  server_error: "Une erreur serveur s'est produite. Veuillez réessayer ultérieurement.",
  unknown_error: "Une erreur inconnue s'est produite. Veuillez réessayer.",
  network_error: 'Impossible de joindre le serveur. Vérifiez votre connexion internet.',
  maintenance_mode: 'La plateforme est en maintenance. Veuillez réessayer plus tard.',
} as const;
export const SIGNUP_DEFAULT_MESSAGE = "Une erreur s'est produite lors de l'inscription. Veuillez réessayer.";
export const SIGNUP_VALIDATION_FALLBACK = 'Erreur de validation';

/** The fields whose server errors appear under the field itself (spec section 5). */
export const signupFormFields: readonly SignupFormField[] = [
  'firstname',
  'lastname',
  'email',
  'password',
  'confirmPassword',
  'phone_number',
  'gender',
  'birthdate',
  'role',
  // An organisation's details (decision 025).
  ...organisationFieldNames,
];

/** French names of the other payload fields, for the alerts at the top of the form. */
export const signupFieldLabels: Record<string, string> = {
  firstname: 'Prénom',
  lastname: 'Nom',
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  confirmPassword: 'Confirmation du mot de passe',
  phone_number: 'Téléphone',
  gender: 'Genre',
  birthdate: 'Date de naissance',
  role: 'Rôle',
  name: 'Nom complet',
  country: 'Pays',
  speciality: 'Spécialité',
  cin: "Numéro de carte d'identité",
  cv: 'CV',
  profil_picture: 'Photo de profil',
  is_valid: 'Validation du compte',
  ...organisationFieldLabels,
};

/** A server field message, with the English phrasings of the spec's catalogue put into French. */
export function translateFieldMessage(message: unknown): string {
  if (typeof message !== 'string') return SIGNUP_VALIDATION_FALLBACK;
  if (/already in use|already exists/i.test(message)) return 'Cette valeur est déjà utilisée.';
  if (/required/i.test(message)) return 'Ce champ est obligatoire.';
  if (/valid email/i.test(message)) return signupErrorMessages.invalid_email;
  if (/minimum/i.test(message)) return 'Valeur trop courte.';
  if (/maximum/i.test(message)) return 'Valeur trop longue.';
  return message;
}

export interface SignupErrorDisplay {
  /** First message of each form field, shown under it. */
  fieldErrors: Partial<Record<SignupFormField, string>>;
  /** Shown at the top of the form, in red. */
  alerts: string[];
}

function isFormField(field: string): field is SignupFormField {
  return (signupFormFields as readonly string[]).includes(field);
}

function catalogueText(code: string): string | null {
  return Object.hasOwn(signupErrorMessages, code) ? signupErrorMessages[code as keyof typeof signupErrorMessages] : null;
}

/** Where each part of a failed signup goes: under its field, or in an alert at the top. */
export function signupErrorDisplay(error: unknown): SignupErrorDisplay {
  const display: SignupErrorDisplay = { fieldErrors: {}, alerts: [] };
  if (!(error instanceof ApiError)) {
    // A thrown exception shows its own message.
    display.alerts.push(error instanceof Error && error.message ? error.message : SIGNUP_DEFAULT_MESSAGE);
    return display;
  }
  if (error.fieldErrors && typeof error.fieldErrors === 'object') {
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const text = translateFieldMessage(Array.isArray(messages) ? messages[0] : messages);
      if (isFormField(field)) display.fieldErrors[field] ??= text;
      else display.alerts.push(`${signupFieldLabels[field] ?? field} : ${text}`);
    }
    const shownUnderFields = Object.values(display.fieldErrors);
    const general = catalogueText(error.code) ?? error.message;
    // The general message adds nothing when it only says "validation" or repeats a field's message.
    if (general && !/validation/i.test(general) && error.code !== 'validation_failed' && !shownUnderFields.includes(general)) {
      display.alerts.unshift(general);
    }
    if (!shownUnderFields.length && !display.alerts.length) display.alerts.push(SIGNUP_VALIDATION_FALLBACK);
    return display;
  }
  display.alerts.push(catalogueText(error.code) ?? (error.message || signupErrorMessages.unknown_error));
  return display;
}
