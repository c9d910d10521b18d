import { ACTIVITY_LIST_SIZE, type Activity } from '../../../shared/activity';
import type { Executor } from '../../db/client';
import { newRepliesFor } from '../discussions';
import { unreadMessagesSummary } from '../messages';
import { recentOpportunitiesFor } from '../opportunities';

/** `GET /api/user/activity`: the caller's unread messages, new replies and new opportunities, each list short. */
export async function activityOf(db: Executor, userId: number): Promise<Activity> {
  const [unread, replies, opportunities] = await Promise.all([
    unreadMessagesSummary(db, userId, ACTIVITY_LIST_SIZE),
    newRepliesFor(db, userId, ACTIVITY_LIST_SIZE),
    recentOpportunitiesFor(db, userId, ACTIVITY_LIST_SIZE),
  ]);
  return { unread_messages: unread, new_replies: replies, new_opportunities: opportunities };
}
