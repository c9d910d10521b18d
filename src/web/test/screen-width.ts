import { vi } from 'vitest';

function matches(query: string, width: number): boolean {
  return query.split(/\band\b/).every((part) => {
    const min = /min-width:\s*([\d.]+)px/.exec(part);
    if (min) return width >= Number(min[1]);
    const max = /max-width:\s*([\d.]+)px/.exec(part);
    if (max) return width <= Number(max[1]);
    return true;
  });
}

/**
 * Makes width media queries (MUI's useMediaQuery) answer as on a screen `width` pixels wide;
 * jsdom has no matchMedia, so without this every such query is false. Undone by vi.unstubAllGlobals().
 */
export function setScreenWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => ({
    matches: matches(query, width),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
