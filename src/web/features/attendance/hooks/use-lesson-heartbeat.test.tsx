import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { beatIntervalMs, useLessonHeartbeat } from './use-lesson-heartbeat';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('beatIntervalMs', () => {
  it('is 30 s, or 1 to 30 s with ?battement= (browser tests)', () => {
    expect(beatIntervalMs('')).toBe(30_000);
    expect(beatIntervalMs('?battement=2')).toBe(2000);
    for (const bad of ['?battement=0', '?battement=31', '?battement=1.5', '?battement=abc']) expect(beatIntervalMs(bad)).toBe(30_000);
  });
});

describe('useLessonHeartbeat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setVisibility('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('beats when the lesson opens and every 30 s while it is visible, with increasing numbers; one beat when hidden, none after', async () => {
    const { calls } = mockApi({ 'POST /api/lessons/5/activity': { body: { outcome: 'continued', credited_seconds: 30 } } });
    const beats = () => calls.filter((c) => c.url.pathname === '/api/lessons/5/activity');
    const { unmount } = renderHook(() => useLessonHeartbeat(5, true));
    expect(beats()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(beats()).toHaveLength(2);
    const seqs = beats().map((c) => (c.body as { seq: number }).seq);
    expect(seqs[1]!).toBeGreaterThan(seqs[0]!);
    setVisibility('hidden');
    expect(beats()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(beats()).toHaveLength(3);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(beats()).toHaveLength(4);
    unmount();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(beats()).toHaveLength(4);
  });

  it('sends nothing for a visitor or a lesson of a course the learner does not follow', async () => {
    const { calls } = mockApi({});
    renderHook(() => useLessonHeartbeat(5, false));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(0);
  });
});
