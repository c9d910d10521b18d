import { z } from 'zod';
import { bodyIdSchema } from './ids';
import { LESSON_BODY_MAX, LESSON_DURATION_MAX, LESSON_TITLE_MAX, OBJECTIVES_MAX, OBJECTIVE_MAX, ORDER_MAX, PUBLIC_TEXT_MAX, SECTION_TITLE_MAX, learningMessages, mediaLessonTypes } from './learning-rules';

export * from './learning-rules';

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
