import type { FastifyBaseLogger } from 'fastify';
import { unavailabilityReason } from './db-errors';

interface OutageLogOptions {
  /** At most one line per this period while the database stays unavailable. */
  reminderMs?: number;
  /** How often the database is tried while unavailable, to log its return even without traffic. */
  probeEveryMs?: number;
  now?: () => number;
}

/**
 * Logs a database outage once, not once per refused request (a 20 s cut once wrote 12,608 stack
 * traces): one error line when the database becomes unavailable, at most one reminder per period
 * while it stays so, one line when it answers again. A failure soon after a return is counted
 * without a line, so a database that flaps still writes at most one line per period.
 */
export class DatabaseOutageLog {
  private readonly reminderMs: number;
  private readonly probeEveryMs: number;
  private readonly now: () => number;
  private down = false;
  private since = 0;
  private refused = 0;
  private lastLineAt = Number.NEGATIVE_INFINITY;
  /** Whether this outage got a line, so that its end gets one too. */
  private announced = false;
  private probeTimer: NodeJS.Timeout | undefined;
  private probing = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly probe: () => Promise<boolean>,
    options: OutageLogOptions = {},
  ) {
    this.reminderMs = options.reminderMs ?? 60_000;
    this.probeEveryMs = options.probeEveryMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** A request was refused (503) because the database is unavailable. */
  failed(error: unknown): void {
    const now = this.now();
    if (!this.down) {
      this.down = true;
      this.since = now;
      this.refused = 0;
      this.probeTimer = setInterval(() => void this.tryProbe(), this.probeEveryMs);
      this.probeTimer.unref();
    }
    this.refused++;
    if (now - this.lastLineAt < this.reminderMs) return;
    this.lastLineAt = now;
    const details = { reason: unavailabilityReason(error), refusedRequests: this.refused, downForSeconds: Math.round((now - this.since) / 1000) };
    this.log.error(details, this.announced ? 'Base de données toujours indisponible' : 'Base de données indisponible : les requêtes qui en dépendent reçoivent 503');
    this.announced = true;
  }

  /** The database answered again. */
  recovered(): void {
    if (!this.down) return;
    clearInterval(this.probeTimer);
    if (this.announced) {
      this.log.warn({ refusedRequests: this.refused, downForSeconds: Math.round((this.now() - this.since) / 1000) }, 'Base de données de nouveau disponible');
    }
    this.down = false;
    this.announced = false;
  }

  /** Stops probing (the application is closing). */
  close(): void {
    clearInterval(this.probeTimer);
  }

  private async tryProbe(): Promise<void> {
    if (this.probing) return;
    this.probing = true;
    try {
      if (await this.probe()) this.recovered();
    } finally {
      this.probing = false;
    }
  }
}

/**
 * One line per period for a problem that may hit every request (a full disk, statements stopped by
 * a time limit), with how many requests it hit since the last line, instead of a line, or a stack
 * trace, per request.
 */
export class ThrottledLog {
  private lastLineAt = Number.NEGATIVE_INFINITY;
  private since = 0;

  constructor(
    private readonly write: (details: { requests: number }) => void,
    private readonly periodMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** A request met the problem. */
  hit(): void {
    this.since++;
    const now = this.now();
    if (now - this.lastLineAt < this.periodMs) return;
    this.lastLineAt = now;
    this.write({ requests: this.since });
    this.since = 0;
  }
}
