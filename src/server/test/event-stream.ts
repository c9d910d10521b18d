import type { LiveEvent } from '../../shared/live-events';

/** An open `GET /api/events` stream, read as a browser's fetch would, frame by frame. */
export interface EventStreamReader {
  /** The next event of this type (others are skipped), or an error after `timeoutMs`. */
  next<T extends LiveEvent['type']>(type: T, timeoutMs?: number): Promise<Extract<LiveEvent, { type: T }>>;
  close(): void;
}

/** Opens the live stream of `baseUrl` with the bearer token in the header (never in the address). */
export async function openEventStream(baseUrl: string, token: string): Promise<EventStreamReader & { status: number; contentType: string | null }> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: LiveEvent[] = [];

  async function readFrame(deadline: number): Promise<LiveEvent> {
    for (;;) {
      const frameEnd = buffer.indexOf('\n\n');
      if (frameEnd >= 0) {
        const frame = buffer.slice(0, frameEnd);
        buffer = buffer.slice(frameEnd + 2);
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data) return JSON.parse(data) as LiveEvent;
        continue;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('aucun événement reçu à temps');
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), remaining))]);
      if (chunk === null) throw new Error('aucun événement reçu à temps');
      if (chunk.done) throw new Error('le flux s’est fermé');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    async next(type, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      const queued = queue.findIndex((e) => e.type === type);
      if (queued >= 0) return queue.splice(queued, 1)[0] as never;
      for (;;) {
        const event = await readFrame(deadline);
        if (event.type === type) return event as never;
        queue.push(event);
      }
    },
    close() {
      controller.abort();
    },
  };
}
