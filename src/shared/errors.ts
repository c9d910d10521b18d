/** Every error body the API sends: `{ error_code, message, errors? }`. */
export const errorCodes = [
  'invalid_request',
  'invalid_credentials',
  'invalid_token',
  'forbidden',
  'not_found',
  'email_taken',
  'payload_too_large',
  'file_too_large',
  'unsupported_file_type',
  'validation_failed',
  'invalid_transition',
  'empty_fields',
  'invalid_date',
  'invalid_phone',
  'account_locked',
  'account_disabled',
  'too_many_attempts',
  'attempts_exhausted',
  'invalid_link',
  'already_revoked',
  'certificate_revoked',
  'siret_taken',
  'seats_exhausted',
  'too_many_invitations',
  'own_course',
  'already_reported',
  'own_content',
  'too_many_reports',
  'already_contested',
  'maintenance_mode',
  'request_timeout',
  'storage_unavailable',
  'shutting_down',
  'range_not_satisfiable',
  'server_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Field name -> French messages, first one shown under the field. */
export type FieldErrors = Record<string, string[]>;

export interface ApiErrorBody {
  error_code: ErrorCode | string;
  message: string;
  errors?: FieldErrors;
}

/** The default French message of each code, used by the server and as the client's fallback. */
export const errorMessages: Record<ErrorCode, string> = {
  invalid_request: 'La requête est invalide.',
  invalid_credentials: 'Adresse e-mail ou mot de passe incorrect.',
  invalid_token: 'Votre session a expiré. Veuillez vous reconnecter.',
  forbidden: "Vous n'avez pas accès à cette ressource.",
  not_found: 'Ressource introuvable.',
  email_taken: 'Cette adresse e-mail est déjà utilisée. Veuillez en choisir une autre.',
  payload_too_large: 'La requête est trop volumineuse.',
  file_too_large: 'Le fichier est trop volumineux.',
  unsupported_file_type: "Ce type de fichier n'est pas accepté.",
  validation_failed: 'Certaines informations sont invalides.',
  invalid_transition: "Cette action n'est pas possible dans l'état actuel.",
  empty_fields: 'Veuillez remplir tous les champs obligatoires.',
  invalid_date: 'Date de naissance non valide.',
  invalid_phone: 'Numéro de téléphone non valide.',
  account_locked: 'Compte temporairement verrouillé après plusieurs tentatives. Réessayez dans 15 minutes.',
  account_disabled: 'Votre compte a été désactivé. Veuillez contacter le support.',
  too_many_attempts: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  attempts_exhausted: 'Vous avez utilisé toutes vos tentatives pour ce quiz.',
  invalid_link: "Ce lien n'est plus valable : il a déjà servi, il a expiré ou il est incomplet. Demandez-en un nouveau.",
  already_revoked: 'Cette attestation est déjà révoquée.',
  certificate_revoked: 'Cette attestation a été révoquée : elle ne peut plus être téléchargée.',
  siret_taken: 'Ce numéro SIRET est déjà enregistré pour une autre organisation.',
  seats_exhausted: "Votre organisation n'a plus assez de places pour ce cours. Demandez des places supplémentaires à l'équipe EcoForma.",
  too_many_invitations: "Votre organisation a envoyé trop d'invitations récemment. Réessayez plus tard.",
  own_course: "L'auteur d'un cours ne peut ni s'y inscrire, ni le noter, ni en recevoir l'attestation ; l'aperçu lui reste ouvert.",
  already_reported: 'Vous avez déjà signalé ce contenu : votre signalement est en cours d’examen.',
  own_content: 'Vous ne pouvez pas signaler votre propre contenu.',
  too_many_reports: 'Vous avez envoyé trop de signalements en 24 heures : réessayez demain.',
  already_contested: 'Cette décision a déjà été contestée.',
  maintenance_mode: 'La plateforme est en maintenance. Veuillez réessayer plus tard.',
  request_timeout: 'La requête a pris trop de temps et a été interrompue. Vérifiez votre connexion et réessayez.',
  storage_unavailable: 'Espace de stockage indisponible.',
  shutting_down: 'Le serveur redémarre : l’envoi a été interrompu. Envoyez le fichier de nouveau dans un instant.',
  range_not_satisfiable: 'La plage d’octets demandée est en dehors du fichier.',
  server_error: "Une erreur serveur s'est produite. Veuillez réessayer ultérieurement.",
};
