// Courses' statuses, messages and rules, without zod: the pages that show courses import them without
// bringing zod into their chunks; the schemas (the answers' shapes included) are in courses.ts, which re-exports all of this (decision 031).
import { COURSE_ATTACHMENT_MAX_BYTES, COURSE_IMAGE_MAX_BYTES } from './constants';
import { formatMinutes } from './french-format';
import { isAdmin, isApprovedTrainer, type Actor } from './roles';

/**
 * Where a course stands in the publication review (decision 018): only a published course is seen
 * by everyone; the others by their author and administrators only.
 */
export const courseStatuses = ['draft', 'submitted', 'changes_requested', 'published', 'unpublished'] as const;
export type CourseStatus = (typeof courseStatuses)[number];
export const courseStatusLabels: Record<CourseStatus, string> = {
  draft: 'Brouillon',
  submitted: 'En attente de validation',
  changes_requested: 'Modifications demandées',
  published: 'Publié',
  unpublished: 'Dépublié',
};

export const COURSE_TITLE_MIN = 3;
export const COURSE_TITLE_MAX = 200;
export const COURSE_DESCRIPTION_MIN = 10;
export const COURSE_DESCRIPTION_MAX = 5000;
export const COURSE_DURATION_MAX = 50;
/** The highest price a course may have, in euros. */
export const COURSE_PRICE_MAX_EUROS = 10_000;

/** Image types accepted from users, checked by content on the server (SVG is only for the shipped demo images). */
export const COURSE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Attachment types: videos, PDF and Word documents. */
export const COURSE_ATTACHMENT_TYPES = [
  'video/mp4',
  'video/x-m4v',
  'video/webm',
  'video/quicktime',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
/** What the file pickers offer (the server still checks the content). */
export const COURSE_IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';
export const COURSE_ATTACHMENT_ACCEPT = 'video/*,.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** French messages shared by the form and the API, so both say exactly the same thing. */
export const courseMessages = {
  titleRequired: 'Le titre est obligatoire.',
  titleTooShort: `Le titre doit contenir au moins ${COURSE_TITLE_MIN} caractères.`,
  titleTooLong: `Le titre ne doit pas dépasser ${COURSE_TITLE_MAX} caractères.`,
  descriptionRequired: 'La description est obligatoire.',
  descriptionTooShort: `La description doit contenir au moins ${COURSE_DESCRIPTION_MIN} caractères.`,
  descriptionTooLong: `La description ne doit pas dépasser ${COURSE_DESCRIPTION_MAX} caractères.`,
  categoryRequired: 'Veuillez choisir une catégorie.',
  priceRequired: 'Le prix est obligatoire.',
  priceInvalid: 'Le prix doit être un nombre positif.',
  priceDecimals: 'Le prix ne peut pas avoir plus de deux décimales.',
  priceTooHigh: 'Le prix ne doit pas dépasser 10 000 €.',
  discountInvalid: 'Le prix remisé doit être un nombre positif.',
  discountDecimals: 'Le prix remisé ne peut pas avoir plus de deux décimales.',
  discountNotLower: 'Le prix remisé doit être inférieur au prix.',
  durationRequired: 'Le rythme conseillé est obligatoire.',
  durationTooLong: `La durée ne doit pas dépasser ${COURSE_DURATION_MAX} caractères.`,
  statusInvalid: 'Le statut doit être « Publié » ou « Brouillon ».',
  imageRequired: "L'image du cours est obligatoire.",
  imageType: "L'image doit être au format JPEG, PNG ou WebP.",
  imageTooLarge: "L'image ne doit pas dépasser 5 Mo.",
  attachmentType: 'La pièce jointe doit être une vidéo (MP4, WebM, MOV), un PDF ou un document Word.',
  attachmentTooLarge: 'La pièce jointe ne doit pas dépasser 200 Mo.',
} as const;

/**
 * '79', '79.9' or '79,90' (the French decimal comma) as cents; 'decimals' when there are more
 * than two decimals, null when the text is not a number.
 */
export function eurosToCents(text: string): number | 'decimals' | null {
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const decimals = match[2] ?? '';
  if (decimals.length > 2) return 'decimals';
  return Number(match[1]) * 100 + Number(decimals.padEnd(2, '0'));
}

export function centsToEuros(cents: number): number {
  return cents / 100;
}

/** A course id from an address; anything but a positive integer is a course that does not exist. */
export function parseCourseId(raw: string | number | undefined): number | null {
  const text = String(raw ?? '');
  if (!/^\d{1,9}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

interface CourseOwnership {
  authorId: number;
  status?: CourseStatus;
}

/** The author (while still an approved trainer) and administrators change or delete a course. */
export function canEditCourse(actor: Actor | null | undefined, course: CourseOwnership): boolean {
  if (!actor) return false;
  return isAdmin(actor) || (isApprovedTrainer(actor) && actor.id === course.authorId);
}

/**
 * The course's author (the schema has no co-authors) previews it but does not take it: no
 * enrolment, no rating, no attestation (issue 25). An administrator who did not write it may.
 */
export function isCourseAuthor(actor: Pick<Actor, 'id'> | null | undefined, course: { authorId: number }): boolean {
  return actor?.id !== undefined && actor.id === course.authorId;
}

/** Why a course cannot be deleted (409 invalid_transition): its learners' records go with it otherwise (issue 25). */
export const courseDeletionMessages = {
  published: "Un cours publié ne peut pas être supprimé : demandez à un administrateur de le dépublier.",
  followed: 'Ce cours a des inscrits ou des attestations : il ne peut pas être supprimé, car leur suivi et leurs attestations disparaîtraient avec lui.',
} as const;

/** What the author is told when refused (403 own_course). */
export const ownCourseMessages = {
  enrol: "Vous êtes l'auteur de ce cours : vous ne pouvez pas vous y inscrire. Son aperçu reste ouvert depuis sa page.",
  rate: "Vous êtes l'auteur de ce cours : vous ne pouvez pas le noter.",
  certificate: "Vous êtes l'auteur de ce cours : vous ne pouvez pas en recevoir l'attestation.",
  /** Any other path into the course (an organisation enrolling its members) meeting its author. */
  authorAmongLearners: "L'auteur d'un cours ne peut pas s'y inscrire : seul son aperçu lui est ouvert.",
} as const;

/** Published courses are public; a draft is seen by its author and administrators only. */
export function canViewCourse(actor: Actor | null | undefined, course: Required<CourseOwnership>): boolean {
  return course.status === 'published' || isAdmin(actor) || (actor?.id !== undefined && actor.id === course.authorId);
}

/** The attachment is for enrolled learners, the author and administrators. */
export function canDownloadAttachment(actor: Actor | null | undefined, course: CourseOwnership, enrolled: boolean): boolean {
  if (!actor) return false;
  return enrolled || isAdmin(actor) || actor.id === course.authorId;
}

/** What the client knows of a chosen file before sending it. */
interface FileFacts {
  name: string;
  type: string;
  size: number;
}

const ATTACHMENT_EXTENSIONS = /\.(pdf|docx?|mp4|m4v|webm|mov)$/i;

/** The image problem the form shows before sending (the server checks the content again), or null. */
export function checkCourseImage(file: FileFacts): string | null {
  if (!(COURSE_IMAGE_TYPES as readonly string[]).includes(file.type)) return courseMessages.imageType;
  if (file.size > COURSE_IMAGE_MAX_BYTES) return courseMessages.imageTooLarge;
  return null;
}

/** The attachment problem the form shows before sending, or null. Some systems give Word files no type: the name decides. */
export function checkCourseAttachment(file: FileFacts): string | null {
  const typeOk = (COURSE_ATTACHMENT_TYPES as readonly string[]).includes(file.type);
  if (!typeOk && !ATTACHMENT_EXTENSIONS.test(file.name)) return courseMessages.attachmentType;
  if (file.size > COURSE_ATTACHMENT_MAX_BYTES) return courseMessages.attachmentTooLarge;
  return null;
}

/** 79 -> '79', 69.9 -> '69,90': an amount as a French user types it in the form. */
export function amountText(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2).replace('.', ',');
}

/**
 * A course image's address; `v` changes with the stored file, so a replaced image is fetched
 * again despite the long cache of the old one.
 */
export function courseImageUrl(id: number, imagePath: string | null): string | null {
  return imagePath ? `/api/courses/${id}/image?v=${imagePath.slice(0, 8)}` : null;
}

/**
 * A course's duration as every screen and the attestation write it: the sum of its lessons'
 * durations, '28 h 22 min' (issue 25). The trainer's free text is only the advised pace.
 */
export function courseDuration(lessonMinutes: number): string {
  return formatMinutes(lessonMinutes);
}

/** The trainer's free-text duration as the advised pace: 'à suivre sur 3 mois'. */
export function advisedPace(pace: string): string {
  return `à suivre sur ${pace.trim()}`;
}

/** Text cut to `max` characters plus '…', as the catalogue cards show descriptions. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export const courseFileLimits = { image: COURSE_IMAGE_MAX_BYTES, attachment: COURSE_ATTACHMENT_MAX_BYTES } as const;
