import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

type WithDebugStack = { _debugStack?: unknown };

describe('the web test setup', () => {
  it('keeps React from recording an owner stack for every element (decision 079)', () => {
    // With the recording on, each element gets an Error of its own; past React's limit, all share one.
    const first = createElement('div') as unknown as WithDebugStack;
    const second = createElement('span') as unknown as WithDebugStack;
    expect(first._debugStack).toBeDefined();
    expect(first._debugStack).toBe(second._debugStack);
  });
});
