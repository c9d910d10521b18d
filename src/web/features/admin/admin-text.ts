import { ApiError } from '../../lib/api-client';

/** The administration screens' messages: spec section 8, in French. */
export const adminText = {
  loadUsersFailed: 'Échec du chargement des utilisateurs. Veuillez réessayer.',
  loadMembersFailed: 'Échec du chargement des utilisateurs',
  loadTrainersFailed: 'Échec du chargement des formateurs. Veuillez réessayer plus tard.',
  loadUserFailed: "Échec du chargement des détails de l'utilisateur",
  dashboardCvFailed: "Échec du téléchargement du CV. Le fichier n'existe peut-être pas.",
  cvFailed: 'Échec du téléchargement du CV. Veuillez réessayer.',
  scheduleFailed: 'Échec de la planification de la réunion. Veuillez réessayer.',
  scheduled: (name: string, date: string) => `Réunion planifiée avec ${name} le ${date}`,
  moved: (name: string, date: string) => `Réunion avec ${name} déplacée au ${date}`,
  meetingRemoved: (name: string) => `Réunion avec ${name} supprimée : l'annulation lui a été envoyée`,
  removeMeetingFailed: 'Échec de la suppression de la réunion. Veuillez réessayer.',
  approveFailed: "Échec de l'approbation du formateur",
  approved: (name: string) => `${name} a été approuvé avec succès`,
  revoked: (name: string) => `L'approbation de ${name} a été révoquée`,
  rejected: (name: string) => `${name} a été rejeté`,
  userApproved: 'Utilisateur approuvé avec succès',
  userRevoked: 'Utilisateur rejeté avec succès',
  noPendingTrainers: "Aucun formateur en attente d'approbation.",
  noUsers: 'Aucun utilisateur trouvé',
  noUsersHint: "Essayez d'ajuster votre recherche ou vos filtres",
  userNotFound: 'Utilisateur introuvable',
  notProvided: 'Non renseigné',
  created: (name: string) => `Le compte de ${name} a été créé`,
  updated: (name: string) => `Les informations de ${name} ont été enregistrées`,
  deleted: (name: string) => `Le compte de ${name} a été supprimé`,
  genericError: 'Une erreur est survenue',
} as const;

/** 'Erreur : {message}' as the user detail screen shows failures (spec section 8). */
export function errorLine(error: unknown): string {
  return `Erreur : ${error instanceof Error && error.message ? error.message : adminText.genericError}`;
}

/**
 * The server's own French explanation when it refused on purpose (4xx: e.g. "Vous ne pouvez pas
 * révoquer votre propre compte."), else the screen's generic failure text.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 ? error.message : fallback;
}

export function fullName(user: { firstname: string; lastname: string }): string {
  return `${user.firstname} ${user.lastname}`.trim();
}
