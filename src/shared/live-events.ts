/**
 * What the live stream (`GET /api/events`, server-sent events) pushes to a signed-in person. Each
 * event is one SSE message whose `event:` is its `type` and whose `data:` is the JSON object.
 * `ready` opens every stream with both counts; `message`: a new message in one of the caller's
 * conversations (their own from another tab included); `unread_messages`: the navigation's count;
 * `notifications`: the bell's count; `discussion_reply`: a new reply in a course's thread, sent to
 * the thread's followers, the course's trainer and its enrolled learners (those who may be viewing
 * it), never to the replier.
 */
export type LiveEvent =
  | { type: 'ready'; unread_messages: number; notifications: number }
  | { type: 'message'; conversation_id: number; message_id: number }
  | { type: 'unread_messages'; count: number }
  | { type: 'notifications'; unread: number }
  | { type: 'discussion_reply'; thread_id: number; course_id: number; reply_id: number };
export type LiveEventType = LiveEvent['type'];

/** Seconds between two heartbeats (an SSE comment), so proxies and the client see the stream alive. */
export const LIVE_HEARTBEAT_SECONDS = 25;
