import { z } from 'zod';
import { courseItemShape, courseStatusLabels, courseStatuses, type CourseStatus } from './courses';
import { pageInfoShape, pagingParams } from './paging';

/**
 * The publication review (decision 018):
 * draft | changes_requested | unpublished → submitted (author or administrator, when the course is complete)
 * submitted → published | changes_requested (administrator; changes need a reason)
 * published → unpublished (administrator, with a reason).
 */
export const REVIEW_REASON_MAX = 1000;

/** The states from which each action starts. */
export const reviewTransitions = {
  submit: { from: ['draft', 'changes_requested', 'unpublished'], to: 'submitted' },
  publish: { from: ['submitted'], to: 'published' },
  request_changes: { from: ['submitted'], to: 'changes_requested' },
  unpublish: { from: ['published'], to: 'unpublished' },
} as const satisfies Record<string, { from: readonly CourseStatus[]; to: CourseStatus }>;
export type ReviewAction = keyof typeof reviewTransitions;

export function canTransition(action: ReviewAction, from: CourseStatus): boolean {
  return (reviewTransitions[action].from as readonly CourseStatus[]).includes(from);
}

const reasonRequired = 'Le motif est obligatoire.';

/** `POST /api/admin/courses/:id/request-changes` and `…/unpublish`: the reason the author reads. */
export const reviewReasonBodySchema = z.object({
  reason: z
    .string({ error: reasonRequired })
    .trim()
    .min(1, { error: reasonRequired })
    .max(REVIEW_REASON_MAX, { error: `Le motif ne doit pas dépasser ${REVIEW_REASON_MAX} caractères.` }),
});
export type ReviewReasonBody = z.output<typeof reviewReasonBodySchema>;

/** What a course needs before it can be submitted, each with the sentence that asks for it. */
export const submissionRequirements = {
  lessons: 'Ajoutez au moins une leçon.',
  objectives: 'Indiquez au moins un objectif pédagogique.',
  target_audience: 'Indiquez le public visé.',
  prerequisites: 'Indiquez les prérequis.',
  assessment_methods: "Indiquez les modalités d'évaluation.",
  access_delay: "Indiquez les délais d'accès.",
  teaching_methods: 'Indiquez les méthodes mobilisées.',
  accessibility: "Indiquez l'accessibilité aux personnes en situation de handicap.",
  contact: 'Indiquez un contact (e-mail ou téléphone).',
} as const;
export type SubmissionRequirement = keyof typeof submissionRequirements;

const requirementNames: Record<SubmissionRequirement, string> = {
  lessons: 'au moins une leçon',
  objectives: 'au moins un objectif pédagogique',
  target_audience: 'le public visé',
  prerequisites: 'les prérequis',
  assessment_methods: "les modalités d'évaluation",
  access_delay: "les délais d'accès",
  teaching_methods: 'les méthodes mobilisées',
  accessibility: "l'accessibilité aux personnes en situation de handicap",
  contact: 'un contact',
};

export interface SubmissionFacts {
  lessonCount: number;
  objectives: string[];
  target_audience: string;
  prerequisites: string;
  assessment_methods: string;
  /** The practical information of indicator 1 (issue 27): absent (null) on courses written before it. */
  access_delay: string | null;
  teaching_methods: string | null;
  accessibility: string | null;
  contact: string | null;
}

/** What is still missing for the course to be submitted, in the order the editor shows it (empty: ready). */
export function missingRequirements(facts: SubmissionFacts): SubmissionRequirement[] {
  const missing: SubmissionRequirement[] = [];
  if (facts.lessonCount < 1) missing.push('lessons');
  if (!facts.objectives.some((o) => o.trim())) missing.push('objectives');
  if (!facts.target_audience.trim()) missing.push('target_audience');
  if (!facts.prerequisites.trim()) missing.push('prerequisites');
  if (!facts.assessment_methods.trim()) missing.push('assessment_methods');
  for (const key of ['access_delay', 'teaching_methods', 'accessibility', 'contact'] as const) if (!facts[key]?.trim()) missing.push(key);
  return missing;
}

/** "Le cours ne peut pas encore être soumis : il manque au moins une leçon et le public visé." */
export function missingMessage(missing: SubmissionRequirement[]): string {
  const names = missing.map((m) => requirementNames[m]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} et ${names.at(-1)}` : (names[0] ?? '');
  return `Le cours ne peut pas encore être soumis : il manque ${list}.`;
}

/** The 409 answer when the course is not (or no longer) in a state the action starts from. */
export function transitionRefusedMessage(action: ReviewAction, current: CourseStatus): string {
  const state = `(état actuel : « ${courseStatusLabels[current]} »)`;
  switch (action) {
    case 'submit':
      return current === 'submitted' ? 'Ce cours est déjà en attente de validation.' : `Ce cours ne peut pas être soumis pour validation ${state}.`;
    case 'publish':
      return `Seul un cours en attente de validation peut être publié ${state}.`;
    case 'request_changes':
      return `Seul un cours en attente de validation peut être renvoyé à son auteur ${state}.`;
    case 'unpublish':
      return `Seul un cours publié peut être dépublié ${state}.`;
  }
}

/** What each action tells the person who did it. */
export const reviewDoneMessages: Record<ReviewAction, string> = {
  submit: 'Le cours a été soumis pour validation.',
  publish: 'Le cours est publié.',
  request_changes: "Les modifications ont été demandées à l'auteur.",
  unpublish: 'Le cours a été dépublié.',
};

/** `GET /api/admin/courses?status=&page=&pageSize=`: without status, every state, submitted courses first. */
export const adminCoursesQuerySchema = z.object({
  status: z.enum(courseStatuses, { error: 'État inconnu.' }).optional(),
  ...pagingParams(),
});
export type AdminCoursesQuery = z.output<typeof adminCoursesQuerySchema>;

/** A course in the review queue: when it entered its current state, and the current reason. */
export const adminCourseItemSchema = z.object({
  ...courseItemShape,
  review_reason: z.string().nullable(),
  status_changed_at: z.string(),
});
export type AdminCourseItem = z.infer<typeof adminCourseItemSchema>;

export const adminCoursePageSchema = z.object({
  items: z.array(adminCourseItemSchema),
  ...pageInfoShape,
  /** How many courses are in each state (the filter's figures). */
  counts: z.record(z.enum(courseStatuses), z.number().int()),
});
export type AdminCoursePage = z.infer<typeof adminCoursePageSchema>;

/** One change of state, as `GET /api/courses/:id/reviews` lists them (newest first). */
export const courseReviewSchema = z.object({
  id: z.number().int(),
  from_status: z.enum(courseStatuses),
  to_status: z.enum(courseStatuses),
  reason: z.string().nullable(),
  /** Who made the change; null once their account is deleted. */
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type CourseReview = z.infer<typeof courseReviewSchema>;

/** `GET /api/courses/:id/reviews` */
export const courseReviewListSchema = z.object({ items: z.array(courseReviewSchema) });
export type CourseReviewList = z.infer<typeof courseReviewListSchema>;

/** The answer of every transition: the course's new state and its current reason. */
export const reviewResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(courseStatuses),
  review_reason: z.string().nullable(),
});
export type ReviewResult = z.infer<typeof reviewResultSchema>;
