import { conversations, messages, userBlocks } from '../../db/schema';
import type { ModuleManifest } from '../../lib/module-manifest';
import { exchangesEvidence } from './messages-evidence';
import { eventsRoutes } from './events.routes';
import { exportMessaging, messageTarget } from './messages.service';
import { messagesRoutes } from './messages.routes';

export { mayOpenConversation } from './relationships';
export { unreadMessagesSummary } from './messages.service';

/**
 * Conversations, blocking and the live event stream (issue 26). Conversations are evidence of
 * pedagogical assistance (Code du travail D6313-3-1): no user deletes them; a deleted account
 * leaves its side empty and the other participant reads « Compte supprimé ».
 */
export const messagesModule: ModuleManifest = {
  name: 'messages',
  evidence: exchangesEvidence,
  routes: [messagesRoutes, eventsRoutes],
  personalData: [
    { column: conversations.userAId, exportedAs: 'conversations', onAccountDeletion: 'set null' },
    { column: conversations.userBId, exportedAs: 'conversations', onAccountDeletion: 'set null' },
    { column: messages.senderId, exportedAs: 'messages', onAccountDeletion: 'set null' },
    { column: userBlocks.blockerId, exportedAs: 'blocks', onAccountDeletion: 'cascade' },
    { column: userBlocks.blockedId, exportedAs: { notExported: 'les personnes qui ont bloqué ce compte (leur choix, non le sien)' }, onAccountDeletion: 'cascade' },
  ],
  exportSections: (db, user) => exportMessaging(db, user.id),
  moderationTargets: { message: messageTarget },
};
