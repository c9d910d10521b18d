import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../shared/live-events';
import { readEventStream, subscribeLiveEvents } from './live-events';
import { useSession } from './session';
import { sessionUser } from '../test/session';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('readEventStream', () => {
  it('reads events split across chunks, skips comments and frames that are not JSON', async () => {
    const events: LiveEvent[] = [];
    await readEventStream(
      streamOf(['retry: 2000\n\nevent: ready\ndata: {"type":"ready","unread_', 'messages":1,"notifications":2}\n\n: ping\n\n', 'data: pas du json\n\nevent: notifications\r\ndata: {"type":"notifications","unread":3}\r\n\r\n']),
      (event) => events.push(event),
      new AbortController().signal,
    );
    expect(events).toEqual([
      { type: 'ready', unread_messages: 1, notifications: 2 },
      { type: 'notifications', unread: 3 },
    ]);
  });
});

describe('subscribeLiveEvents', () => {
  it('opens one stream with the token in the Authorization header (never in the address), and closes it with the last listener', async () => {
    useSession.getState().setSession('jeton-secret', sessionUser());
    let signal: AbortSignal | undefined;
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Response(streamOf(['event: unread_messages\ndata: {"type":"unread_messages","count":4}\n\n']), { headers: { 'Content-Type': 'text/event-stream' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const first: LiveEvent[] = [];
    const second: LiveEvent[] = [];
    const stopFirst = subscribeLiveEvents((event) => first.push(event));
    const stopSecond = subscribeLiveEvents((event) => second.push(event));
    await vi.waitFor(() => expect(second).toEqual([{ type: 'unread_messages', count: 4 }]));
    expect(first).toEqual(second);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/events');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer jeton-secret');
    stopFirst();
    expect(signal?.aborted).toBe(false);
    stopSecond();
    expect(signal?.aborted).toBe(true);
  });

  it('opens nothing without a session', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const stop = subscribeLiveEvents(() => {});
    expect(fetchMock).not.toHaveBeenCalled();
    stop();
  });
});
