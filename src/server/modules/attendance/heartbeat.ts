import { BEAT_MAX_CREDIT_SECONDS, SESSION_TIMEOUT_SECONDS, type BeatOutcomeKind } from '../../../shared/attendance';

/** The latest connection of a learner to a course, as the next beat sees it. */
export interface LatestConnection {
  lastBeatAt: Date;
  lastSeq: number;
}

export interface BeatDecision {
  outcome: BeatOutcomeKind;
  creditedSeconds: number;
}

/** Whether a connection whose last beat came at `lastBeatAt` is still open at `now`: closed after 90 s of silence. */
export function isConnectionOpen(lastBeatAt: Date, now: Date): boolean {
  return now.getTime() - lastBeatAt.getTime() <= SESSION_TIMEOUT_SECONDS * 1000;
}

/**
 * What a beat does (decision 047), `now` from the caller's clock:
 * - no connection, or the latest closed (90 s of silence): a new connection opens, credited 0;
 * - a number not greater than the last one of the open connection (a repeat, a late retry): ignored;
 * - otherwise the time since the previous beat, in whole seconds, at most 60 (never negative).
 */
export function beatDecision(latest: LatestConnection | null, seq: number, now: Date): BeatDecision {
  if (!latest || !isConnectionOpen(latest.lastBeatAt, now)) return { outcome: 'opened', creditedSeconds: 0 };
  if (seq <= latest.lastSeq) return { outcome: 'ignored', creditedSeconds: 0 };
  const elapsed = Math.floor((now.getTime() - latest.lastBeatAt.getTime()) / 1000);
  return { outcome: 'continued', creditedSeconds: Math.max(0, Math.min(BEAT_MAX_CREDIT_SECONDS, elapsed)) };
}
