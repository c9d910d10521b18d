// Satisfaction's constants and messages, without zod: a course card shows its rating without bringing
// zod into the catalogue's chunks; the schemas (the answers' shapes included) are in satisfaction.ts, which re-exports all of this (decision 031).
import { formatNumber, plural } from './french-format';
/**
 * Satisfaction at the end of a course (issue 13, decision 023): one answer per learner and
 * course, a rating from 1 to 5 and an optional comment, editable for 30 days after it was first given.
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const SATISFACTION_COMMENT_MAX = 2000;
/** Days after the first answer during which the learner may still change it. */
export const SATISFACTION_EDIT_DAYS = 30;
/** Course cards and pages show the average only from this many answers up (fewer says little and exposes each one). */
export const SATISFACTION_MIN_ANSWERS_SHOWN = 3;
export const SATISFACTION_PAGE_SIZE = 20;

export const satisfactionMessages = {
  ratingRequired: 'Choisissez une note de 1 à 5.',
  ratingRange: 'La note doit être un nombre entier de 1 à 5.',
  commentTooLong: `Le commentaire ne doit pas dépasser ${formatNumber(SATISFACTION_COMMENT_MAX)} caractères.`,
  notCompleted: 'Vous pourrez donner votre avis sur cette formation une fois que vous l’aurez terminée.',
  editWindowClosed: `Votre avis ne peut plus être modifié : il reste modifiable pendant ${SATISFACTION_EDIT_DAYS} jours après sa première saisie.`,
  courseNotFound: "Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.",
  answerNotFound: 'Cette réponse au questionnaire de satisfaction est introuvable.',
  noComment: "Cette réponse n'a pas de commentaire à masquer.",
} as const;

/** The public rating from a course's count and average (any precision), or null under the threshold. */
export function courseRating(count: number, average: number | string | null): { count: number; average: number } | null {
  if (count < SATISFACTION_MIN_ANSWERS_SHOWN || average === null) return null;
  return { count, average: Math.round(Number(average) * 10) / 10 };
}

/** 4.25 -> '4,3' (French decimal comma, one decimal). */
export function formatAverage(average: number): string {
  return formatNumber(average, 1);
}

/** 1 -> '1 avis', 1234 -> '1 234 avis' ("avis" is the same in the plural). */
export function formatAnswerCount(count: number): string {
  return plural(count, 'avis', 'avis');
}

/** The last instant an answer first given at `createdAt` may be changed. */
export function editableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + SATISFACTION_EDIT_DAYS * 24 * 60 * 60 * 1000);
}
