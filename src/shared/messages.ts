import { z } from 'zod';
import { moderationStateSchema } from './moderation';
import { bodyIdSchema } from './ids';
import { pageInfoShape, pageParam, pageSizeParam } from './paging';

/**
 * One-to-one conversations between people who share a relationship (issue 26): a learner and the
 * trainer of a course they follow, an organisation and its consenting members, and, once the
 * directory exists, two people who both accept messages there.
 */

/** The longest message, in characters (Markdown source). */
export const MESSAGE_BODY_MAX = 5000;
/** Messages one person may send in a minute, over every conversation. */
export const MESSAGES_PER_MINUTE = 30;
/** An account younger than this may only write within its courses. */
export const NEW_ACCOUNT_HOURS = 24;
/** Messages per page of a thread (newest page first). */
export const MESSAGES_PAGE_SIZE = 30;
export const MESSAGES_PAGE_SIZE_MAX = 100;
/** The name shown in place of a participant whose account was deleted. */
export const DELETED_ACCOUNT_NAME = 'Compte supprimé';

export const messagingMessages = {
  notAllowed:
    'Vous ne pouvez pas écrire à cette personne : la messagerie est ouverte entre un apprenant et le formateur de ses cours, entre une organisation et ses membres, et entre personnes qui acceptent les messages dans l’annuaire.',
  newAccount:
    'Votre compte est trop récent ou votre adresse e-mail n’est pas encore confirmée : en attendant, vous pouvez seulement écrire aux formateurs de vos cours et à vos apprenants.',
  ownConversation: 'Vous ne pouvez pas vous écrire à vous-même.',
  recipientNotFound: 'Destinataire introuvable.',
  courseNotFound: 'Formation introuvable.',
  conversationNotFound: 'Conversation introuvable.',
  notParticipant: 'Cette conversation ne vous concerne pas : seules les deux personnes qui y participent la lisent.',
  blockedByRecipient: 'Cette personne ne reçoit plus vos messages.',
  blockedByYou: 'Vous avez bloqué cette personne : débloquez-la pour lui écrire.',
  deletedRecipient: 'Le compte de cette personne a été supprimé : elle ne peut plus recevoir de messages.',
  tooMany: `Vous avez envoyé trop de messages (${MESSAGES_PER_MINUTE} par minute au plus). Patientez une minute avant d’écrire de nouveau.`,
  bodyRequired: 'Le message est vide.',
  bodyTooLong: `Le message ne doit pas dépasser ${MESSAGE_BODY_MAX.toLocaleString('fr-FR')} caractères.`,
  blockSelf: 'Vous ne pouvez pas vous bloquer vous-même.',
  userNotFound: 'Utilisateur introuvable.',
} as const;

/** `POST /api/conversations`: whom to write to, and the course the exchange is about (a learner and a trainer). */
export const openConversationBodySchema = z.object({
  recipient_id: bodyIdSchema,
  course_id: bodyIdSchema.nullish(),
});
export type OpenConversationBody = z.input<typeof openConversationBodySchema>;

export const conversationIdSchema = z.object({ id: z.number().int() });
export type ConversationId = z.infer<typeof conversationIdSchema>;

/** `POST /api/conversations/{id}/messages`: safe Markdown (raw HTML is shown as text). */
export const messageBodySchema = z.object({
  body: z
    .string({ error: messagingMessages.bodyRequired })
    .trim()
    .min(1, { error: messagingMessages.bodyRequired })
    .max(MESSAGE_BODY_MAX, { error: messagingMessages.bodyTooLong }),
});
export type MessageBody = z.input<typeof messageBodySchema>;

/** The other participant, by name only (never an e-mail address). */
export const correspondentSchema = z.object({
  /** Null once their account is deleted. */
  id: z.number().int().nullable(),
  /** Their first and last name, their organisation's name, or « Compte supprimé ». */
  name: z.string(),
});
export type Correspondent = z.infer<typeof correspondentSchema>;

export const messageItemSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  /** Null once the sender's account is deleted. */
  sender_id: z.number().int().nullable(),
  /** True for the caller's own messages. */
  mine: z.boolean(),
  /** The Markdown as written. */
  body: z.string(),
  /** The Markdown rendered to safe HTML (raw HTML escaped, unsafe links dropped). */
  html: z.string(),
  created_at: z.string(),
  /** Set by a moderation decision (decision 043): `hidden` is shown to its sender only, `removed` reads « Contenu supprimé par la modération ». */
  moderation: moderationStateSchema.optional(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

export const conversationSummarySchema = z.object({
  id: z.number().int(),
  correspondent: correspondentSchema,
  /** The course the conversation was opened about, if any. */
  course: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  last_message: z
    .object({ body: z.string(), created_at: z.string(), mine: z.boolean() })
    .nullable(),
  /** Messages from the other participant that the caller has not read. */
  unread: z.number().int(),
  /** The caller blocked the other participant. */
  blocked_by_me: z.boolean(),
  /** The caller can write here (not blocked either way, the other account still exists). */
  can_write: z.boolean(),
  updated_at: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** Conversations per page of the list. */
export const CONVERSATIONS_PAGE_SIZE = 50;

export const conversationsQuerySchema = z.object({
  page: pageParam(),
  pageSize: pageSizeParam({ max: 100, fallback: CONVERSATIONS_PAGE_SIZE }),
});
export type ConversationsQuery = z.output<typeof conversationsQuerySchema>;

/** `GET /api/conversations`: the caller's conversations, the latest activity first. */
export const conversationListSchema = z.object({
  items: z.array(conversationSummarySchema),
  ...pageInfoShape,
  /** Unread messages over every conversation (the navigation's count). */
  unread: z.number().int(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const messagesQuerySchema = z.object({
  page: pageParam(),
  pageSize: pageSizeParam({ max: MESSAGES_PAGE_SIZE_MAX, fallback: MESSAGES_PAGE_SIZE }),
});
export type MessagesQuery = z.output<typeof messagesQuerySchema>;

/** `GET /api/conversations/{id}/messages`: page 1 holds the latest messages, each page oldest first. */
export const messagePageSchema = z.object({
  conversation: conversationSummarySchema,
  items: z.array(messageItemSchema),
  ...pageInfoShape,
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** `POST /api/conversations/{id}/read`: what is left unread over every conversation. */
export const readResultSchema = z.object({ unread: z.number().int() });
export type ReadResult = z.infer<typeof readResultSchema>;

/** `POST` and `DELETE /api/users/{id}/block`. */
export const blockResultSchema = z.object({ blocked: z.boolean() });
export type BlockResult = z.infer<typeof blockResultSchema>;
