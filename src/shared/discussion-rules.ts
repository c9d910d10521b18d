import { formatNumber } from './french-format';

// Course discussions' constants and French messages, without zod: the player and the course page
// import them without bringing zod into their chunks; the schemas are in discussions.ts (decision 031).

/** A `question` may get an accepted answer from the trainer; a `discussion` is an open exchange. */
export const discussionKinds = ['question', 'discussion'] as const;
export type DiscussionKind = (typeof discussionKinds)[number];
export const discussionKindLabels: Record<DiscussionKind, string> = { question: 'Question', discussion: 'Discussion' };

export const THREAD_TITLE_MIN = 3;
export const THREAD_TITLE_MAX = 200;
export const DISCUSSION_BODY_MAX = 10_000;
/** Threads per page of a course's list. */
export const THREADS_PAGE_SIZE = 20;
/** Replies per page of a thread (`?page=`); `?all=true` gives them all. */
export const REPLIES_PAGE_SIZE = 50;
export const DISCUSSION_SEARCH_MAX = 200;

/** How an author whose account was deleted is shown. */
export const DELETED_AUTHOR = 'Compte supprimé';

/** French messages shared by the forms and the API. */
export const discussionMessages = {
  titleRequired: 'Le titre est obligatoire.',
  titleTooShort: `Le titre doit contenir au moins ${THREAD_TITLE_MIN} caractères.`,
  titleTooLong: `Le titre ne doit pas dépasser ${THREAD_TITLE_MAX} caractères.`,
  bodyRequired: 'Le message est obligatoire.',
  bodyTooLong: `Le message ne doit pas dépasser ${formatNumber(DISCUSSION_BODY_MAX)} caractères.`,
  kindInvalid: 'Choisissez « Question » ou « Discussion ».',
  lessonNotInCourse: "Cette leçon n'appartient pas à ce cours.",
  searchTooLong: `La recherche ne doit pas dépasser ${DISCUSSION_SEARCH_MAX} caractères.`,
  courseNotFound: 'Formation introuvable.',
  threadNotFound: 'Discussion introuvable.',
  replyNotFound: 'Réponse introuvable.',
  notParticipant: 'Les discussions de ce cours sont réservées à ses apprenants inscrits, à son formateur et aux administrateurs.',
  notModerator: 'Seuls le formateur du cours et les administrateurs peuvent faire cela.',
  locked: 'Cette discussion est verrouillée : elle ne reçoit plus de réponses.',
  acceptOnDiscussion: 'Seule une question peut avoir une réponse acceptée.',
} as const;

/** Who may mark an answer and lock a thread: the course's trainer (its author) or an administrator. */
export function canModerateDiscussions(actor: { id: number; role: string } | null | undefined, course: { authorId: number }): boolean {
  return Boolean(actor) && (actor!.role === 'admin' || actor!.id === course.authorId);
}
