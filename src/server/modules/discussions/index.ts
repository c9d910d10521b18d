import { discussionFollows, discussionReplies, discussionThreads } from '../../db/schema';
import { iso } from '../../lib/export-format';
import type { ModuleManifest } from '../../lib/module-manifest';
import { discussionsRoutes } from './discussions.routes';
import { exportDiscussions, replyTarget, threadTarget } from './discussions.service';

export { newRepliesFor } from './discussions.service';

/**
 * Course discussions (issue 26). A deleted account's threads and replies stay, as the course's
 * evidence of pedagogical assistance (Code du travail D6313-3-1): the schema sets their author to
 * null and they read "Compte supprimé"; its follows go with it.
 */
export const discussionsModule: ModuleManifest = {
  name: 'discussions',
  routes: [discussionsRoutes],
  moderationTargets: { thread: threadTarget, reply: replyTarget },
  personalData: [
    { column: discussionThreads.authorId, exportedAs: 'discussion_threads', onAccountDeletion: 'set null' },
    { column: discussionThreads.lockedById, exportedAs: { notExported: 'le formateur ou l’administrateur qui a verrouillé la discussion d’une autre personne' }, onAccountDeletion: 'set null' },
    { column: discussionReplies.authorId, exportedAs: 'discussion_replies', onAccountDeletion: 'set null' },
    { column: discussionReplies.acceptedById, exportedAs: { notExported: 'le formateur ou l’administrateur qui a accepté la réponse d’une autre personne' }, onAccountDeletion: 'set null' },
    { column: discussionFollows.userId, exportedAs: 'discussion_follows', onAccountDeletion: 'cascade' },
  ],
  async exportSections(db, user) {
    const { threads, replies, follows } = await exportDiscussions(db, user.id);
    return {
      discussion_threads: threads.map(({ thread, courseTitle }) => ({
        id: thread.id,
        course_id: thread.courseId,
        course_title: courseTitle,
        lesson_id: thread.lessonId,
        kind: thread.kind,
        title: thread.title,
        body: thread.body,
        locked_at: iso(thread.lockedAt),
        created_at: iso(thread.createdAt),
      })),
      discussion_replies: replies.map(({ reply, threadTitle, courseId }) => ({
        id: reply.id,
        thread_id: reply.threadId,
        thread_title: threadTitle,
        course_id: courseId,
        body: reply.body,
        accepted: reply.acceptedById !== null,
        created_at: iso(reply.createdAt),
      })),
      discussion_follows: follows.map((f) => ({ thread_id: f.threadId, thread_title: f.title, created_at: iso(f.createdAt), last_read_at: iso(f.lastReadAt) })),
    };
  },
};
