import '@testing-library/jest-dom/vitest';
import { __unsafe_useEmotionCache } from '@emotion/react';
import { cleanup, configure, render } from '@testing-library/react';
import * as React from 'react';
import { afterAll, afterEach, vi } from 'vitest';
import { useSession } from '../lib/session';

// A first render pulls MUI in and can take seconds on a busy two-core machine: `findBy…` waits up
// to 5 s rather than 1 s. A bound on waiting, not a timing: a passing query returns as soon as it can.
configure({ asyncUtilTimeout: 5_000 });

/**
 * React's development build records where each element was created (an owner stack, for its
 * warnings) by building an Error with ten stack frames for every element, up to 10,000 a second:
 * a quarter of the time of a form test here, typing key by key into MUI fields (decision 079).
 * The tests read no warning's owner stack, so the counter that stops the recording past 10,000 is
 * held past it. A React that renamed its counter would record them again: setup.test.ts would say so.
 */
const reactInternals = (React as unknown as Record<string, object | undefined>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => Number.POSITIVE_INFINITY, set: () => {}, configurable: true });
}

/**
 * The web project runs its files in one module graph and one jsdom per worker (isolate: false), so
 * whatever a test changes outside its own render is undone here, once for every file: a file that
 * forgets to restore a stubbed fetch, a spied prototype, fake timers or a signed-in session would
 * otherwise hand it to the next file of the worker.
 */
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The store is module state: back to its state at load (nobody signed in, since storage was empty).
  useSession.setState(useSession.getInitialState(), true);
  // Absent where a suite runs in the node environment (the lint boundaries test).
  globalThis.localStorage?.clear();
});

type EmotionCache = ReturnType<typeof __unsafe_useEmotionCache>;
let emotionCache: EmotionCache | undefined;

/** Emotion's default cache, where MUI puts its styles: module state, read once from a render. */
function defaultEmotionCache(): EmotionCache {
  if (emotionCache === undefined) {
    function ReadCache() {
      emotionCache = __unsafe_useEmotionCache();
      return null;
    }
    render(React.createElement(ReadCache)).unmount();
  }
  return emotionCache ?? null;
}

/**
 * The styles the file's renders added to the shared document go with it, as they would with a page:
 * kept, they grew to some 2,000 <style> elements in a worker, which jsdom reads again on every
 * getComputedStyle (each role query asks it for every element and its ancestors). The next file's
 * renders insert what they use again.
 */
afterAll(() => {
  // Absent where a suite runs in the node environment (the lint boundaries test).
  if (typeof document === 'undefined') return;
  const cache = defaultEmotionCache();
  if (!cache) return;
  cache.sheet.flush();
  for (const key of Object.keys(cache.inserted)) delete cache.inserted[key];
});
