import { z } from 'zod';
import { moderationStateSchema } from './moderation';
import { identityText } from './auth';
import { bodyIdSchema } from './ids';
import { emptyAsUndefined, pageInfoShape, pageParam } from './paging';
import {
  DISCUSSION_BODY_MAX,
  DISCUSSION_SEARCH_MAX,
  THREAD_TITLE_MAX,
  THREAD_TITLE_MIN,
  discussionKinds,
  discussionMessages,
} from './discussion-rules';

export * from './discussion-rules';

/** Safe Markdown, trimmed, not blank, bounded. */
const bodyField = z
  .string({ error: discussionMessages.bodyRequired })
  .trim()
  .min(1, { error: discussionMessages.bodyRequired })
  .max(DISCUSSION_BODY_MAX, { error: discussionMessages.bodyTooLong });

/** `POST /api/courses/:id/threads` */
export const threadBodySchema = z.object({
  // One line, like a course title (no line break, control, bidi or zero-width character).
  title: identityText(
    z
      .string({ error: discussionMessages.titleRequired })
      .trim()
      .min(1, { error: discussionMessages.titleRequired })
      .min(THREAD_TITLE_MIN, { error: discussionMessages.titleTooShort })
      .max(THREAD_TITLE_MAX, { error: discussionMessages.titleTooLong }),
  ),
  body: bodyField,
  kind: z.enum(discussionKinds, { error: discussionMessages.kindInvalid }),
  lesson_id: bodyIdSchema.nullish().transform((id) => id ?? null),
});
export type ThreadBody = z.input<typeof threadBodySchema>;
export type ThreadValues = z.output<typeof threadBodySchema>;

/** `POST /api/threads/:id/replies` */
export const replyBodySchema = z.object({ body: bodyField });
export type ReplyBody = z.infer<typeof replyBodySchema>;

/** `POST /api/threads/:id/follow`: follow (true, the default) or stop following (false). */
export const followBodySchema = z.preprocess(
  (body) => body ?? {},
  z.object({ following: z.boolean({ error: 'Indiquez si vous suivez la discussion (true) ou non (false).' }).default(true) }),
);
/** `POST /api/threads/:id/lock`: lock (true, the default) or unlock (false). */
export const lockBodySchema = z.preprocess(
  (body) => body ?? {},
  z.object({ locked: z.boolean({ error: 'Indiquez si la discussion est verrouillée (true) ou non (false).' }).default(true) }),
);

const lessonFilter = z.preprocess(
  emptyAsUndefined,
  z.coerce.number({ error: 'Leçon inconnue.' }).int({ error: 'Leçon inconnue.' }).min(1, { error: 'Leçon inconnue.' }).max(2_147_483_647, { error: 'Leçon inconnue.' }).optional(),
);

/** `GET /api/courses/:id/threads?lesson=&kind=&q=&page=` */
export const threadListQuerySchema = z.object({
  lesson: lessonFilter,
  kind: z.preprocess(emptyAsUndefined, z.enum(discussionKinds, { error: discussionMessages.kindInvalid }).optional()),
  q: z.preprocess(emptyAsUndefined, z.string().trim().max(DISCUSSION_SEARCH_MAX, { error: discussionMessages.searchTooLong }).optional()),
  page: pageParam(),
});
export type ThreadListQuery = z.output<typeof threadListQuerySchema>;

/** `GET /api/threads/:id?page=` or `?all=true` for every reply. */
export const threadQuerySchema = z.object({
  page: pageParam(),
  all: z.preprocess(emptyAsUndefined, z.enum(['true', 'false'], { error: 'Le paramètre all vaut true ou false.' }).optional()).transform((v) => v === 'true'),
});
export type ThreadQuery = z.output<typeof threadQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** An author as others see them: a display name only, never an address; null id once deleted. */
export const discussionAuthorSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  /** The course's trainer (its author). */
  is_trainer: z.boolean(),
});
export type DiscussionAuthor = z.infer<typeof discussionAuthorSchema>;

export const threadItemSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  lesson: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  kind: z.enum(discussionKinds),
  title: z.string(),
  author: discussionAuthorSchema,
  replies_count: z.number().int(),
  answered: z.boolean(),
  locked: z.boolean(),
  created_at: z.string(),
  last_activity_at: z.string(),
  /** Set by a moderation decision (decision 043): `hidden` reaches only its author and administrators. */
  moderation: moderationStateSchema.optional(),
});
export type ThreadItem = z.infer<typeof threadItemSchema>;

export const threadPageSchema = z.object({
  /** The course the threads belong to, for the page's heading. */
  course: z.object({ id: z.number().int(), title: z.string() }),
  items: z.array(threadItemSchema),
  ...pageInfoShape,
  /** Whether the caller may mark answers and lock threads of this course. */
  can_moderate: z.boolean(),
});
export type ThreadPage = z.infer<typeof threadPageSchema>;

export const replySchema = z.object({
  id: z.number().int(),
  author: discussionAuthorSchema,
  /** Safe HTML rendered from the Markdown on the server. */
  body_html: z.string(),
  accepted: z.boolean(),
  created_at: z.string(),
  moderation: moderationStateSchema.optional(),
});
export type Reply = z.infer<typeof replySchema>;

export const threadDetailSchema = threadItemSchema.extend({
  course_title: z.string(),
  body_html: z.string(),
  accepted_reply_id: z.number().int().nullable(),
  following: z.boolean(),
  can_moderate: z.boolean(),
  replies: z.array(replySchema),
  replies_page: z.object(pageInfoShape),
});
export type ThreadDetail = z.infer<typeof threadDetailSchema>;

export const createdThreadSchema = z.object({ id: z.number().int() });
export const followStateSchema = z.object({ following: z.boolean() });
export const lockStateSchema = z.object({ locked: z.boolean() });
export const acceptedStateSchema = z.object({ thread_id: z.number().int(), accepted_reply_id: z.number().int() });
