import { sql } from 'drizzle-orm';
import { auditActions } from '../../shared/admin';
import { courseStatuses } from '../../shared/courses';
import { discussionKinds } from '../../shared/discussion-rules';
import { notificationKinds } from '../../shared/notifications';
import { moderationActions, reportKinds, reportReasons, reportStatuses, reportTargetTypes } from '../../shared/moderation';
import { memberStatuses, sectors, sizeBands } from '../../shared/organisations';
import { invoiceSourceKinds, paidAccessOpenings } from '../../shared/billing';
import { followUpBounds, vatRegimes } from '../../shared/provider';
import { fundingLines, nsfCodeList, trainerStatuses, traineeTypes, trainingObjectives } from '../../shared/bpf';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import type { CertificateSnapshot } from '../../shared/certificates';
import type { DirectoryField } from '../../shared/directory';
import { opportunityTypes } from '../../shared/opportunities';
import { complaintStatuses, followUpKinds, improvementStatuses } from '../../shared/quality';
import type { ConventionFacts, QuoteBuyer } from '../../shared/quotes';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** PostgreSQL's full-text document type; only PostgreSQL reads and writes it (decision 027). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored trimmed and lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    role: text('role', { enum: ['membre', 'formateur', 'organisme', 'admin'] }).notNull(),
    /** Trainers: approved by an admin. Other roles: false means disabled by an admin. */
    isValid: boolean('is_valid').notNull().default(false),
    gender: text('gender', { enum: ['female', 'male'] }),
    birthdate: date('birthdate', { mode: 'string' }),
    phoneNumber: text('phone_number'),
    country: text('country'),
    speciality: text('speciality'),
    cin: text('cin'),
    profilPicture: text('profil_picture'),
    /** CV: stored file name under DATA_DIR/uploads, the sanitised original name, its type and size. */
    cvPath: text('cv_path'),
    cvOriginalName: text('cv_original_name'),
    cvMimeType: text('cv_mime_type'),
    cvSize: integer('cv_size'),
    cvUploadedAt: timestamp('cv_uploaded_at', { withTimezone: true }),
    /** Set when an admin refuses a trainer's application. */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** BPF frame E (issue 29): whether this trainer is one of the provider's own people or an outside one; null until an admin says. */
    trainerStatus: text('trainer_status', { enum: trainerStatuses }),
    /** When the owner proved they read this address (a link we sent to it); null: not confirmed yet. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** normalizeSearch(firstname lastname email), kept by the service layer, indexed by trigrams. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // The administration list pages newest first (`order by created_at desc, id desc`, read
    // backwards), unfiltered or filtered by role and/or validity: each filter has its ordered index.
    index('users_created_id_idx').on(t.createdAt, t.id),
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    index('users_valid_created_idx').on(t.isValid, t.createdAt, t.id),
    index('users_role_valid_created_idx').on(t.role, t.isValid, t.createdAt, t.id),
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // An organisation's dashboard pages its members by name: walked in this order, a page reads its own rows only (decision 065).
    index('users_name_idx').on(t.lastname, t.firstname, t.id),
    check('users_trainer_status_known', sql`${t.trainerStatus} is null or ${t.trainerStatus} in ('internal', 'external')`),
  ],
);

/**
 * How many users have each role and validity, kept exact by statement triggers on `users`
 * (migration 0003), so the dashboard counters never count 100,000 rows per request.
 */
export const userCounts = pgTable(
  'user_counts',
  {
    role: text('role', { enum: ['membre', 'formateur', 'organisme', 'admin'] }).notNull(),
    isValid: boolean('is_valid').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.isValid] })],
);

/**
 * Courses per (theme, status), kept exact by statement-level triggers (migration 0038_course_counts,
 * decision 055): the catalogue's total and the themes' counts are read here, not counted.
 */
export const courseCounts = pgTable(
  'course_counts',
  {
    categorySlug: text('category_slug').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categorySlug, t.status] })],
);

/** How many users have at least one meeting: a single row kept by triggers on `meetings` (migration 0003). */
export const meetingUserCount = pgTable(
  'meeting_user_count',
  {
    id: boolean('id').primaryKey().default(true),
    n: integer('n').notNull().default(0),
  },
  (t) => [check('meeting_user_count_single_row', sql`${t.id}`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Attempt counters of the rate limits (login per address and per e-mail, signup per address):
 * one row per key, counted up by a single `insert … on conflict do update … returning`, so
 * concurrent attempts are serialised on the row and never exceed a limit (decision 012).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** `login:ip:<address>`, `login:email:<email>`, `signup:ip:<address>`. */
    key: text('key').primaryKey(),
    /** Start of the current fixed window; a hit after the window starts a new one. */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStart)],
);

/** Facts about the installation itself, e.g. which account is the bootstrap administrator. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * The training provider's identity and follow-up delays (issue 27): one row (id 1), edited at
 * /admin/parametres. Null columns are not set yet; a document that needs one refuses to be made.
 */
export const providerSettings = pgTable(
  'provider_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name'),
    siret: text('siret'),
    /** Numéro de déclaration d'activité: 11 digits. */
    nda: text('nda'),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    legalRepresentative: text('legal_representative'),
    /** Storage key of the representative's signature, a PNG. */
    signaturePath: text('signature_path'),
    complaintsContact: text('complaints_contact'),
    disabilityReferent: text('disability_referent'),
    vatRegime: text('vat_regime', { enum: vatRegimes }),
    inactivityReminderDays: integer('inactivity_reminder_days').notNull().default(followUpBounds.inactivity_reminder_days.default),
    coldSurveyDays: integer('cold_survey_days').notNull().default(followUpBounds.cold_survey_days.default),
    evidenceRetentionYears: integer('evidence_retention_years').notNull().default(followUpBounds.evidence_retention_years.default),
    /** The bank account printed on invoices for payment by transfer (issue 29), IBAN without spaces. */
    iban: text('iban'),
    bic: text('bic'),
    /** When a paid course opens after the contract: at the end of the withdrawal period, or at once with the learner's waiver. */
    paidAccessOpening: text('paid_access_opening', { enum: paidAccessOpenings }).notNull().default('after_withdrawal'),
    updatedAt: updatedAt(),
  },
  (t) => [check('provider_settings_single_row', sql`${t.id} = 1`)],
);

/** Every interview ever scheduled; a user's latest one is their current meeting. */
export const meetings = pgTable(
  'meetings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    roomName: text('room_name').notNull(),
    url: text('url').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    /** The calendar invitation's SEQUENCE (RFC 5545): 0 when scheduled, one more at each move. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('meetings_room_unique').on(t.roomName),
    // In the order of a user's latest interview (lib/meetings.ts), read backwards: the profile's
    // join stops at the first entry, with no sort (issue 16, goal 2).
    index('meetings_user_idx').on(t.userId, t.createdAt, t.id),
  ],
);

/** What administrators did, to whom and when. Kept when the target is deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    targetId: integer('target_id').references(() => users.id, { onDelete: 'set null' }),
    /** The target's name and email at the time, readable after a deletion. */
    targetLabel: text('target_label').notNull(),
    action: text('action', {
      enum: auditActions,
    }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_target_idx').on(t.targetId, t.createdAt)],
);

export const categories = pgTable('categories', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categorySlug: text('category_slug')
      .notNull()
      .references(() => categories.slug),
    duration: text('duration').notNull(),
    /** Prices in euro cents, so sums and comparisons are exact. */
    priceCents: integer('price_cents').notNull(),
    discountPriceCents: integer('discount_price_cents'),
    imagePath: text('image_path'),
    imageMimeType: text('image_mime_type'),
    attachmentPath: text('attachment_path'),
    attachmentOriginalName: text('attachment_original_name'),
    attachmentMimeType: text('attachment_mime_type'),
    attachmentSize: integer('attachment_size'),
    /** Where the course stands in the publication review (decision 018); new courses are drafts. */
    status: text('status', { enum: courseStatuses }).notNull().default('draft'),
    /** Why an administrator asked for changes or unpublished it; cleared when it is submitted again. */
    reviewReason: text('review_reason'),
    /** When the course entered its current state (the review queue's order). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The author's "firstname lastname", kept by triggers (migration 0005), so the catalogue
     * never reads the users table and keeps answering while it is locked (decision 016).
     */
    authorName: text('author_name').notNull().default(''),
    /** normalizeSearch(title description), kept by the service layer, indexed by trigrams. */
    searchText: text('search_text').notNull().default(''),
    /**
     * The French full-text document (decision 027): title weighted A, description B, through the
     * `ecoforma_fr` configuration (unaccent then French stems). Generated by PostgreSQL, so no write
     * can forget it.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('ecoforma_fr'::regconfig, title), 'A') || setweight(to_tsvector('ecoforma_fr'::regconfig, description), 'B')`,
      ),
    /** The public information a training organisation must publish (Qualiopi indicator 1). */
    objectives: text('objectives').array().notNull().default(sql`'{}'::text[]`),
    targetAudience: text('target_audience').notNull().default(''),
    prerequisites: text('prerequisites').notNull().default(''),
    assessmentMethods: text('assessment_methods').notNull().default(''),
    /** Délais d'accès, méthodes mobilisées, accessibility and contact (indicator 1); null until the trainer fills them (decision 046). */
    accessDelay: text('access_delay'),
    teachingMethods: text('teaching_methods'),
    accessibility: text('accessibility'),
    contact: text('contact'),
    /** Optional certification: RNCP or RS code, its certifier and its registration date in the répertoire. */
    certificationCode: text('certification_code'),
    certificationCertifier: text('certification_certifier'),
    certificationRegisteredOn: date('certification_registered_on', { mode: 'string' }),
    /** BPF frames F-3 and F-4 (issue 29): the training's general objective and its NSF speciality code; null until set. */
    bpfObjective: text('bpf_objective', { enum: trainingObjectives }),
    nsfCode: text('nsf_code', { enum: nsfCodeList as [string, ...string[]] }),
    /** « Mis à jour le »: set by the server when a public field changes; null for a course never changed since the migration. */
    publicInfoUpdatedAt: timestamp('public_info_updated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('courses_category_status_created_idx').on(t.categorySlug, t.status, t.createdAt, t.id),
    index('courses_author_idx').on(t.authorId),
    index('courses_created_at_idx').on(t.createdAt),
    index('courses_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('courses_search_vector_idx').using('gin', t.searchVector),
    index('courses_status_changed_idx').on(t.status, t.statusChangedAt),
    check('courses_status_known', sql`${t.status} in ('draft', 'submitted', 'changes_requested', 'published', 'unpublished')`),
    check('courses_bpf_objective_known', sql.raw(`bpf_objective is null or bpf_objective in (${trainingObjectives.map((o) => `'${o}'`).join(', ')})`)),
    check('courses_nsf_code_known', sql.raw(`nsf_code is null or nsf_code in (${nsfCodeList.map((c) => `'${c}'`).join(', ')})`)),
    check('courses_price_positive', sql`${t.priceCents} >= 0`),
    check(
      'courses_discount_below_price',
      sql`${t.discountPriceCents} is null or (${t.discountPriceCents} > 0 and ${t.discountPriceCents} < ${t.priceCents})`,
    ),
  ],
);

/** Every change of a course's review state: who, when, from, to and why. Kept when the actor is deleted. */
export const courseReviews = pgTable(
  'course_reviews',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status', { enum: courseStatuses }).notNull(),
    toStatus: text('to_status', { enum: courseStatuses }).notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('course_reviews_course_idx').on(t.courseId, t.createdAt)],
);

export const enrolments = pgTable(
  'enrolments',
  {
    /** The enrolment's own number (the key stays (user, course)): the addresses of its proofs, the cold survey's page, the follow-up log (issue 27). */
    id: serial('id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The lesson the learner opened or completed last, where "Reprendre" leads. */
    lastLessonId: integer('last_lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    /** When the learner last opened or completed a lesson or answered a quiz: the follow-up's inactivity counts from here. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    /** BPF frame F-1 (issue 29): the trainee's type; null: derived (an organisation's seat is a salarié) or still to classify. */
    traineeType: text('trainee_type', { enum: traineeTypes }),
    /** BPF frame C (issue 29): the line the enrolment's revenue goes to; null: derived from the invoice's buyer or still to classify. */
    fundingLine: text('funding_line', { enum: fundingLines }),
    /** When every lesson was completed and every quiz passed (set once, by detectCourseCompletions). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the learner may open the lessons: null at once; a paid contract's end of the withdrawal period otherwise (issue 29). */
    accessFrom: timestamp('access_from', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index('enrolments_course_idx').on(t.courseId),
    // The enrolments not completed by the time of their last activity (null once completed): "inactive for 14 days" is a
    // range of it (decision 065). Not a partial index: the planner estimates a range from an expression index's statistics only.
    index('enrolments_idle_idx').on(sql`(case when ${t.completedAt} is null then coalesce(${t.lastActivityAt}, ${t.createdAt}) end)`),
    check('enrolments_trainee_type_known', sql.raw(`trainee_type is null or trainee_type in (${traineeTypes.map((v) => `'${v}'`).join(', ')})`)),
    check('enrolments_funding_line_known', sql.raw(`funding_line is null or funding_line in (${fundingLines.map((v) => `'${v}'`).join(', ')})`)),
  ],
);

export const savedCourses = pgTable(
  'saved_courses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('saved_courses_course_idx').on(t.courseId)],
);

/** A course's chapters, in `position` order (0, 1, 2… with no gap, kept by the learning service). */
export const courseSections = pgTable(
  'course_sections',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('course_sections_course_idx').on(t.courseId, t.position)],
);

/** A section's lessons, in `position` order; the content columns used depend on the type. */
export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type', { enum: ['text', 'video', 'pdf', 'quiz'] }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** "Aperçu gratuit": readable by anyone who can see the course. */
    isPreview: boolean('is_preview').notNull().default(false),
    position: integer('position').notNull(),
    /** Text lessons: the Markdown source, rendered to safe HTML when read. */
    bodyMarkdown: text('body_markdown'),
    /** Video and PDF lessons: the stored file under DATA_DIR/uploads, its sanitised name, type and size. */
    filePath: text('file_path'),
    fileOriginalName: text('file_original_name'),
    fileMimeType: text('file_mime_type'),
    fileSize: integer('file_size'),
    /** Video lessons: optional WebVTT captions (stored file name). */
    captionsPath: text('captions_path'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lessons_section_idx').on(t.sectionId, t.position),
    check('lessons_type_known', sql`${t.type} in ('text', 'video', 'pdf', 'quiz')`),
    check('lessons_duration_range', sql`${t.durationMinutes} >= 0 and ${t.durationMinutes} <= 1440`),
  ],
);

/** One row per lesson a learner completed; deleting the lesson deletes its rows. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('lesson_progress_lesson_idx').on(t.lessonId)],
);

/** A quiz lesson's settings (one row per lesson of type 'quiz'). */
export const quizzes = pgTable(
  'quizzes',
  {
    lessonId: integer('lesson_id')
      .primaryKey()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** Whole percent a learner must reach. */
    passMark: integer('pass_mark').notNull().default(80),
    /** null: unlimited. */
    maxAttempts: integer('max_attempts'),
    /** When an attempt's answer may carry the right options and explanations (see showCorrectionValues). */
    showCorrection: text('show_correction', { enum: ['never', 'after_last_attempt_or_pass', 'after_each_attempt'] }).notNull().default('after_last_attempt_or_pass'),
    /** Options in an order of their own for each attempt (true/false questions keep Vrai, Faux). */
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** A test de positionnement (Qualiopi indicator 8): offered before the first lesson, never required for completion. */
    positioning: boolean('positioning').notNull().default(false),
  },
  (t) => [
    check('quizzes_pass_mark_range', sql`${t.passMark} between 1 and 100`),
    check('quizzes_max_attempts_range', sql`${t.maxAttempts} is null or ${t.maxAttempts} between 1 and 100`),
    check('quizzes_show_correction_known', sql`${t.showCorrection} in ('never', 'after_last_attempt_or_pass', 'after_each_attempt')`),
  ],
);

/** One option of a question; `id` is unique within the question. */
export interface QuizOptionData {
  id: number;
  text: string;
  correct: boolean;
}

/** A quiz's questions, in `position` order (0, 1, 2… kept by the quiz service). */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => quizzes.lessonId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type', { enum: ['single', 'multiple', 'true_false'] }).notNull(),
    prompt: text('prompt').notNull(),
    options: jsonb('options').$type<QuizOptionData[]>().notNull(),
    explanation: text('explanation').notNull().default(''),
    /** A snapshot of the course objective's text the question assesses. */
    objective: text('objective'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('quiz_questions_lesson_idx').on(t.lessonId, t.position), check('quiz_questions_type_known', sql`${t.type} in ('single', 'multiple', 'true_false')`)],
);

/** The correction of one question, as it was when the attempt was submitted. */
export interface AttemptQuestionData {
  question_id: number;
  correct: boolean;
  chosen_option_ids: number[];
  correct_option_ids: number[];
  explanation: string;
  objective: string | null;
}

/** Submitted attempts: written once, never updated (no route changes one). */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => quizzes.lessonId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per learner and quiz; the unique index backs the attempt limit. */
    number: integer('number').notNull(),
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    questions: jsonb('questions').$type<AttemptQuestionData[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('quiz_attempts_number_idx').on(t.lessonId, t.userId, t.number), index('quiz_attempts_user_idx').on(t.userId)],
);

/**
 * The single-use links sent by e-mail (password reset, account setup, e-mail confirmation and
 * change): only the SHA-256 of the token is kept; `used_at` set means spent.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'account_setup', 'email_confirm', 'email_change'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** E-mail change: the address to move to once confirmed; e-mail confirmation: the address the link was sent to. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_unique').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    check('account_tokens_purpose_known', sql`${t.purpose} in ('password_reset', 'account_setup', 'email_confirm', 'email_change')`),
  ],
);

/**
 * Mail waiting to go out, written in the same transaction as the event that causes it, sent by
 * the mail worker (decision 020). A row is claimed by pushing `next_attempt_at` one lease ahead
 * under `for update skip locked`, so two workers never send the same message.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    /** A template name of src/server/lib/mail/templates. */
    template: text('template').notNull(),
    /** The template's data; cleared once sent, since it may hold a single-use link. */
    data: jsonb('data').$type<Record<string, unknown>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may take it next: now when queued, later after a failure or while claimed. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Extra headers (e.g. List-Unsubscribe); cleared once sent, like `data`. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Files sent with the message (e.g. an .ics invitation); cleared once sent, like `data`. */
    attachments: jsonb('attachments').$type<MailAttachmentData[]>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    check('mail_outbox_status_known', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** A file attached to a queued e-mail: its text, or its bytes in base64. */
export interface MailAttachmentData {
  filename: string;
  /** The MIME type, with its parameters, e.g. `text/calendar; charset=utf-8; method=REQUEST`. */
  contentType: string;
  content: string;
  encoding?: 'base64';
}

/**
 * The in-app notifications (the bell): one row per event and recipient, written in the event's
 * transaction whatever the recipient's e-mail preferences (decision 024).
 */
/** The check's list of kinds, written from the shared list: a new kind changes it, and drizzle-kit writes the migration. */
const knownNotificationKinds = sql.raw(notificationKinds.map((kind) => `'${kind}'`).join(', '));

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    /** French, written when the event happened (later changes to a course title do not rewrite it). */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A page of the platform, as a path (`/profile#entretien`); null when there is none. */
    link: text('link'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The bell's count: the unread rows of one user only.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    check(
      'notifications_kind_known',
      sql`${t.kind} in (${knownNotificationKinds})`,
    ),
  ],
);

/** A user's choice for one kind of notification; no row means the e-mail is sent (the default). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    email: boolean('email').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check(
      'notification_preferences_kind_known',
      sql`${t.kind} in (${knownNotificationKinds})`,
    ),
  ],
);

/**
 * Attestations de fin de formation, issued once per learner and course at completion. The
 * snapshot holds everything printed: later edits of the course or the learner change nothing.
 * The learner or course may be deleted: the attestation stays verifiable.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** Human number, EF-YYYY-NNNNNN. */
    number: text('number').notNull(),
    /** Public verification code: base64url of 16 random bytes. */
    code: text('code').notNull(),
    snapshot: jsonb('snapshot').$type<CertificateSnapshot>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    revokedById: integer('revoked_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('certificates_number_unique').on(t.number),
    uniqueIndex('certificates_code_unique').on(t.code),
    uniqueIndex('certificates_user_course_unique').on(t.userId, t.courseId),
    index('certificates_issued_idx').on(t.issuedAt, t.id),
  ],
);

/**
 * Satisfaction at the end of a course (decision 023): one answer per learner and course, written
 * by the learner once they completed it, editable for 30 days after `created_at`. A hidden comment
 * stays stored (its author still reads it) but is shown to administrators only; the rating still counts.
 */
export const satisfactionAnswers = pgTable(
  'satisfaction_answers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    /** null: no comment. */
    comment: text('comment'),
    /** Set when an administrator hid an abusive comment. */
    commentHiddenAt: timestamp('comment_hidden_at', { withTimezone: true }),
    commentHiddenById: integer('comment_hidden_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the answer was first given: the 30-day edit window starts here. */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One answer per learner and course: concurrent first answers meet on this index (insert … on conflict).
    uniqueIndex('satisfaction_answers_user_course_unique').on(t.userId, t.courseId),
    // The catalogue's count and average per course read this index alone (index-only scan).
    index('satisfaction_answers_course_rating_idx').on(t.courseId, t.rating),
    index('satisfaction_answers_created_idx').on(t.createdAt, t.id),
    check('satisfaction_answers_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * The organisation behind an `organisme` account (issue 15, decision 025). Its contact person is
 * the account itself (first name, last name, phone); the login e-mail is the contact's unless
 * `contact_email` says otherwise. An account an administrator created has no row until its
 * owner fills the profile.
 */
export const organisations = pgTable(
  'organisations',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 14 digits, Luhn-checked by the API; unique. */
    siret: text('siret').notNull(),
    sector: text('sector', { enum: sectors }).notNull(),
    sizeBand: text('size_band', { enum: sizeBands }).notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** Normalised (name siret city contact e-mail), for the administrators' search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('organisations_siret_unique').on(t.siret), check('organisations_siret_digits', sql`${t.siret} ~ '^[0-9]{14}$'`)],
);

/**
 * One row per organisation and invited address: the invitation, then the membership it becomes.
 * `status`: invited -> active (the learner accepted and consented to share their progress) ->
 * left (the learner) or removed (the organisation); invited -> declined. The organisation reads a
 * user's name and progress only through an active row. Inviting the address again reuses the row.
 */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.userId, { onDelete: 'cascade' }),
    /** The invited address, trimmed and lower-cased. */
    email: text('email').notNull(),
    /** The name the organisation gave with the address (CSV import), for the greeting and the signup form; never the account's. */
    invitedFirstname: text('invited_firstname'),
    invitedLastname: text('invited_lastname'),
    /** The learner's account, set when they accept. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: memberStatuses }).notNull().default('invited'),
    /** The invitation link's token (lib/account-tokens.ts hashLinkToken); null once used. */
    tokenHash: text('token_hash'),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the learner accepted and consented. */
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    /** When they declined, left or were removed. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organisation_members_email_unique').on(t.organisationId, t.email),
    uniqueIndex('organisation_members_token_unique').on(t.tokenHash),
    // One live membership per learner and organisation, whatever address they were invited at.
    uniqueIndex('organisation_members_active_user_unique').on(t.organisationId, t.userId).where(sql`${t.status} = 'active'`),
    index('organisation_members_org_status_idx').on(t.organisationId, t.status, t.invitedAt),
    index('organisation_members_user_idx').on(t.userId),
    check('organisation_members_status_known', sql`${t.status} in ('invited', 'active', 'declined', 'left', 'removed')`),
    check('organisation_members_active_has_user', sql`${t.status} <> 'active' or ${t.userId} is not null`),
  ],
);

/**
 * How many members an organisation may enrol in a course (set by an administrator) and how many
 * it did. `used` only grows by the conditional update of an enrolment (`used + n <= seats`), so
 * two enrolments racing for the last seat cannot both get it; the check backs it up.
 */
export const organisationSeats = pgTable(
  'organisation_seats',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.userId, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    seats: integer('seats').notNull(),
    used: integer('used').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.courseId] }),
    index('organisation_seats_course_idx').on(t.courseId),
    check('organisation_seats_within_pool', sql`${t.used} >= 0 and ${t.seats} >= 0 and ${t.used} <= ${t.seats}`),
  ],
);

/** Who the organisation enrolled in which course (a seat each): the courses its dashboard follows. */
export const organisationEnrolments = pgTable(
  'organisation_enrolments',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.userId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId, t.courseId] }),
    index('organisation_enrolments_course_idx').on(t.organisationId, t.courseId),
    index('organisation_enrolments_user_idx').on(t.userId),
  ],
);

/**
 * An organisation's dashboard counters, kept exact by triggers on organisation_members,
 * organisation_enrolments and enrolments (per statement for inserts and updates, per row before
 * each deletion: migration
 * 0039_organisation_progress_counts, decision 065), so that no dashboard page counts all the
 * members to say how many there are. One row per (organisation, bucket): `members` (active
 * members), `unenrolled` (active members in no course), and each (member, course) pair of an
 * active member by its state, `completed`, `in_progress` or `not_started` (organisation_pair_bucket).
 */
export const organisationProgressCounts = pgTable(
  'organisation_progress_counts',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.userId, { onDelete: 'cascade' }),
    bucket: text('bucket', { enum: ['members', 'unenrolled', 'completed', 'in_progress', 'not_started'] }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.bucket] })],
);

export type UserRow = typeof users.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type MeetingRow = typeof meetings.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;

/**
 * The catalogue's vocabulary: every word of three letters or more of the courses' search text,
 * kept by statement-level triggers (migration search_fr), matched by trigrams to correct a
 * misspelt search word (decision 027). Words are never removed: a stale one only costs a
 * correction that then finds nothing.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

/**
 * One row per invitation e-mail an organisation had sent (issue 25): the hourly and daily caps
 * (ORG_INVITATIONS_PER_HOUR / _PER_DAY) count these, so cancelling invitations gives nothing back.
 * Rows older than a day are pruned by the module's housekeeping.
 */
export const organisationInvitationMails = pgTable(
  'organisation_invitation_mails',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.userId, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organisation_invitation_mails_org_idx').on(t.organisationId, t.sentAt)],
);

/**
 * Course discussions (issue 26): threads of a course, optionally tied to one of its lessons, of
 * kind `question` (the trainer may mark one reply as the answer) or `discussion`. Only the
 * course's enrolled learners, its trainer and administrators read and write them. The author's
 * threads and replies outlive their account (evidence of the pedagogical assistance given,
 * Code du travail D6313-3-1): the author becomes null and reads "Compte supprimé".
 */
export const discussionThreads = pgTable(
  'discussion_threads',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The lesson it is about; the thread stays on the course when the lesson is deleted. */
    lessonId: integer('lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: discussionKinds }).notNull(),
    title: text('title').notNull(),
    /** Markdown source, rendered to safe HTML when read. */
    body: text('body').notNull(),
    /** The accepted answer of a question (one at most). */
    acceptedReplyId: integer('accepted_reply_id'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedById: integer('locked_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Hidden by a moderation decision (decision 043): shown only to its author, marked, and to administrators. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Removed by a moderation decision (decision 043): the row stays as evidence of assistance, its text is gone. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** When the last reply came (or the thread was opened): the list's order. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** French full-text document (decision 027): title weighted A, body B. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('ecoforma_fr'::regconfig, title), 'A') || setweight(to_tsvector('ecoforma_fr'::regconfig, body), 'B')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('discussion_threads_course_idx').on(t.courseId, t.lastActivityAt, t.id),
    index('discussion_threads_lesson_idx').on(t.lessonId),
    index('discussion_threads_author_idx').on(t.authorId),
    index('discussion_threads_search_idx').using('gin', t.searchVector),
    check('discussion_threads_kind_known', sql`${t.kind} in ('question', 'discussion')`),
  ],
);

/** The replies of a thread, oldest first. */
export const discussionReplies = pgTable(
  'discussion_replies',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => discussionThreads.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** Who marked it as the answer (the trainer or an administrator). */
    acceptedById: integer('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Hidden by a moderation decision (decision 043): shown only to its author, marked, and to administrators. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Removed by a moderation decision (decision 043): the row stays as evidence of assistance, its text is gone. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('ecoforma_fr'::regconfig, body)`),
    createdAt: createdAt(),
  },
  (t) => [
    index('discussion_replies_thread_idx').on(t.threadId, t.createdAt, t.id),
    index('discussion_replies_author_idx').on(t.authorId),
    index('discussion_replies_search_idx').using('gin', t.searchVector),
  ],
);

/** Who is told of a thread's new replies: its author and repliers by default, anyone who chose "Suivre". */
export const discussionFollows = pgTable(
  'discussion_follows',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => discussionThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** When the follower last opened the thread (or replied): the « Votre activité » panel's new replies come after it. */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('discussion_follows_user_idx').on(t.userId)],
);

/**
 * The directory by consent (issue 26): one row per person who opened their settings; listed only
 * while `visible`, showing only `fields`. `bio` is the presentation of an approved trainer's public page.
 */
export const directoryEntries = pgTable(
  'directory_entries',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    visible: boolean('visible').notNull().default(false),
    fields: jsonb('fields').$type<DirectoryField[]>().notNull().default([]),
    acceptsMessages: boolean('accepts_messages').notNull().default(false),
    headline: text('headline'),
    region: text('region'),
    domains: jsonb('domains').$type<string[]>().notNull().default([]),
    bio: text('bio'),
    /** Taken out of the directory by a moderation decision (decision 043), whatever `visible` says. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index('directory_entries_visible_idx').on(t.visible, t.region)],
);

/** Posted by organisations and administrators (issue 26); the owner may edit or close it. */
export const opportunities = pgTable(
  'opportunities',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: opportunityTypes }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    region: text('region').notNull(),
    domains: jsonb('domains').$type<string[]>().notNull().default([]),
    location: text('location'),
    remote: boolean('remote').notNull().default(false),
    /** The last day (Paris time) answers are taken; null: none. */
    deadline: date('deadline', { mode: 'string' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Hidden by a moderation decision (decision 043): shown only to its author, marked, and to administrators. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('opportunities_created_idx').on(t.createdAt, t.id), index('opportunities_owner_idx').on(t.ownerId)],
);

/**
 * An answer to an opportunity: a person's application, or an approved trainer's proposal for a
 * training request. One per person and opportunity; the attestations shown are the applicant's choice.
 */
export const opportunityResponses = pgTable(
  'opportunity_responses',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['application', 'proposal'] }).notNull(),
    message: text('message').notNull(),
    certificateIds: jsonb('certificate_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('opportunity_responses_unique').on(t.opportunityId, t.userId), index('opportunity_responses_user_idx').on(t.userId, t.createdAt)],
);

/** The opt-in weekly digest of new opportunities in the person's domains; `last_sent_at` keeps it to one a week. */
export const opportunityDigests = pgTable('opportunity_digests', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  domains: jsonb('domains').$type<string[]>().notNull().default([]),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A one-to-one conversation (issue 26) between two accounts, kept as evidence of pedagogical
 * assistance (Code du travail D6313-3-1): no user deletes it. The pair is stored in order (lower
 * id first) so one unique index finds the existing conversation instead of a second one; a deleted
 * account leaves its side null and the other participant reads « Compte supprimé ».
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    /** The participant with the lower id. */
    userAId: integer('user_a_id').references(() => users.id, { onDelete: 'set null' }),
    /** The participant with the higher id. */
    userBId: integer('user_b_id').references(() => users.id, { onDelete: 'set null' }),
    /** The course it was opened about (a learner and its trainer), if any. */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** The last message each participant read (0: none); unread messages come after it. */
    userALastReadId: integer('user_a_last_read_id').notNull().default(0),
    userBLastReadId: integer('user_b_last_read_id').notNull().default(0),
    createdAt: createdAt(),
    /** The latest message's time (the creation's before any): the list's order. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.userAId, t.userBId),
    index('conversations_user_a_idx').on(t.userAId, t.lastMessageAt),
    index('conversations_user_b_idx').on(t.userBId, t.lastMessageAt),
    check('conversations_pair_ordered', sql`${t.userAId} is null or ${t.userBId} is null or ${t.userAId} < ${t.userBId}`),
  ],
);

/** A message of a conversation, kept when its sender's account is deleted (the sender becomes null). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** Markdown as written, at most 5,000 characters; rendered to safe HTML when read. */
    body: text('body').notNull(),
    /** Hidden by a moderation decision (decision 043): shown only to its author, marked, and to administrators. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Removed by a moderation decision (decision 043): the row stays as evidence of assistance, its text is gone. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id)],
);

/** A person who no longer accepts messages from another: the blocked sender is refused, the blocker hears nothing. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

/**
 * Moderation (DSA notice and action, issue 26): a decision an administrator took on reported
 * content (keep, hide, delete), with its reason, sent to the author and the reporters as the
 * statement of reasons. `reviewsDecisionId` is set on the new decision answering a contest.
 * The content lives in its own module (ModuleManifest.moderationTargets): no foreign key.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: serial('id').primaryKey(),
    targetType: text('target_type', { enum: reportTargetTypes }).notNull(),
    targetId: integer('target_id').notNull(),
    /** The content's author, told the decision; null once their account is deleted. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The content as reported, kept as the decision's evidence. */
    excerpt: text('excerpt').notNull(),
    action: text('action', { enum: moderationActions }).notNull(),
    reason: text('reason').notNull(),
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewsDecisionId: integer('reviews_decision_id').references((): AnyPgColumn => moderationDecisions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_decisions_target_idx').on(t.targetType, t.targetId), index('moderation_decisions_author_idx').on(t.authorId)],
);

/**
 * The administrators' queue: a person's report of content (`kind` report), or an author's
 * contest of a decision (`kind` contest, `contestsDecisionId` set, at most one per decision).
 * Open until a decision closes it (`decisionId`).
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: reportKinds }).notNull().default('report'),
    targetType: text('target_type', { enum: reportTargetTypes }).notNull(),
    targetId: integer('target_id').notNull(),
    /** Who reported (or, for a contest, the author contesting); null once their account is deleted. */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** The content's author when reported; null once their account is deleted. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null for a contest. */
    reason: text('reason', { enum: reportReasons }),
    explanation: text('explanation').notNull(),
    excerpt: text('excerpt').notNull(),
    link: text('link'),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    contestsDecisionId: integer('contests_decision_id').references(() => moderationDecisions.id, { onDelete: 'cascade' }),
    decisionId: integer('decision_id').references(() => moderationDecisions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    index('reports_author_idx').on(t.authorId),
    // One open report per person and content (the 409 decides between concurrent requests).
    uniqueIndex('reports_open_per_reporter_idx').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open' and ${t.kind} = 'report'`),
    // A decision is contested once.
    uniqueIndex('reports_one_contest_idx').on(t.contestsDecisionId),
  ],
);


/**
 * The follow-up mails of an enrolment (issue 27, indicators 12 and 30): inactivity reminders and
 * the cold survey with its reminders, each sent at most once per enrolment (the unique index makes
 * a second run of the job, or a second process, send nothing twice).
 */
export const followUpMails = pgTable(
  'follow_up_mails',
  {
    id: serial('id').primaryKey(),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => enrolments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: followUpKinds }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('follow_up_mails_enrolment_kind_idx').on(t.enrolmentId, t.kind)],
);

/** The cold survey's answers (indicator 30): one per learner and course. */
export const coldSurveyAnswers = pgTable(
  'cold_survey_answers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    practice: text('practice').notNull(),
    effect: text('effect').notNull(),
    rating: integer('rating').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cold_survey_answers_user_course_idx').on(t.userId, t.courseId),
    index('cold_survey_answers_created_idx').on(t.createdAt),
    check('cold_survey_answers_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** Complaints (indicator 31): from anyone, answered by administrators. */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    /** The signed-in author; null for a visitor, or once the account is deleted. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where the acknowledgement and the answer go. */
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    status: text('status', { enum: complaintStatuses }).notNull().default('new'),
    answer: text('answer'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('complaints_status_idx').on(t.status, t.receivedAt), index('complaints_user_idx').on(t.userId), index('complaints_received_idx').on(t.receivedAt)],
);

/** Improvement actions (indicator 32), each drawn from complaints and survey answers. */
export const improvementActions = pgTable('improvement_actions', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  owner: text('owner').notNull(),
  due: date('due', { mode: 'string' }).notNull(),
  status: text('status', { enum: improvementStatuses }).notNull().default('planned'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An action's sources: exactly one of a complaint or a cold survey answer per row. */
export const improvementSources = pgTable(
  'improvement_sources',
  {
    id: serial('id').primaryKey(),
    actionId: integer('action_id')
      .notNull()
      .references(() => improvementActions.id, { onDelete: 'cascade' }),
    complaintId: integer('complaint_id').references(() => complaints.id, { onDelete: 'cascade' }),
    surveyAnswerId: integer('survey_answer_id').references(() => coldSurveyAnswers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('improvement_sources_action_idx').on(t.actionId),
    uniqueIndex('improvement_sources_complaint_idx').on(t.actionId, t.complaintId),
    uniqueIndex('improvement_sources_survey_idx').on(t.actionId, t.surveyAnswerId),
    index('improvement_sources_complaint_lookup_idx').on(t.complaintId),
    index('improvement_sources_survey_lookup_idx').on(t.surveyAnswerId),
    check('improvement_sources_one_source', sql`(${t.complaintId} is null) <> (${t.surveyAnswerId} is null)`),
  ],
);
export type ComplaintRow = typeof complaints.$inferSelect;
/** Binary data; both drivers may hand back a Uint8Array, read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({ dataType: () => 'bytea', fromDriver: (value) => Buffer.from(value) });

/**
 * The proofs of training of a deleted account (issue 27, decision 048): when a learner deletes
 * their account, what the law asks the provider to keep (programme, attendance, evaluations,
 * certificat de réalisation, attestation) is archived here per enrolment, under the learner's
 * name only, until `keep_until` (the end of the training plus the retention set in the provider's
 * settings); a daily job deletes it then.
 */
export const evidenceArchives = pgTable(
  'evidence_archives',
  {
    id: serial('id').primaryKey(),
    /** The enrolment's number as it was: the archive answers for it. */
    enrolmentId: integer('enrolment_id').notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    courseTitle: text('course_title').notNull(),
    learnerName: text('learner_name').notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow(),
    keepUntil: timestamp('keep_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('evidence_archives_course_idx').on(t.courseId), index('evidence_archives_keep_until_idx').on(t.keepUntil)],
);

/** One file of an archived evidence file, kept in the database with its archive (small: CSV and one-page PDFs). */
export const evidenceArchiveFiles = pgTable(
  'evidence_archive_files',
  {
    archiveId: integer('archive_id')
      .notNull()
      .references(() => evidenceArchives.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.archiveId, t.path] })],
);

/**
 * Attendance (issue 27, decision 047): one row per connection of a learner to a course, written by
 * the player's beats (`POST /api/lessons/{id}/activity`) with ONE statement per beat: the open
 * connection's row is updated in place (no indexed column changes, so PostgreSQL can update it
 * without touching an index), a new row starts after 90 s of silence. Kept with the learner and the
 * course, not with the enrolment, like the lessons' progress: leaving and coming back keeps it.
 */
export const attendanceSessions = pgTable(
  'attendance_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The last beat counted: the connection ends here, and closes 90 s later without another. */
    lastBeatAt: timestamp('last_beat_at', { withTimezone: true }).notNull(),
    /** The last beat's number: a beat whose number is not greater is a repeat, ignored. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    /** Seconds on screen credited to this connection (at most 60 per beat). */
    seconds: integer('seconds').notNull().default(0),
    /** The same seconds by lesson: `{"<lesson id>": seconds}`. */
    lessonSeconds: jsonb('lesson_seconds').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [index('attendance_sessions_user_course_idx').on(t.userId, t.courseId, t.startedAt), index('attendance_sessions_course_idx').on(t.courseId), check('attendance_sessions_seconds_positive', sql`${t.seconds} >= 0`)],
);

/**
 * A live session of a course (issue 28): an in-person day or a virtual class, cut into slots. A
 * virtual one has its Jitsi room, unguessable like the interviews' (meetings module). `sequence` is
 * the convocations' RFC 5545 SEQUENCE: one more at each change sent to the registered learners.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    modality: text('modality', { enum: ['in_person', 'virtual'] }).notNull(),
    address: text('address'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    roomName: text('room_name'),
    roomUrl: text('room_url'),
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('live_sessions_course_idx').on(t.courseId, t.startsAt),
    index('live_sessions_starts_idx').on(t.startsAt, t.id),
    uniqueIndex('live_sessions_room_unique').on(t.roomName),
    check('live_sessions_capacity_positive', sql`${t.capacity} > 0`),
    check('live_sessions_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A half-day or shorter part of a session: one signature per registered learner, countersigned by the trainer. */
export const liveSlots = pgTable(
  'live_slots',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    countersignedAt: timestamp('countersigned_at', { withTimezone: true }),
    countersignedById: integer('countersigned_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The trainer's signature, a PNG in base64 (small, kept with the sheet it proves). */
    trainerSignaturePng: text('trainer_signature_png'),
    trainerName: text('trainer_name'),
  },
  (t) => [index('live_slots_session_idx').on(t.sessionId, t.startsAt), check('live_slots_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`)],
);

/** A learner registered for a session: by themselves, or by their organisation (`registered_by_id`). */
export const liveRegistrations = pgTable(
  'live_registrations',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    registeredById: integer('registered_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index('live_registrations_user_idx').on(t.userId)],
);

/**
 * A learner's signature of a slot, the evidence funders ask for: the image, when, its SHA-256, the
 * browser and a keyed hash of the address (never the address itself). One per learner and slot.
 */
export const liveSignatures = pgTable(
  'live_signatures',
  {
    id: serial('id').primaryKey(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => liveSlots.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    /** `drawn` on the pad, or `typed`: the name typed by who cannot draw, rendered into the PNG by the server. */
    method: text('method', { enum: ['drawn', 'typed'] }).notNull(),
    signaturePng: text('signature_png').notNull(),
    imageSha256: text('image_sha256').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ipHash: text('ip_hash').notNull(),
  },
  (t) => [uniqueIndex('live_signatures_unique').on(t.slotId, t.userId), index('live_signatures_user_idx').on(t.userId)],
);

/** An absence the trainer justified, with its reason. */
export const liveAbsences = pgTable(
  'live_absences',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => liveSlots.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    justifiedById: integer('justified_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.userId] }), index('live_absences_user_idx').on(t.userId)],
);

/**
 * A person's private calendar feed (decision 049): the token is derived from `nonce` with a server
 * secret, so the page can show the address again, and is looked up by its SHA-256; rotating draws
 * a new nonce, and the old address answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_unique').on(t.tokenHash)],
);

/**
 * A contrat de formation signed in the app by an individual paying for their training (issue 29,
 * decision 051): the exact text signed and its SHA-256, the time, a keyed hash of the address and
 * the user agent. Kept after a withdrawal (withdrawn_at), as the provider's evidence.
 */
export const trainingContracts = pgTable(
  'training_contracts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** enrolments.id while the enrolment lasts (no foreign key: the key of enrolments is (user, course)). */
    enrolmentId: integer('enrolment_id'),
    priceCents: integer('price_cents').notNull(),
    /** The document as signed (title, sections, learner, provider), the text the hash covers. */
    documentText: text('document_text').notNull(),
    documentSha256: text('document_sha256').notNull(),
    fullName: text('full_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    ipHash: text('ip_hash').notNull(),
    userAgent: text('user_agent').notNull(),
    /** The withdrawal period's last day, a Paris day. */
    withdrawalUntil: date('withdrawal_until', { mode: 'string' }).notNull(),
    /** The learner waived the withdrawal period to start at once (L221-28 13°). */
    waiver: boolean('waiver').notNull().default(false),
    accessFrom: timestamp('access_from', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** The Stripe customer created at signature when the Stripe driver is on (decision 054). */
    stripeCustomerId: text('stripe_customer_id'),
    /** The card saved through Checkout (setup mode), charged off-session at each instalment. */
    stripePaymentMethodId: text('stripe_payment_method_id'),
  },
  (t) => [
    index('training_contracts_user_idx').on(t.userId, t.courseId),
    // One live contract per learner and course; a withdrawn one may be followed by a new one.
    uniqueIndex('training_contracts_live_idx').on(t.userId, t.courseId).where(sql`${t.withdrawnAt} is null`),
  ],
);

/** One instalment of a contract's payment schedule (paymentSchedule), invoiced when due by the daily job. */
export const contractInstalments = pgTable(
  'contract_instalments',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => trainingContracts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    amountCents: integer('amount_cents').notNull(),
    dueOn: date('due_on', { mode: 'string' }),
    dueProgress: integer('due_progress'),
    status: text('status', { enum: ['scheduled', 'invoiced', 'paid', 'cancelled'] }).notNull().default('scheduled'),
    /** The invoice issued for it (invoices module), once due. */
    invoiceId: integer('invoice_id'),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The last card charge's PaymentIntent (Stripe driver, decision 054). */
    paymentIntentId: text('payment_intent_id'),
    /** When the last card charge failed and why (Stripe's message); cleared when a charge succeeds. */
    chargeFailedAt: timestamp('charge_failed_at', { withTimezone: true }),
    chargeError: text('charge_error'),
  },
  (t) => [
    index('contract_instalments_contract_idx').on(t.contractId, t.position),
    index('contract_instalments_status_idx').on(t.status),
    check('contract_instalments_due', sql`(${t.dueOn} is null) <> (${t.dueProgress} is null)`),
    check('contract_instalments_amount', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Gap-free numbering (issue 29, decision 050): one row per series (`F` invoices, `AV` credit notes)
 * and civil year, taken with `insert … on conflict do update set next = next + 1 returning` in the
 * issuing transaction. The row stays locked until that transaction ends, so two processes never
 * share a number, and a rolled-back issuance gives its number back.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    /** The last number taken in this series and year. */
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/** What the provider, the buyer and the VAT regime were when the invoice was issued: an invoice never changes. */
export interface InvoiceSeller {
  legalName: string;
  siret: string;
  nda: string;
  address: string;
  postalCode: string;
  city: string;
  vatRegime: 'exempt_261_4_4' | 'franchise_293b' | 'standard';
  iban: string | null;
  bic: string | null;
}
export interface InvoiceBuyerSnapshot {
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  email: string;
  /** An organisation's SIRET: a professional buyer (late-payment indemnity, Factur-X). */
  siret: string | null;
}

/**
 * Invoices and credit notes (avoirs), issued once and never edited (issue 29): a correction is a
 * credit note referencing the invoice. Amounts in euro cents; credit notes hold positive amounts.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    /** "2026-000042", or "AV-2026-000003" for a credit note. */
    number: text('number').notNull(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** The learner billed; kept null after their account's deletion (the invoice stays, 10 years, C. com. L123-22). */
    buyerUserId: integer('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The organisation billed (its account's id). */
    buyerOrganisationId: integer('buyer_organisation_id').references(() => organisations.userId, { onDelete: 'set null' }),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceBuyerSnapshot>().notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    /** enrolments.id when the invoice bills one learner's training (BPF frame C). */
    enrolmentId: integer('enrolment_id').references(() => enrolments.id, { onDelete: 'set null' }),
    /** What the invoice bills ((kind, id) unique among invoices); null for a credit note. */
    sourceKind: text('source_kind', { enum: invoiceSourceKinds }),
    sourceId: integer('source_id'),
    /** The invoice a credit note cancels in all or part. */
    creditedInvoiceId: integer('credited_invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    /** Why a credit note was issued (refund, withdrawal…). */
    reason: text('reason'),
    /** What the training is, for the mentions: the course's title when issued. */
    serviceLabel: text('service_label'),
    /** The date of the service (the training), printed on the invoice. */
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueOn: date('due_on', { mode: 'string' }),
    totalHtCents: integer('total_ht_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** unpaid -> partially_paid -> paid; cancelled when credit notes cancel it all. Credit notes stay `issued`. */
    status: text('status', { enum: ['issued', 'unpaid', 'partially_paid', 'paid', 'cancelled'] }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_series_sequence_unique').on(t.series, t.year, t.sequence),
    uniqueIndex('invoices_source_unique').on(t.sourceKind, t.sourceId).where(sql`${t.kind} = 'invoice'`),
    index('invoices_buyer_user_idx').on(t.buyerUserId),
    index('invoices_buyer_organisation_idx').on(t.buyerOrganisationId),
    index('invoices_credited_idx').on(t.creditedInvoiceId),
    check('invoices_one_buyer', sql`${t.buyerUserId} is null or ${t.buyerOrganisationId} is null`),
    check('invoices_amounts', sql`${t.totalHtCents} >= 0 and ${t.vatCents} >= 0 and ${t.totalCents} = ${t.totalHtCents} + ${t.vatCents}`),
    check('invoices_kind_shape', sql`(${t.kind} = 'invoice' and ${t.sourceKind} is not null and ${t.sourceId} is not null and ${t.creditedInvoiceId} is null) or (${t.kind} = 'credit_note' and ${t.creditedInvoiceId} is not null)`),
  ],
);

/** An invoice's lines, HT, in their order. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull(),
    unitAmountCents: integer('unit_amount_cents').notNull(),
    totalHtCents: integer('total_ht_cents').notNull(),
  },
  (t) => [uniqueIndex('invoice_lines_position_unique').on(t.invoiceId, t.position)],
);

/** Payments received for an invoice (bank transfers recorded by an administrator, or card payments). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    method: text('method', { enum: ['transfer', 'card'] }).notNull().default('transfer'),
    /** The administrator who recorded it. */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The payment's reference at its processor (a Stripe PaymentIntent id): one payment per reference, so a repeated webhook records nothing twice. */
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_payments_invoice_idx').on(t.invoiceId), uniqueIndex('invoice_payments_reference_idx').on(t.reference), check('invoice_payments_positive', sql`${t.amountCents} > 0`)],
);

/**
 * A quote (devis) an organisation asked for seats on a course (issue 29, decision 052): its price
 * is held until `valid_until`; accepting it writes the convention's facts, the invoice's id and
 * the seats in one transaction. Kept when the organisation's account goes (organisation_id set
 * null): the buyer's identity is a copy, as on the invoice.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().default(''),
    organisationId: integer('organisation_id').references(() => organisations.userId, { onDelete: 'set null' }),
    buyer: jsonb('buyer').$type<QuoteBuyer>().notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    courseTitle: text('course_title').notNull(),
    seats: integer('seats').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    createdAt: createdAt(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Set with acceptedAt: what the convention states. */
    convention: jsonb('convention').$type<ConventionFacts>(),
    /** The invoice issued on acceptance (module invoices). */
    invoiceId: integer('invoice_id').references(() => invoices.id),
    invoiceNumber: text('invoice_number'),
  },
  (t) => [
    index('quotes_organisation_idx').on(t.organisationId, t.createdAt),
    check('quotes_seats_positive', sql`${t.seats} > 0`),
    check('quotes_accepted_whole', sql`(${t.acceptedAt} is null) = (${t.convention} is null)`),
  ],
);
export type QuoteRow = typeof quotes.$inferSelect;
