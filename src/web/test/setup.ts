import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useSession } from '../lib/session';

// A first render pulls MUI in and can take seconds on a busy two-core machine: `findBy…` waits up
// to 5 s rather than 1 s. A bound on waiting, not a timing: a passing query returns as soon as it can.
configure({ asyncUtilTimeout: 5_000 });

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
