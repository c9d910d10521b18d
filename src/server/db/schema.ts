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

export type UserRow = typeof users.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type MeetingRow = typeof meetings.$inferSelect;
