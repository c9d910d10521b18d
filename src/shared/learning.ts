import { z } from 'zod';
import { identityText } from './auth';
import { certificateLinkSchema } from './certificates';
import { bodyIdSchema } from './ids';
import { LESSON_BODY_MAX, LESSON_DURATION_MAX, LESSON_TITLE_MAX, OBJECTIVES_MAX, OBJECTIVE_MAX, ORDER_MAX, PUBLIC_TEXT_MAX, SECTION_TITLE_MAX, learningMessages, lessonTypes, mediaLessonTypes } from './learning-rules';

import { isCalendarDay } from './paris-days';
import { CERTIFICATION_CODE, CERTIFIER_MAX, isReachableContact, normalizeCertificationCode, publicInfoMessages } from './public-info-rules';

export * from './learning-rules';

/** Trimmed text: required, at most `max` characters. */
function titleField(required: string, max: number, tooLong: string) {
  return identityText(
    z
      .string({ error: required })
      .trim()
      .min(1, { error: required })
      .max(max, { error: tooLong }),
  );
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

/**
 * The text fields of `POST /api/sections/:id/lessons/media` (multipart, beside the `file` and
 * optional `captions` parts): form fields arrive as text, so numbers and booleans are read here.
 */
export const mediaLessonFieldsSchema = z.object({
  title: lessonFields.title,
  type: z.enum(mediaLessonTypes, { error: learningMessages.mediaTypeInvalid }),
  duration_minutes: z
    .string({ error: learningMessages.durationInvalid })
    .trim()
    .regex(/^\d{1,4}$/, { error: learningMessages.durationInvalid })
    .transform(Number)
    .pipe(durationField),
  is_preview: z
    .enum(['true', 'false'], { error: learningMessages.previewInvalid })
    .default('false')
    .transform((value) => value === 'true'),
});
export type MediaLessonFields = z.output<typeof mediaLessonFieldsSchema>;

/** `PUT /api/lessons/:id`: each field optional, an absent one stays as it is. */
export const lessonUpdateBodySchema = z
  .object(lessonFields)
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), { error: learningMessages.emptyUpdate });
export type LessonUpdateBody = z.output<typeof lessonUpdateBodySchema>;

/** `PUT /api/lessons/:id/section`: another chapter of the same course; at its end unless a position is given. */
export const lessonMoveBodySchema = z.object({
  section_id: z.unknown().refine((id) => id !== undefined && id !== null, { error: learningMessages.moveSectionRequired }).pipe(bodyIdSchema),
  position: z
    .number({ error: learningMessages.movePositionInvalid })
    .int({ error: learningMessages.movePositionInvalid })
    .min(0, { error: learningMessages.movePositionInvalid })
    .max(ORDER_MAX, { error: learningMessages.movePositionInvalid })
    .optional(),
});
export type LessonMoveBody = z.output<typeof lessonMoveBodySchema>;

/** `PUT …/order`: every id of the section (or course), in the new order. */
export const orderBodySchema = z.object({
  ids: z.array(bodyIdSchema, { error: learningMessages.orderInvalid }).max(ORDER_MAX, { error: learningMessages.orderTooLong }),
});
export type OrderBody = z.output<typeof orderBodySchema>;

const publicTextField = z.string({ error: learningMessages.publicTextInvalid }).trim().max(PUBLIC_TEXT_MAX, { error: learningMessages.publicTextTooLong });

/** An RNCP or RS certification the course prepares for: code (« RNCP12345 », « RS1234 »), certifier, registration date. */
export const certificationBodySchema = z.object(
  {
    code: z
      .string({ error: publicInfoMessages.certificationCodeInvalid })
      .transform(normalizeCertificationCode)
      .refine((code) => CERTIFICATION_CODE.test(code), { error: publicInfoMessages.certificationCodeInvalid }),
    certifier: z
      .string({ error: publicInfoMessages.certifierRequired })
      .trim()
      .min(1, { error: publicInfoMessages.certifierRequired })
      .max(CERTIFIER_MAX, { error: publicInfoMessages.certifierTooLong }),
    registered_on: z.string({ error: publicInfoMessages.registeredOnInvalid }).trim().refine(isCalendarDay, { error: publicInfoMessages.registeredOnInvalid }),
  },
  { error: publicInfoMessages.certificationInvalid },
);
export type CertificationBody = z.output<typeof certificationBodySchema>;

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
    access_delay: publicTextField,
    teaching_methods: publicTextField,
    accessibility: publicTextField,
    /** Free text (a name, a service) that must hold an e-mail or a phone number; empty while the course is a draft. */
    contact: publicTextField.refine((text) => text === '' || isReachableContact(text), { error: publicInfoMessages.contactInvalid }),
    /** null removes the certification. */
    certification: certificationBodySchema.nullable(),
  })
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), { error: learningMessages.emptyUpdate });
export type CourseInformationBody = z.output<typeof courseInformationBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** The public information of a course, as the API answers it. */
export const courseInformationShape = {
  objectives: z.array(z.string()),
  target_audience: z.string(),
  prerequisites: z.string(),
  assessment_methods: z.string(),
  /** Délais d'accès: how soon after asking one can start. */
  access_delay: z.string(),
  /** Méthodes mobilisées: how the course teaches. */
  teaching_methods: z.string(),
  /** Accessibility for people with a disability. */
  accessibility: z.string(),
  contact: z.string(),
  certification: z.object({ code: z.string(), certifier: z.string(), registered_on: z.string() }).nullable(),
  /** « Mis à jour le »: when a public field last changed (set by the server), null when unknown. */
  public_info_updated_at: z.string().nullable(),
};
export const courseInformationSchema = z.object(courseInformationShape);
export type CourseInformation = z.infer<typeof courseInformationSchema>;

const outlineLessonShape = {
  id: z.number().int(),
  title: z.string(),
  type: z.enum(lessonTypes),
  duration_minutes: z.number().int(),
  is_preview: z.boolean(),
  /** Only for an enrolled caller. */
  completed: z.boolean().optional(),
  /** Present (true) on a quiz marked as test de positionnement: offered before the first lesson, never counted in progress. */
  positioning: z.literal(true).optional(),
};
export const outlineLessonSchema = z.object(outlineLessonShape);
export type OutlineLesson = z.infer<typeof outlineLessonSchema>;

export const outlineSectionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  lessons: z.array(outlineLessonSchema),
});
export type OutlineSection = z.infer<typeof outlineSectionSchema>;

/** `GET /api/courses/:id/outline` */
export const courseOutlineSchema = z.object({
  sections: z.array(outlineSectionSchema),
  total_lessons: z.number().int(),
  total_minutes: z.number().int(),
  /** Only for an enrolled caller: when they completed the course (every lesson done, every quiz passed), else null. */
  completed_at: z.string().nullable().optional(),
  /** Only for an enrolled caller: the lesson they opened last, where "Reprendre" leads, else null. */
  last_lesson_id: z.number().int().nullable().optional(),
  /** Where the player opens without a lesson in its address (`resumeLessonId`); null for a course without lessons. */
  resume_lesson_id: z.number().int().nullable(),
});
export type CourseOutline = z.infer<typeof courseOutlineSchema>;

/**
 * The file of a video or PDF lesson, as `GET /api/lessons/:id` gives it: signed addresses that
 * work without the session token (media elements cannot send it) until `expires_at` (decision 017).
 */
export const lessonMediaSchema = z.object({
  /** Inline: the video's source, or the PDF shown in the page. */
  url: z.string(),
  /** The same file offered as a download (Content-Disposition: attachment). */
  download_url: z.string(),
  /** WebVTT captions of a video, when it has some. */
  captions_url: z.string().nullable(),
  mime_type: z.string(),
  size: z.number().int(),
  file_name: z.string(),
  /** ISO date after which these addresses answer 403: fetch the lesson again before then. */
  expires_at: z.string(),
});
export type LessonMedia = z.infer<typeof lessonMediaSchema>;

/** `GET /api/lessons/:id`: `html` is the server's safe rendering of a text lesson's Markdown. */
export const lessonContentSchema = z.object({
  ...outlineLessonShape,
  course_id: z.number().int(),
  section_id: z.number().int(),
  html: z.string().nullable(),
  /** Video and PDF lessons with their file; null for other types (or a media lesson whose file is missing). */
  media: z.nullable(lessonMediaSchema),
  /** The Markdown source, only for those who may edit the course (author, administrators). */
  body_markdown: z.string().nullable().optional(),
});
export type LessonContent = z.infer<typeof lessonContentSchema>;

/** A lesson as its author edits it (the Markdown source included). */
export const authorLessonShape = {
  ...outlineLessonShape,
  section_id: z.number().int(),
  position: z.number().int(),
  body_markdown: z.string().nullable(),
};
export const authorLessonSchema = z.object(authorLessonShape);
export type AuthorLesson = z.infer<typeof authorLessonSchema>;

export const authorSectionSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
});
export type AuthorSection = z.infer<typeof authorSectionSchema>;

/** `POST /api/lessons/:id/complete` */
const lessonCompletionShape = {
  completed: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  /** When the course was completed (every lesson done, every quiz passed); null until then. */
  completed_at: z.string().nullable(),
};
export const lessonCompletionSchema = z.object(lessonCompletionShape);
export type LessonCompletion = z.infer<typeof lessonCompletionSchema>;

/** One course of `GET /api/user/learning`. */
export const learningItemSchema = z.object({
  ...lessonCompletionShape,
  /** The enrolment: the address of its attendance and certificat de réalisation (issue 27). */
  enrolment_id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  image: z.string().nullable(),
  /** Where "Reprendre" leads: the first lesson not completed in course order, else (all done) the last one; null without lessons. */
  last_lesson_id: z.number().int().nullable(),
  /** The attestation issued at completion; null before. */
  certificate: z.nullable(certificateLinkSchema),
});
export type LearningItem = z.infer<typeof learningItemSchema>;

/** A course the learner saved for later and has not joined yet. */
export const savedLearningItemSchema = z.object({
  course_id: z.number().int(),
  title: z.string(),
  image: z.string().nullable(),
  total_lessons: z.number().int(),
  total_minutes: z.number().int(),
});
export type SavedLearningItem = z.infer<typeof savedLearningItemSchema>;

export const myLearningSchema = z.object({
  items: z.array(learningItemSchema),
  saved: z.array(savedLearningItemSchema),
});
export type MyLearning = z.infer<typeof myLearningSchema>;

/** The course's chapters in their new order (`PUT /api/courses/:id/sections/order`). */
export const authorSectionListSchema = z.array(authorSectionSchema);
/** The chapter's lessons in their new order (`PUT /api/sections/:id/lessons/order`). */
export const authorLessonListSchema = z.array(authorLessonSchema);

/** What a lesson's signed media link may serve: a video, a PDF, WebVTT captions (documentation only). */
export const LESSON_MEDIA_TYPES = ['video/*', 'application/pdf', 'text/vtt'] as const;
