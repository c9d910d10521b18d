import { VIDEO_COMPLETION_RATIO } from '../../../shared/learning';

/**
 * Whether a learner has watched enough of a video for it to count as done: 90 % of its distinct
 * seconds (skipping ahead or replaying the same minute does not add up). `watched` holds the whole
 * seconds seen playing; a duration not known yet (NaN, Infinity) never counts.
 */
export function watchedEnough(watched: ReadonlySet<number>, duration: number): boolean {
  if (!Number.isFinite(duration) || duration <= 0) return false;
  const seconds = Math.max(1, Math.ceil(duration));
  return watched.size >= Math.max(1, Math.floor(seconds * VIDEO_COMPLETION_RATIO));
}

/** When to fetch a lesson again so its signed links are renewed before they expire: 10 minutes ahead, at least a minute from now. */
export function linkRefreshDelay(expiresAt: string | undefined, now = Date.now()): number | false {
  if (!expiresAt) return false;
  return Math.max(60_000, Date.parse(expiresAt) - now - 10 * 60_000);
}
