// Lessons' constants, messages and rules, without zod: the player and the course pages import them without
// bringing zod into their chunks; the schemas (the answers' shapes included) are in learning.ts, which re-exports all of this (decision 031).
import { isAdmin, type Actor } from './roles';
import { formatNumber } from './french-format';

/** What a lesson holds: Markdown text, a video, a PDF document or a quiz. */
export const lessonTypes = ['text', 'video', 'pdf', 'quiz'] as const;
export type LessonType = (typeof lessonTypes)[number];
export const lessonTypeLabels: Record<LessonType, string> = { text: 'Texte', video: 'Vidéo', pdf: 'Document PDF', quiz: 'Quiz' };

export const SECTION_TITLE_MAX = 200;
export const LESSON_TITLE_MAX = 200;
/** A lesson lasts at most a day. */
export const LESSON_DURATION_MAX = 1440;
export const LESSON_BODY_MAX = 100_000;
export const OBJECTIVES_MAX = 20;
export const OBJECTIVE_MAX = 300;
export const PUBLIC_TEXT_MAX = 2000;
/** More items than a course could hold: a longer list is refused before any SQL. */
export const ORDER_MAX = 500;

/** A video lesson's file: MP4 or WebM, at most 1 Go (streamed to storage, never held in memory). */
export const LESSON_VIDEO_MAX_BYTES = 1024 * 1024 * 1024;
export const LESSON_PDF_MAX_BYTES = 50 * 1024 * 1024;
/** WebVTT captions are text: a feature film's fit in well under this. */
export const LESSON_CAPTIONS_MAX_BYTES = 1024 * 1024;
/** Video types accepted, read from the content on the server. */
export const LESSON_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
/** What the file pickers offer (the server still checks the content). */
export const LESSON_FILE_ACCEPT = { video: '.mp4,.webm,video/mp4,video/webm', pdf: '.pdf,application/pdf' } as const;
export const LESSON_CAPTIONS_ACCEPT = '.vtt,text/vtt';
/** Share of a video's distinct seconds a learner must have watched for it to count as done. */
export const VIDEO_COMPLETION_RATIO = 0.9;

/** Lesson types that carry a file. */
export const mediaLessonTypes = ['video', 'pdf'] as const;
export type MediaLessonType = (typeof mediaLessonTypes)[number];

/** French messages shared by the forms and the API. */
export const learningMessages = {
  sectionTitleRequired: 'Le titre du chapitre est obligatoire.',
  sectionTitleTooLong: `Le titre du chapitre ne doit pas dépasser ${SECTION_TITLE_MAX} caractères.`,
  lessonTitleRequired: 'Le titre de la leçon est obligatoire.',
  lessonTitleTooLong: `Le titre de la leçon ne doit pas dépasser ${LESSON_TITLE_MAX} caractères.`,
  lessonTypeInvalid: 'Seules les leçons de type « Texte » peuvent être créées ici.',
  durationInvalid: `La durée doit être un nombre entier de minutes, de 0 à ${LESSON_DURATION_MAX}.`,
  previewInvalid: "L'aperçu gratuit doit valoir oui ou non.",
  bodyRequired: 'Le contenu de la leçon est obligatoire.',
  bodyTooLong: `Le contenu de la leçon ne doit pas dépasser ${formatNumber(LESSON_BODY_MAX)} caractères.`,
  objectivesInvalid: 'Les objectifs doivent être une liste de textes.',
  objectivesTooMany: `Indiquez au plus ${OBJECTIVES_MAX} objectifs.`,
  objectiveEmpty: 'Un objectif ne peut pas être vide.',
  objectiveTooLong: `Un objectif ne doit pas dépasser ${OBJECTIVE_MAX} caractères.`,
  publicTextInvalid: 'Ce champ doit être un texte.',
  publicTextTooLong: `Ce champ ne doit pas dépasser ${PUBLIC_TEXT_MAX} caractères.`,
  orderInvalid: 'Indiquez la liste ordonnée des identifiants.',
  orderTooLong: `La liste ne doit pas dépasser ${ORDER_MAX} éléments.`,
  sectionOrderMismatch: 'La liste doit contenir chaque chapitre du cours exactement une fois.',
  lessonOrderMismatch: 'La liste doit contenir chaque leçon du chapitre exactement une fois.',
  emptyUpdate: 'Indiquez au moins un champ à modifier.',
  moveSectionRequired: 'Choisissez le chapitre où déplacer la leçon.',
  moveOtherCourse: 'La leçon ne peut être déplacée que vers un chapitre du même cours.',
  movePositionInvalid: 'La position doit être un nombre entier positif ou nul.',
  mediaTypeInvalid: 'Le type de la leçon doit être « Vidéo » ou « Document PDF ».',
  fileRequired: 'Choisissez le fichier de la leçon.',
  videoType: 'La vidéo doit être au format MP4 ou WebM.',
  videoTooLarge: 'La vidéo ne doit pas dépasser 1 Go.',
  pdfType: 'Le document doit être un fichier PDF.',
  pdfTooLarge: 'Le PDF ne doit pas dépasser 50 Mo.',
  captionsType: 'Les sous-titres doivent être un fichier WebVTT (.vtt) commençant par « WEBVTT ».',
  captionsTooLarge: 'Les sous-titres ne doivent pas dépasser 1 Mo.',
  captionsVideoOnly: 'Seule une leçon vidéo peut avoir des sous-titres.',
  notMediaLesson: 'Seule une leçon vidéo ou PDF a un fichier.',
  mediaUpdateEmpty: 'Envoyez un nouveau fichier ou des sous-titres.',
  mediaLinkInvalid: 'Ce lien vers le média est invalide ou a expiré. Rechargez la page de la leçon.',
} as const;

/** What the reading order needs of an outline's lesson (`OutlineLesson`, in learning.ts, has it). */
interface LessonInOrder {
  id: number;
  completed?: boolean;
  /** A test de positionnement (indicator 8): offered, never required, so never counted in progress. */
  positioning?: boolean;
}

/** The lessons that progress and completion count: all but the tests de positionnement (decision 046). */
export function countedLessons<L extends { positioning?: boolean }>(lessons: L[]): L[] {
  return lessons.filter((lesson) => !lesson.positioning);
}

/** Every lesson of the course, in reading order. */
export function lessonsInOrder<L extends LessonInOrder>(outline: { sections: { lessons: L[] }[] }): L[] {
  return outline.sections.flatMap((section) => section.lessons);
}

/**
 * Where the player opens without a lesson: the last one opened, else the first not completed, else
 * the first. The server gives it with the outline, so the page's early requests (decision 035) can
 * ask for that lesson before the app has run.
 */
export function resumeLessonId(outline: { sections: { lessons: LessonInOrder[] }[] }, lastLessonId: number | null | undefined): number | null {
  const lessons = lessonsInOrder(outline);
  if (lastLessonId != null && lessons.some((lesson) => lesson.id === lastLessonId)) return lastLessonId;
  return (countedLessons(lessons).find((lesson) => !lesson.completed) ?? lessons[0])?.id ?? null;
}

/** Where a learner stands in a course, as the server records it. */
export interface ProgressFacts {
  /** Lessons done (a quiz once passed). */
  completed: number;
  total: number;
  /** When the course was completed (set once, when every lesson was done), else null. */
  completedAt: string | Date | null;
}

/**
 * A learner's progress in a course, in whole percent: the one definition that the player,
 * "Mes formations", an organisation's dashboard and its CSV show. Completion is recorded once and
 * stays (decision 036): a learner who completed the course is at 100 % even after its trainer adds
 * a lesson, which they see as new and not done, and their attestation stays valid. Before that,
 * the share of lessons done, rounded to the nearest whole percent (1 of 6 is 17 %, issue 25) but never
 * 100 before completion (0 for a course without lessons).
 */
export function progressPercent({ completed, total, completedAt }: ProgressFacts): number {
  if (completedAt) return 100;
  if (total === 0) return 0;
  const rounded = Math.round((completed * 100) / total);
  return completed < total ? Math.min(rounded, 99) : rounded;
}

interface LessonAccessFacts {
  authorId: number;
  isPreview: boolean;
}

/**
 * Who reads a lesson's content (of a course they can see): anyone for a free preview, otherwise
 * enrolled learners, the course's author and administrators.
 */
export function canReadLesson(actor: Actor | null | undefined, lesson: LessonAccessFacts, enrolled: boolean): boolean {
  if (lesson.isPreview) return true;
  if (!actor) return false;
  return enrolled || isAdmin(actor) || actor.id === lesson.authorId;
}

interface ChosenFileFacts {
  name: string;
  type: string;
  size: number;
}

const LESSON_FILE_EXTENSIONS: Record<MediaLessonType, RegExp> = { video: /\.(mp4|webm)$/i, pdf: /\.pdf$/i };
const LESSON_FILE_MIME: Record<MediaLessonType, readonly string[]> = { video: LESSON_VIDEO_TYPES, pdf: ['application/pdf'] };
const LESSON_FILE_MAX: Record<MediaLessonType, number> = { video: LESSON_VIDEO_MAX_BYTES, pdf: LESSON_PDF_MAX_BYTES };

/** The problem the editor shows before sending a lesson's file (the server reads the content again), or null. */
export function checkLessonFileChoice(file: ChosenFileFacts, type: MediaLessonType): string | null {
  if (!LESSON_FILE_MIME[type].includes(file.type) && !LESSON_FILE_EXTENSIONS[type].test(file.name)) {
    return type === 'video' ? learningMessages.videoType : learningMessages.pdfType;
  }
  if (file.size > LESSON_FILE_MAX[type]) return type === 'video' ? learningMessages.videoTooLarge : learningMessages.pdfTooLarge;
  return null;
}

/** Captions chosen in the editor: a .vtt file of at most 1 Mo (the server checks it starts with WEBVTT). */
export function checkCaptionsChoice(file: ChosenFileFacts): string | null {
  if (file.type !== 'text/vtt' && !/\.vtt$/i.test(file.name)) return learningMessages.captionsType;
  if (file.size > LESSON_CAPTIONS_MAX_BYTES) return learningMessages.captionsTooLarge;
  return null;
}
