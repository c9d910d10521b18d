import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { LiveEvent } from '../../shared/live-events';
import type { Executor } from '../db/client';

/**
 * The live events' bus (issue 26): a module publishes an event to some users, and every open
 * stream of those users, in whatever API process it is, receives it. On PGlite one process serves
 * everything, so events go from publisher to streams in memory. On PostgreSQL the event travels
 * through `NOTIFY` on the publisher's connection, and each API process `LISTEN`s on one dedicated
 * connection and hands what arrives to its own streams. Published inside a transaction, a
 * PostgreSQL notification is delivered at its commit, never for a rolled-back change.
 */

/** The PostgreSQL channel every API process listens on. */
export const EVENTS_CHANNEL = 'ecoforma_events';
/** PostgreSQL refuses a notification's payload from 8,000 bytes on: events carry ids and counts, never texts. */
const MAX_PAYLOAD_BYTES = 7900;
/** How long a lost listening connection waits before connecting again. */
const RECONNECT_MS = 1000;

type Listener = (event: LiveEvent) => void;

/** The open streams of this process, by user. */
const listeners = new Map<number, Set<Listener>>();
/** How many PostgreSQL buses this process runs (one per app; tests may build several). */
let postgresBuses = 0;

/** What the bus sends over PostgreSQL. */
interface Envelope {
  users: number[];
  event: LiveEvent;
}

/** Hands an event to this process's streams of these users. A failing stream never stops the others. */
function deliver(userIds: readonly number[], event: LiveEvent): void {
  for (const userId of userIds) {
    for (const listener of listeners.get(userId) ?? []) {
      try {
        listener(event);
      } catch {
        // The stream's own close handler cleans it up.
      }
    }
  }
}

/** Listens to one user's events in this process; call the returned function to stop. */
export function subscribe(userId: number, listener: Listener): () => void {
  let set = listeners.get(userId);
  if (!set) listeners.set(userId, (set = new Set()));
  set.add(listener);
  return () => {
    const current = listeners.get(userId);
    if (!current) return;
    current.delete(listener);
    if (current.size === 0) listeners.delete(userId);
  };
}

/** How many streams this process holds (the benchmark and the tests read it). */
export function openStreamCount(): number {
  let n = 0;
  for (const set of listeners.values()) n += set.size;
  return n;
}

/**
 * Sends `event` to every open stream of `userIds`, in every API process. `executor` is the
 * publisher's transaction when there is one: on PostgreSQL the event then leaves at its commit.
 */
export async function publishToUsers(executor: Executor, userIds: readonly number[], event: LiveEvent): Promise<void> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return;
  if (postgresBuses === 0) {
    // After the caller's current step, so a listener never runs inside the publisher's code.
    setImmediate(() => deliver(users, event));
    return;
  }
  const payload = JSON.stringify({ users, event } satisfies Envelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    // Thousands of recipients: split them, each notification under PostgreSQL's limit.
    const half = Math.ceil(users.length / 2);
    await publishToUsers(executor, users.slice(0, half), event);
    await publishToUsers(executor, users.slice(half), event);
    return;
  }
  await executor.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}

function parseEnvelope(payload: string | undefined): Envelope | null {
  if (!payload) return null;
  try {
    const parsed = JSON.parse(payload) as Partial<Envelope>;
    if (!Array.isArray(parsed.users) || !parsed.event || typeof parsed.event !== 'object') return null;
    return { users: parsed.users.filter((id): id is number => Number.isInteger(id)), event: parsed.event };
  } catch {
    return null;
  }
}

export interface EventBus {
  /** Stops listening (the app's close). */
  close(): Promise<void>;
}

interface BusOptions {
  /** PostgreSQL's address; without it (PGlite) the bus stays in this process. */
  databaseUrl: string | undefined;
  log: { warn(details: object, message: string): void };
}

/**
 * Starts this process's side of the bus: nothing on PGlite; on PostgreSQL, one connection that
 * `LISTEN`s, connecting again after a loss for as long as the app runs.
 */
export async function startEventBus({ databaseUrl, log }: BusOptions): Promise<EventBus> {
  if (!databaseUrl) return { close: async () => {} };
  postgresBuses++;
  // Loaded only on PostgreSQL: PGlite's start never pays for the driver (issue 16, goal 4).
  const { default: driver } = await import('pg');
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  // One line when listening stops and one when it is back, not one per attempt during an outage.
  let failing = false;
  const lost = (error: unknown, message: string) => {
    if (!failing) log.warn({ err: error }, message);
    failing = true;
  };

  const connect = async (): Promise<void> => {
    const next: pg.Client = new driver.Client({ connectionString: databaseUrl, keepAlive: true });
    // A lost connection (server restart, network) is replaced; its error must not kill the process.
    next.on('error', (error) => {
      lost(error, 'Flux en direct : connexion LISTEN perdue, reconnexion');
      void next.end().catch(() => {});
    });
    next.on('end', () => {
      if (client === next) client = null;
      if (!closed && !retry) retry = setTimeout(() => void reconnect(), RECONNECT_MS);
    });
    next.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL) return;
      const envelope = parseEnvelope(message.payload);
      if (envelope) deliver(envelope.users, envelope.event);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      // A connection that answered but could not listen is not kept open.
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    if (failing) log.warn({}, 'Flux en direct : écoute PostgreSQL rétablie');
    failing = false;
  };
  const reconnect = async (): Promise<void> => {
    retry = null;
    if (closed) return;
    try {
      await connect();
    } catch (error) {
      lost(error, 'Flux en direct : PostgreSQL ne répond pas, nouvel essai');
      if (!closed && !retry) retry = setTimeout(() => void reconnect(), RECONNECT_MS);
    }
  };

  try {
    await connect();
  } catch (error) {
    // The app still starts (the database may come back): the stream's events wait for it.
    lost(error, 'Flux en direct : écoute PostgreSQL impossible au démarrage, nouvel essai');
    retry = setTimeout(() => void reconnect(), RECONNECT_MS);
  }

  return {
    async close() {
      if (closed) return;
      closed = true;
      postgresBuses--;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
