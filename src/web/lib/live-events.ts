import { useEffect, useRef } from 'react';
import type { LiveEvent } from '../../shared/live-events';
import { sessionStore } from './session';

/**
 * The signed-in person's live events (`GET /api/events`, server-sent events), one connection per
 * tab shared by every component that listens. The stream is read with fetch, the token in the
 * `Authorization` header like every API call: EventSource would need it in the address, where
 * proxies and logs keep it. The connection opens with the first listener, follows the session
 * (a new token reconnects, signing out closes it), reconnects after a loss with a growing delay,
 * and closes with the last listener.
 */

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let connection: { token: string; controller: AbortController } | null = null;
let unwatchSession: (() => void) | null = null;

/** First retry after a loss, and the longest wait between two. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** Hands an event to every listener of this tab (the stream's, or one the tab knows of itself). */
export function dispatchLiveEvent(event: LiveEvent): void {
  for (const listener of [...listeners]) listener(event);
}

/** Reads SSE frames from a stream body and hands each event over; ends when the stream does. */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: Listener, signal: AbortSignal): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const stop = () => void reader.cancel().catch(() => {});
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (!data) continue;
        try {
          onEvent(JSON.parse(data) as LiveEvent);
        } catch {
          // A frame that is not JSON is skipped, the stream goes on.
        }
      }
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

async function run(token: string, signal: AbortSignal): Promise<void> {
  let delay = RETRY_FIRST_MS;
  while (!signal.aborted) {
    try {
      const res = await fetch('/api/events', { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, cache: 'no-store', signal });
      // An expired session: the next API call signs the person out; nothing to listen to until then.
      if (res.status === 401) return;
      if (res.ok && res.body && (res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
        delay = RETRY_FIRST_MS;
        await readEventStream(res.body, dispatchLiveEvent, signal);
      }
    } catch {
      // A lost network or server: try again below.
    }
    if (signal.aborted) return;
    await wait(delay, signal);
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  }
}

function disconnect(): void {
  connection?.controller.abort();
  connection = null;
}

/** Opens, keeps or closes the connection to match the listeners and the session's token. */
function sync(): void {
  const token = listeners.size > 0 ? sessionStore.getState().token : null;
  if (connection && connection.token === token) return;
  disconnect();
  if (!token) return;
  const controller = new AbortController();
  connection = { token, controller };
  void run(token, controller.signal);
}

/** Listens to the live events; call the returned function to stop. */
export function subscribeLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  unwatchSession ??= sessionStore.subscribe(sync);
  sync();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      unwatchSession?.();
      unwatchSession = null;
    }
    sync();
  };
}

/** Calls `onEvent` for each live event while the component is shown (the latest `onEvent`, without reconnecting). */
export function useLiveEvents(onEvent: Listener): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => subscribeLiveEvents((event) => latest.current(event)), []);
}
