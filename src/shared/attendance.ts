import { z } from 'zod';
import { checkPeriod, periodShape } from './periods';

/**
 * Attendance and the certificat de réalisation (issue 27, decision 047): the player's beats, an
 * enrolment's attendance (lessons, quizzes, connections), the certificate's options and a course's
 * learners as its trainer sees them.
 */

/** The player sends a beat every BEAT_INTERVAL_SECONDS while a lesson is on screen. */
export const BEAT_INTERVAL_SECONDS = 30;
/** A beat credits at most this many seconds (the time since the previous beat of the connection). */
export const BEAT_MAX_CREDIT_SECONDS = 60;
/** A connection closes after this much silence: the next beat opens a new one, credited 0. */
export const SESSION_TIMEOUT_SECONDS = 90;

export const attendanceMessages = {
  seqInvalid: 'Le numéro du battement doit être un nombre entier positif.',
  notEnrolled: "Vous n'êtes pas inscrit à ce cours : votre temps de présence n'est pas compté.",
  enrolmentNotFound: "Cette inscription n'existe pas.",
  forbidden: "Vous n'avez pas accès au suivi de cette inscription.",
  noActivity: "Aucune activité n'est encore enregistrée pour cette inscription : le certificat de réalisation ne peut pas être établi.",
  courseNotFound: "Ce cours n'existe pas ou vous n'en êtes pas l'auteur.",
} as const;

/** `POST /api/lessons/{id}/activity`: a strictly increasing number (the player uses its clock in milliseconds, so a reload or a second tab keeps increasing). */
export const activityBodySchema = z.object({
  seq: z.number({ error: attendanceMessages.seqInvalid }).int({ error: attendanceMessages.seqInvalid }).min(1, { error: attendanceMessages.seqInvalid }).max(Number.MAX_SAFE_INTEGER, { error: attendanceMessages.seqInvalid }),
});
export type ActivityBody = z.infer<typeof activityBodySchema>;

export const beatOutcomes = ['opened', 'continued', 'ignored'] as const;
export type BeatOutcomeKind = (typeof beatOutcomes)[number];

export const activityResultSchema = z.object({
  /** `opened`: a new connection (credited 0); `continued`: credited; `ignored`: a repeated number. */
  outcome: z.enum(beatOutcomes),
  credited_seconds: z.number().int(),
});
export type ActivityResult = z.infer<typeof activityResultSchema>;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** `GET /api/enrolments/{id}/attendance?from=&to=&format=` (`format=csv`, or the `.csv` address, for the spreadsheet). */
export const attendanceQuerySchema = z.object({ ...periodShape, format: z.preprocess(emptyAsUndefined, z.enum(['json', 'csv'], { error: 'Format inconnu.' }).optional()) }).superRefine(checkPeriod);
export type AttendanceQuery = z.output<typeof attendanceQuerySchema>;
export const attendancePeriodQuerySchema = z.object(periodShape).superRefine(checkPeriod);

/** Which duration the certificat de réalisation states (decision 047): the estimated durations of the completed activities by default, or the time on screen, as the funder asks. */
export const certificateBases = ['estimated', 'on_screen'] as const;
export type CertificateBasis = (typeof certificateBases)[number];
export const certificateBasisLabels: Record<CertificateBasis, string> = {
  estimated: 'les durées estimées des activités réalisées',
  on_screen: 'le temps de présence mesuré à l’écran',
};
export const certificateQuerySchema = z
  .object({ ...periodShape, basis: z.preprocess(emptyAsUndefined, z.enum(certificateBases, { error: 'Base de durée inconnue : « estimated » ou « on_screen ».' }).default('estimated')) })
  .superRefine(checkPeriod);
export type CertificateQuery = z.output<typeof certificateQuerySchema>;

export const attendanceLessonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  section_title: z.string(),
  type: z.string(),
  estimated_minutes: z.number().int(),
  /** When the lesson was completed (within the period), or null. */
  completed_at: z.string().nullable(),
  on_screen_seconds: z.number().int(),
  on_screen_minutes: z.number().int(),
});
export type AttendanceLesson = z.infer<typeof attendanceLessonSchema>;

export const attendanceQuizSchema = z.object({
  lesson_id: z.number().int(),
  title: z.string(),
  attempt: z.number().int(),
  score: z.number().int(),
  passed: z.boolean(),
  submitted_at: z.string(),
});
export type AttendanceQuiz = z.infer<typeof attendanceQuizSchema>;

export const attendanceConnectionSchema = z.object({
  started_at: z.string(),
  ended_at: z.string(),
  seconds: z.number().int(),
  minutes: z.number().int(),
});
export type AttendanceConnection = z.infer<typeof attendanceConnectionSchema>;

export const attendanceSchema = z.object({
  enrolment_id: z.number().int(),
  learner: z.object({ id: z.number().int(), name: z.string() }),
  course: z.object({ id: z.number().int(), title: z.string() }),
  enrolled_at: z.string(),
  completed_at: z.string().nullable(),
  period: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  lessons: z.array(attendanceLessonSchema),
  quizzes: z.array(attendanceQuizSchema),
  /** The estimated durations of the lessons completed in the period. */
  total_estimated_minutes: z.number().int(),
  total_on_screen_seconds: z.number().int(),
  total_on_screen_minutes: z.number().int(),
  connections: z.array(attendanceConnectionSchema),
  /** The live sessions' slots the learner signed in the period (issue 28): their whole length counts. */
  live_slots: z.array(z.object({ slot_id: z.number().int(), session_id: z.number().int(), starts_at: z.string(), signed_at: z.string(), minutes: z.number().int() })),
  total_live_minutes: z.number().int(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

/** Whole minutes from seconds, rounded to the nearest (30 s count as a minute). */
export function minutesOf(seconds: number): number {
  return Math.round(seconds / 60);
}

/** One learner of `GET /api/courses/{id}/learners`. Columns another part adds later (reminders sent) go beside these. */
export const courseLearnerSchema = z.object({
  enrolment_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  enrolled_at: z.string(),
  completed_lessons: z.number().int(),
  total_lessons: z.number().int(),
  percent: z.number().int(),
  completed_at: z.string().nullable(),
  on_screen_minutes: z.number().int(),
  last_activity_at: z.string().nullable(),
  /** Inactivity reminders sent by the follow-up (indicator 12): 0, 1 or 2. */
  reminders_sent: z.number().int(),
  /** The best score of each quiz attempted, in course order. */
  quizzes: z.array(z.object({ lesson_id: z.number().int(), best_score: z.number().int(), passed: z.boolean(), attempts: z.number().int() })),
});
export type CourseLearner = z.infer<typeof courseLearnerSchema>;

export const quizQuestionStatSchema = z.object({
  question_id: z.number().int(),
  position: z.number().int(),
  prompt: z.string(),
  answers: z.number().int(),
  correct: z.number().int(),
  /** Whole percent of correct answers, null before any answer. */
  success_rate: z.number().int().nullable(),
});

export const courseLearnersSchema = z.object({
  course: z.object({ id: z.number().int(), title: z.string() }),
  learners: z.array(courseLearnerSchema),
  quizzes: z.array(z.object({ lesson_id: z.number().int(), title: z.string(), pass_mark: z.number().int(), questions: z.array(quizQuestionStatSchema) })),
  /** The lesson most often last visited among the enrolments not completed, with how many stopped there; null when none. */
  drop_off: z.object({ lesson_id: z.number().int(), title: z.string(), learners: z.number().int() }).nullable(),
});
export type CourseLearners = z.infer<typeof courseLearnersSchema>;
