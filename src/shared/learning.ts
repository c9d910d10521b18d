import { z } from 'zod';
import { bodyIdSchema } from './ids';
import { isAdmin, type Actor } from './roles';

/** What a lesson holds: Markdown text, a video, a PDF document or a quiz. */
export const lessonTypes = ['text', 'video', 'pdf', 'quiz'] as const;
export type LessonType = (typeof lessonTypes)[number];
export const lessonTypeLabels: Record<LessonType, string> = { text: 'Texte', video: 'Vidéo', pdf: 'Document PDF', quiz: 'Quiz' };

const SECTION_TITLE_MAX = 200;
const LESSON_TITLE_MAX = 200;
/** A lesson lasts at most a day. */
const LESSON_DURATION_MAX = 1440;
const LESSON_BODY_MAX = 100_000;
const OBJECTIVES_MAX = 20;
const OBJECTIVE_MAX = 300;
const PUBLIC_TEXT_MAX = 2000;
/** More items than a course could hold: a longer list is refused before any SQL. */
const ORDER_MAX = 500;

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
  bodyTooLong: `Le contenu de la leçon ne doit pas dépasser ${LESSON_BODY_MAX.toLocaleString('fr-FR')} caractères.`,
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
} as const;

/** Trimmed text: required, at most `max` characters. */
function titleField(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong });
}

const durationField = z
  .number({ error: learningMessages.durationInvalid })
  .int({ error: learningMessages.durationInvalid })
  .min(0, { error: learningMessages.durationInvalid })
  .max(LESSON_DURATION_MAX, { error: learningMessages.durationInvalid });

const bodyField = z
  .string({ error: learningMessages.bodyRequired })
  .max(LESSON_BODY_MAX, { error: learningMessages.bodyTooLong })
  .refine((text) => text.trim().length > 0, { error: learningMessages.bodyRequired });

/** `POST /api/courses/:id/sections`, `PUT /api/sections/:id` */
export const sectionBodySchema = z.object({
  title: titleField(learningMessages.sectionTitleRequired, SECTION_TITLE_MAX, learningMessages.sectionTitleTooLong),
});
export type SectionBody = z.output<typeof sectionBodySchema>;

const lessonFields = {
  title: titleField(learningMessages.lessonTitleRequired, LESSON_TITLE_MAX, learningMessages.lessonTitleTooLong),
  duration_minutes: durationField,
  is_preview: z.boolean({ error: learningMessages.previewInvalid }),
  body_markdown: bodyField,
};

/** `POST /api/sections/:id/lessons`: a text lesson (video, PDF and quiz lessons come with their files and questions). */
export const lessonCreateBodySchema = z.object({
  ...lessonFields,
  type: z.literal('text', { error: learningMessages.lessonTypeInvalid }),
  is_preview: lessonFields.is_preview.default(false),
});
export type LessonCreateBody = z.output<typeof lessonCreateBodySchema>;

/** `PUT /api/lessons/:id`: each field optional, an absent one stays as it is. */
export const lessonUpdateBodySchema = z
  .object(lessonFields)
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), { error: learningMessages.emptyUpdate });
export type LessonUpdateBody = z.output<typeof lessonUpdateBodySchema>;

/** `PUT …/order`: every id of the section (or course), in the new order. */
export const orderBodySchema = z.object({
  ids: z.array(bodyIdSchema, { error: learningMessages.orderInvalid }).max(ORDER_MAX, { error: learningMessages.orderTooLong }),
});
export type OrderBody = z.output<typeof orderBodySchema>;

const publicTextField = z.string({ error: learningMessages.publicTextInvalid }).trim().max(PUBLIC_TEXT_MAX, { error: learningMessages.publicTextTooLong });

/** `PUT /api/courses/:id/information`: the public information (Qualiopi indicator 1); absent fields stay as they are. */
export const courseInformationBodySchema = z
  .object({
    objectives: z
      .array(
        z
          .string({ error: learningMessages.objectivesInvalid })
          .trim()
          .min(1, { error: learningMessages.objectiveEmpty })
          .max(OBJECTIVE_MAX, { error: learningMessages.objectiveTooLong }),
        { error: learningMessages.objectivesInvalid },
      )
      .max(OBJECTIVES_MAX, { error: learningMessages.objectivesTooMany }),
    target_audience: publicTextField,
    prerequisites: publicTextField,
    assessment_methods: publicTextField,
  })
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), { error: learningMessages.emptyUpdate });
export type CourseInformationBody = z.output<typeof courseInformationBodySchema>;

/** The public information of a course, as the API answers it. */
export interface CourseInformation {
  objectives: string[];
  target_audience: string;
  prerequisites: string;
  assessment_methods: string;
}

export interface OutlineLesson {
  id: number;
  title: string;
  type: LessonType;
  duration_minutes: number;
  is_preview: boolean;
  /** Only for an enrolled caller. */
  completed?: boolean;
}

export interface OutlineSection {
  id: number;
  title: string;
  lessons: OutlineLesson[];
}

/** `GET /api/courses/:id/outline` */
export interface CourseOutline {
  sections: OutlineSection[];
  total_lessons: number;
  total_minutes: number;
}

/** `GET /api/lessons/:id`: `html` is the server's safe rendering of a text lesson's Markdown. */
export interface LessonContent extends OutlineLesson {
  course_id: number;
  section_id: number;
  html: string | null;
  /** The Markdown source, only for those who may edit the course (author, administrators). */
  body_markdown?: string | null;
}

/** A lesson as its author edits it (the Markdown source included). */
export interface AuthorLesson extends OutlineLesson {
  section_id: number;
  position: number;
  body_markdown: string | null;
}

export interface AuthorSection {
  id: number;
  course_id: number;
  title: string;
  position: number;
}

/** `POST /api/lessons/:id/complete` */
export interface LessonCompletion {
  completed: number;
  total: number;
  percent: number;
}

/** One course of `GET /api/user/learning`. */
export interface LearningItem extends LessonCompletion {
  course_id: number;
  title: string;
  image: string | null;
  /** Where "Reprendre" leads: the lesson opened last, else the first not completed, else the first; null without lessons. */
  last_lesson_id: number | null;
}

export interface MyLearning {
  items: LearningItem[];
}

/** Whole percent of completed lessons, 0 for a course without lessons. */
export function progressPercent(completed: number, total: number): number {
  return total === 0 ? 0 : Math.floor((completed * 100) / total);
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
