import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Absent where a suite runs in the node environment (the lint boundaries test).
  globalThis.localStorage?.clear();
});
