import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('meetings_room_unique').on(t.roomName), index('meetings_user_idx').on(t.userId, t.createdAt)],
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
      enum: ['approve', 'revoke', 'reject', 'delete', 'cv_download', 'create', 'update', 'meeting'],
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
    status: text('status', { enum: ['draft', 'published'] }).notNull().default('published'),
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
    /** The public information a training organisation must publish (Qualiopi indicator 1). */
    objectives: text('objectives').array().notNull().default(sql`'{}'::text[]`),
    targetAudience: text('target_audience').notNull().default(''),
    prerequisites: text('prerequisites').notNull().default(''),
    assessmentMethods: text('assessment_methods').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('courses_category_idx').on(t.categorySlug, t.status),
    index('courses_author_idx').on(t.authorId),
    index('courses_created_at_idx').on(t.createdAt),
    index('courses_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('courses_price_positive', sql`${t.priceCents} > 0`),
    check(
      'courses_discount_below_price',
      sql`${t.discountPriceCents} is null or (${t.discountPriceCents} > 0 and ${t.discountPriceCents} < ${t.priceCents})`,
    ),
  ],
);

export const enrolments = pgTable(
  'enrolments',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The lesson the learner opened or completed last, where "Reprendre" leads. */
    lastLessonId: integer('last_lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('enrolments_course_idx').on(t.courseId)],
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

export type UserRow = typeof users.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type MeetingRow = typeof meetings.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
