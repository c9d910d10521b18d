import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A first render pulls MUI in and can take seconds on a busy two-core machine: `findBy…` waits up
// to 5 s rather than 1 s. A bound on waiting, not a timing: a passing query returns as soon as it can.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Absent where a suite runs in the node environment (the lint boundaries test).
  globalThis.localStorage?.clear();
});
