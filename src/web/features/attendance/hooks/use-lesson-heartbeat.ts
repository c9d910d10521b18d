import { useEffect } from 'react';
import { BEAT_INTERVAL_SECONDS } from '../../../../shared/attendance';
import { sendBeat } from '../api/send-beat';

/**
 * The interval between beats: 30 s, or what `?battement=<secondes>` in the page's address asks
 * (1 to 30 s), so that a browser test does not wait minutes. The server credits real time only
 * (decision 047), so a shorter interval adds beats, never time.
 */
export function beatIntervalMs(search: string): number {
  const asked = Number(new URLSearchParams(search).get('battement'));
  return Number.isInteger(asked) && asked >= 1 && asked <= BEAT_INTERVAL_SECONDS ? asked * 1000 : BEAT_INTERVAL_SECONDS * 1000;
}

/**
 * While the lesson is on screen (Page Visibility API), a beat every 30 s; one when the lesson opens
 * and one when the page is hidden, so the time up to then counts. The number is the clock in
 * milliseconds, kept strictly increasing: a reload or a second tab keeps increasing too. Failed
 * beats are dropped: attendance must never disturb the lesson.
 */
export function useLessonHeartbeat(lessonId: number, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    const beat = () => {
      const seq = Math.max(Date.now(), last + 1);
      last = seq;
      sendBeat(lessonId, seq).catch(() => undefined);
    };
    const every = beatIntervalMs(window.location.search);
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      if (timer === undefined) timer = setInterval(beat, every);
    };
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') start();
      else {
        beat();
        stop();
      }
    };
    if (document.visibilityState === 'visible') {
      beat();
      start();
    }
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [lessonId, enabled]);
}
