import { z } from 'zod';
import { identityText } from './auth';
import { categorySlugs } from './categories';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_DESCRIPTION_MIN,
  COURSE_DURATION_MAX,
  COURSE_PRICE_MAX_EUROS,
  COURSE_TITLE_MAX,
  COURSE_TITLE_MIN,
  courseMessages,
  courseStatuses,
  eurosToCents,
} from './course-rules';
import { pagingParams } from './paging';
import { courseInformationShape } from './learning';
import { courseRatingSchema } from './satisfaction';

export * from './course-rules';

interface AmountMessages {
  invalid: string;
  decimals: string;
}

/** Cents from a non-empty amount, or an issue (and z.NEVER) when it is not a valid price. */
function parseAmount(text: string, m: AmountMessages, ctx: z.RefinementCtx, allowZero = false): number {
  const cents = eurosToCents(text);
  if (cents === 'decimals') {
    ctx.addIssue({ code: 'custom', message: m.decimals });
    return z.NEVER;
  }
  // A course may be free (issue 29: price 0, joined directly); a discount is never 0.
  if (cents === null || cents < 0 || (cents === 0 && !allowZero)) {
    ctx.addIssue({ code: 'custom', message: m.invalid });
    return z.NEVER;
  }
  if (cents > COURSE_PRICE_MAX_EUROS * 100) {
    ctx.addIssue({ code: 'custom', message: courseMessages.priceTooHigh });
    return z.NEVER;
  }
  return cents;
}

function requiredAmount(required: string, m: AmountMessages, allowZero = false) {
  return z.string({ error: required }).transform((text, ctx): number => {
    if (!text.trim()) {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    return parseAmount(text.trim(), m, ctx, allowZero);
  });
}

/** An empty optional amount means "none" (null). */
function optionalAmount(m: AmountMessages) {
  return z.string({ error: m.invalid }).transform((text, ctx): number | null => (text.trim() ? parseAmount(text.trim(), m, ctx) : null));
}

/** One message per problem, the first one that applies, in the order a person fixes them. */
function boundedText(required: string, min: number, tooShort: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .superRefine((value, ctx) => {
      if (!value) ctx.addIssue({ code: 'custom', message: required });
      else if (value.length < min) ctx.addIssue({ code: 'custom', message: tooShort });
      else if (value.length > max) ctx.addIssue({ code: 'custom', message: tooLong });
    });
}

const priceField = requiredAmount(courseMessages.priceRequired, { invalid: courseMessages.priceInvalid, decimals: courseMessages.priceDecimals }, true);

/** The course form's fields, as text (what a form and a multipart request carry); prices come out in cents. */
const courseFieldsShape = {
  title: identityText(boundedText(courseMessages.titleRequired, COURSE_TITLE_MIN, courseMessages.titleTooShort, COURSE_TITLE_MAX, courseMessages.titleTooLong)),
  description: boundedText(
    courseMessages.descriptionRequired,
    COURSE_DESCRIPTION_MIN,
    courseMessages.descriptionTooShort,
    COURSE_DESCRIPTION_MAX,
    courseMessages.descriptionTooLong,
  ),
  category: z.enum(categorySlugs, { error: courseMessages.categoryRequired }),
  price: priceField,
  /** Empty: no discount (on update: remove the discount). */
  discountPrice: optionalAmount({ invalid: courseMessages.discountInvalid, decimals: courseMessages.discountDecimals }).optional(),
  duration: boundedText(courseMessages.durationRequired, 1, courseMessages.durationRequired, COURSE_DURATION_MAX, courseMessages.durationTooLong),
};

/** Fields of `POST /api/courses` and of the creation form. A new course is a draft; only the review publishes it. */
export const courseCreateFieldsSchema = z.object(courseFieldsShape).refine(
  (v) => v.discountPrice === null || v.discountPrice === undefined || v.discountPrice < v.price,
  {
    error: courseMessages.discountNotLower,
    path: ['discountPrice'],
    // Checked as soon as both amounts are valid, even while other fields are still wrong.
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === 'price' || i.path?.[0] === 'discountPrice'),
  },
);

/**
 * Fields of `PUT /api/courses/:id`: each one optional, an absent field stays as it is. The
 * discount is compared with the price the course will have once updated, by the server.
 */
export const courseUpdateFieldsSchema = z.object({
  ...courseFieldsShape,
  /** 'true' removes the current attachment (a new one replaces it anyway). */
  removeAttachment: z.enum(['true', 'false']).optional(),
}).partial();

/** `?q=&category=&page=&pageSize=` of the catalogue. */
export const courseListQuerySchema = z.object({
  q: z.string().max(200, { error: 'La recherche ne doit pas dépasser 200 caractères.' }).optional(),
  /** A category slug; an unknown one simply matches nothing. */
  category: z.string().max(50, { error: 'Catégorie invalide.' }).optional(),
  ...pagingParams(),
});
export type CourseListQuery = z.output<typeof courseListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** A course in lists (catalogue, trainer's courses, profile activity). Amounts in euros. */
export const courseItemShape = {
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** The slug is one of categorySlugs for every course the platform makes. */
  category: z.object({ slug: z.string(), name: z.string() }),
  /** The trainer's advised pace, free text ('3 mois'), shown as 'à suivre sur 3 mois'. */
  duration: z.string(),
  /** THE duration of the course, shown everywhere: the sum of its lessons' durations, in minutes. */
  lesson_minutes: z.number().int(),
  price: z.number(),
  discountPrice: z.number().nullable(),
  /** Relative URL of the image, or null. */
  image: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() }),
  status: z.enum(courseStatuses),
  created_at: z.string(),
  /**
   * Learners' average rating and number of answers, only from SATISFACTION_MIN_ANSWERS_SHOWN answers
   * up (null below, and in the review queue, which does not read them).
   */
  rating: z.nullable(courseRatingSchema),
  /**
   * Why an administrator asked for changes or unpublished the course; only in the answers meant
   * for its author and administrators (trainer's list, detail, review queue), else absent.
   */
  review_reason: z.string().nullable().optional(),
};
export const courseItemSchema = z.object(courseItemShape);
export type CourseItem = z.infer<typeof courseItemSchema>;

/** A course as its detail page shows it, with its public information. */
export const courseDetailSchema = z.object({
  ...courseItemShape,
  ...courseInformationShape,
  updated_at: z.string(),
  /** The caller is enrolled / saved it for later (false for visitors). */
  enrolled: z.boolean(),
  saved: z.boolean(),
  attachment: z.object({ name: z.string(), size: z.number().int(), mime: z.string() }).nullable(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

/** `GET /api/courses`: one page of the catalogue. */
export const coursePageSchema = z.object({
  items: z.array(courseItemSchema),
  total: z.number().int(),
  /**
   * A search matched more than CATALOGUE_SEARCH_CAP courses: `total` is then that cap, the pages
   * hold the cap's most relevant, and the screen says « plus de » (decision 055). Absent otherwise.
   */
  totalCapped: z.boolean().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CoursePage = z.infer<typeof coursePageSchema>;

export const categoryCountSchema = z.object({
  slug: z.string(),
  name: z.string(),
  count: z.number().int(),
});
export type CategoryCount = z.infer<typeof categoryCountSchema>;
/** `GET /api/categories` */
export const categoryCountListSchema = z.array(categoryCountSchema);

/** `GET /api/user/courses` */
export const myCoursesSchema = z.object({
  enrolled: z.array(courseItemSchema),
  saved: z.array(courseItemSchema),
});
export type MyCourses = z.infer<typeof myCoursesSchema>;

/** `GET /api/formateur/courses`: the trainer's courses, drafts included. */
export const authorCoursesSchema = z.object({
  items: z.array(courseItemSchema),
  total: z.number().int(),
});
export type AuthorCourses = z.infer<typeof authorCoursesSchema>;

/** `POST` / `DELETE /api/courses/:id/enrolment` */
export const enrolmentStateSchema = z.object({ enrolled: z.boolean() });
export type EnrolmentState = z.infer<typeof enrolmentStateSchema>;
/** `POST` / `DELETE /api/courses/:id/saved` */
export const savedStateSchema = z.object({ saved: z.boolean() });
export type SavedState = z.infer<typeof savedStateSchema>;

/** Image types a course's image is served with (the demo's SVG included), for the documentation. */
export const COURSE_IMAGE_SERVED_TYPES = ['image/*'] as const;
