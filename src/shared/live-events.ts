/**
 * What the live stream (`GET /api/events`, server-sent events) pushes to a signed-in person. Each
 * event is one SSE message whose `event:` is its `type` and whose `data:` is the JSON object.
 * `ready` opens every stream with both counts; `message`: a new message in one of the caller's
 * conversations (their own from another tab included); `unread_messages`: the navigation's count;
 * `notifications`: the bell's count.
 */
export type LiveEvent =
  | { type: 'ready'; unread_messages: number; notifications: number }
  | { type: 'message'; conversation_id: number; message_id: number }
  | { type: 'unread_messages'; count: number }
  | { type: 'notifications'; unread: number };
export type LiveEventType = LiveEvent['type'];

/** Seconds between two heartbeats (an SSE comment), so proxies and the client see the stream alive. */
export const LIVE_HEARTBEAT_SECONDS = 25;
