import { z } from 'zod';
import { emailSchema } from './auth';
import { bodyIdSchema } from './ids';
import { emptyAsUndefined, pageInfoShape, pagingParams } from './paging';

/**
 * Quality follow-up (issue 27, Qualiopi indicators 12, 30, 31 and 32): reminders to inactive
 * learners, the cold survey after completion, complaints and improvement actions.
 */

export const complaintStatuses = ['new', 'in_progress', 'resolved'] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];
export const complaintStatusLabels: Record<ComplaintStatus, string> = { new: 'Nouvelle', in_progress: 'En cours', resolved: 'Résolue' };

export const improvementStatuses = ['planned', 'in_progress', 'done'] as const;
export type ImprovementStatus = (typeof improvementStatuses)[number];
export const improvementStatusLabels: Record<ImprovementStatus, string> = { planned: 'Prévue', in_progress: 'En cours', done: 'Réalisée' };

export const improvementSourceTypes = ['complaint', 'survey'] as const;
export type ImprovementSourceType = (typeof improvementSourceTypes)[number];

/** What the follow-up job sends, each at most once per enrolment (a unique index). */
export const followUpKinds = ['inactivity_1', 'inactivity_2', 'survey', 'survey_reminder_1', 'survey_reminder_2'] as const;
export type FollowUpKind = (typeof followUpKinds)[number];
/** The cold survey's reminders, in days after the survey itself. */
export const SURVEY_REMINDER_DAYS = [7, 14] as const;

export const COMPLAINT_SUBJECT_MAX = 200;
export const COMPLAINT_DESCRIPTION_MAX = 5000;
export const COMPLAINT_ANSWER_MAX = 5000;
export const SURVEY_TEXT_MAX = 3000;
export const IMPROVEMENT_TITLE_MAX = 200;
export const IMPROVEMENT_OWNER_MAX = 120;
/** Complaints a visitor's address (IP), or a signed-in account, may file per hour. */
export const COMPLAINTS_PER_HOUR = 5;

export const qualityMessages = {
  subjectRequired: 'L’objet de la réclamation est obligatoire.',
  subjectTooLong: `L’objet ne peut pas dépasser ${COMPLAINT_SUBJECT_MAX} caractères.`,
  descriptionRequired: 'La description de la réclamation est obligatoire.',
  descriptionTooLong: `La description ne peut pas dépasser ${COMPLAINT_DESCRIPTION_MAX} caractères.`,
  emailRequiredForVisitor: 'Indiquez votre adresse e-mail pour recevoir notre réponse.',
  unknownCourse: 'Formation inconnue.',
  tooManyComplaints: 'Vous avez envoyé trop de réclamations en peu de temps. Réessayez dans une heure.',
  complaintReceived: 'Votre réclamation est enregistrée. Un accusé de réception vous est envoyé par e-mail.',
  complaintNotFound: 'Réclamation introuvable.',
  statusInvalid: 'Statut inconnu : choisissez « Nouvelle », « En cours » ou « Résolue ».',
  answerRequired: 'La réponse est obligatoire pour résoudre la réclamation.',
  answerTooLong: `La réponse ne peut pas dépasser ${COMPLAINT_ANSWER_MAX} caractères.`,
  alreadyResolved: 'Cette réclamation est résolue : elle ne peut plus changer de statut.',
  noGoingBack: 'Une réclamation prise en charge ne peut pas redevenir nouvelle.',
  surveyNotFound: 'Enquête introuvable.',
  surveyNotYours: 'Cette enquête concerne la formation d’un autre apprenant.',
  surveyNotCompleted: 'L’enquête s’ouvre une fois la formation terminée.',
  surveyAlreadyAnswered: 'Vous avez déjà répondu à l’enquête sur cette formation.',
  practiceRequired: 'Dites-nous ce que vous avez mis en pratique.',
  effectRequired: 'Dites-nous l’effet de la formation sur votre travail.',
  surveyTextTooLong: `Chaque réponse est limitée à ${SURVEY_TEXT_MAX} caractères.`,
  ratingRange: 'La note doit être un nombre entier de 1 à 5.',
  surveyThanks: 'Merci : votre réponse est enregistrée.',
  titleRequired: 'Le titre de l’action est obligatoire.',
  titleTooLong: `Le titre ne peut pas dépasser ${IMPROVEMENT_TITLE_MAX} caractères.`,
  ownerRequired: 'Indiquez le responsable de l’action.',
  ownerTooLong: `Le nom du responsable ne peut pas dépasser ${IMPROVEMENT_OWNER_MAX} caractères.`,
  dueInvalid: 'L’échéance doit être une date valide (AAAA-MM-JJ).',
  improvementStatusInvalid: 'Statut inconnu : choisissez « Prévue », « En cours » ou « Réalisée ».',
  sourcesRequired: 'Rattachez l’action à au moins une réclamation ou une réponse d’enquête.',
  sourceInvalid: 'Source inconnue : une réclamation (complaint) ou une réponse d’enquête (survey).',
  sourceNotFound: 'Une source de l’action est introuvable.',
  improvementNotFound: 'Action d’amélioration introuvable.',
} as const;

function requiredText(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong });
}

/** `POST /api/complaints`: anyone; a visitor gives an e-mail, a signed-in person's account address is used. */
export const complaintBodySchema = z.object({
  subject: requiredText(qualityMessages.subjectRequired, COMPLAINT_SUBJECT_MAX, qualityMessages.subjectTooLong),
  description: requiredText(qualityMessages.descriptionRequired, COMPLAINT_DESCRIPTION_MAX, qualityMessages.descriptionTooLong),
  course_id: z.preprocess(emptyAsUndefined, bodyIdSchema.nullish()),
  email: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), emailSchema.nullish()),
});
export type ComplaintBody = z.input<typeof complaintBodySchema>;

export const complaintCreatedSchema = z.object({ id: z.number().int(), received_at: z.string(), message: z.string() });
export type ComplaintCreated = z.infer<typeof complaintCreatedSchema>;

export const improvementSourceSchema = z.object({
  type: z.enum(improvementSourceTypes, { error: qualityMessages.sourceInvalid }),
  id: bodyIdSchema,
});
export type ImprovementSource = z.infer<typeof improvementSourceSchema>;

/** An improvement action as its source shows it. */
export const linkedActionSchema = z.object({ id: z.number().int(), title: z.string(), status: z.enum(improvementStatuses), due: z.string() });

export const complaintSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  description: z.string(),
  email: z.string(),
  /** Null for a visitor. */
  user_id: z.number().int().nullable(),
  course_id: z.number().int().nullable(),
  course_title: z.string().nullable(),
  status: z.enum(complaintStatuses),
  answer: z.string().nullable(),
  received_at: z.string(),
  taken_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  actions: z.array(linkedActionSchema),
});
export type Complaint = z.infer<typeof complaintSchema>;

export const complaintsQuerySchema = z.object({
  status: z.preprocess(emptyAsUndefined, z.enum(complaintStatuses, { error: qualityMessages.statusInvalid }).optional()),
  ...pagingParams(),
});
export type ComplaintsQuery = z.output<typeof complaintsQuerySchema>;

export const complaintPageSchema = z.object({ items: z.array(complaintSchema), ...pageInfoShape });
export type ComplaintPage = z.infer<typeof complaintPageSchema>;

/** `PUT /api/admin/complaints/{id}`: take it (`in_progress`) or resolve it with the answer. */
export const complaintUpdateBodySchema = z.object({
  status: z.enum(complaintStatuses, { error: qualityMessages.statusInvalid }),
  answer: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string({ error: qualityMessages.answerRequired }).trim().max(COMPLAINT_ANSWER_MAX, { error: qualityMessages.answerTooLong }).nullish(),
  ),
});
export type ComplaintUpdateBody = z.input<typeof complaintUpdateBodySchema>;

const ratingSchema = z
  .number({ error: qualityMessages.ratingRange })
  .int({ error: qualityMessages.ratingRange })
  .min(1, { error: qualityMessages.ratingRange })
  .max(5, { error: qualityMessages.ratingRange });

/** `POST /api/surveys/{enrolmentId}`: the cold survey, once per learner and course. */
export const surveyBodySchema = z.object({
  practice: requiredText(qualityMessages.practiceRequired, SURVEY_TEXT_MAX, qualityMessages.surveyTextTooLong),
  effect: requiredText(qualityMessages.effectRequired, SURVEY_TEXT_MAX, qualityMessages.surveyTextTooLong),
  rating: ratingSchema,
});
export type SurveyBody = z.input<typeof surveyBodySchema>;

/** The questions, written once for the page, the CSV and the e-mails. */
export const surveyQuestions = {
  practice: 'Qu’avez-vous mis en pratique depuis la formation ?',
  effect: 'Quel effet la formation a-t-elle eu sur votre travail ?',
  rating: 'Sur une échelle de 1 à 5, quelle est l’utilité de la formation dans votre travail aujourd’hui ?',
} as const;

/** `GET /api/surveys/{enrolmentId}`: what the survey page shows. */
export const surveyStateSchema = z.object({
  enrolment_id: z.number().int(),
  course_title: z.string(),
  completed_at: z.string(),
  answered_at: z.string().nullable(),
});
export type SurveyState = z.infer<typeof surveyStateSchema>;

export const surveyAnswerSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_title: z.string(),
  learner: z.string(),
  practice: z.string(),
  effect: z.string(),
  rating: z.number().int(),
  created_at: z.string(),
  actions: z.array(linkedActionSchema),
});
export type SurveyAnswer = z.infer<typeof surveyAnswerSchema>;
export const surveyAnswerPageSchema = z.object({ items: z.array(surveyAnswerSchema), ...pageInfoShape });
export type SurveyAnswerPage = z.infer<typeof surveyAnswerPageSchema>;
export const surveyAnswersQuerySchema = z.object({ ...pagingParams() });

const dueSchema = z
  .string({ error: qualityMessages.dueInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: qualityMessages.dueInvalid })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: qualityMessages.dueInvalid,
  });

/** `POST /api/admin/improvements` and `PUT /api/admin/improvements/{id}`. */
export const improvementBodySchema = z.object({
  title: requiredText(qualityMessages.titleRequired, IMPROVEMENT_TITLE_MAX, qualityMessages.titleTooLong),
  source_ids: z.array(improvementSourceSchema, { error: qualityMessages.sourcesRequired }).min(1, { error: qualityMessages.sourcesRequired }).max(50),
  owner: requiredText(qualityMessages.ownerRequired, IMPROVEMENT_OWNER_MAX, qualityMessages.ownerTooLong),
  due: dueSchema,
  status: z.enum(improvementStatuses, { error: qualityMessages.improvementStatusInvalid }),
});
export type ImprovementBody = z.input<typeof improvementBodySchema>;

export const improvementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  owner: z.string(),
  due: z.string(),
  status: z.enum(improvementStatuses),
  source_ids: z.array(z.object({ type: z.enum(improvementSourceTypes), id: z.number().int(), label: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Improvement = z.infer<typeof improvementSchema>;
export const improvementPageSchema = z.object({ items: z.array(improvementSchema), ...pageInfoShape });
export type ImprovementPage = z.infer<typeof improvementPageSchema>;
export const improvementsQuerySchema = z.object({ ...pagingParams() });

/** `GET /api/admin/figures/monthly`: the last 12 months, oldest first (Paris months). */
export const monthlyFiguresSchema = z.object({
  months: z.array(
    z.object({
      /** YYYY-MM */
      month: z.string(),
      enrolments: z.number().int(),
      completions: z.number().int(),
      /** Average end-of-course satisfaction (1 to 5) of the answers given that month, null without any. */
      satisfaction: z.number().nullable(),
      complaints: z.number().int(),
    }),
  ),
});
export type MonthlyFigures = z.infer<typeof monthlyFiguresSchema>;
