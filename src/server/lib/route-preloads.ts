import fs from 'node:fs';
import path from 'node:path';

/**
 * index.html for each screen of the SPA, with `<link rel="modulepreload">` for the chunks that screen
 * needs beyond the entry (dist/web/.vite/route-preloads.json, written by scripts/route-preloads.mjs):
 * the browser fetches them alongside the entry instead of once the entry has run (decision 031).
 * `screen`, another route's pattern, adds that route's chunks: the screen a page picks at run time
 * once its data is known (`/courses/{id}` shows the course page, which `/user/courses/:id` names).
 */
export function routePreloadedPages(webDistDir: string, indexHtml: string): (pathname: string, screen?: string) => string {
  const file = path.join(webDistDir, '.vite/route-preloads.json');
  if (!fs.existsSync(file)) return () => indexHtml;
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
  const patterns = Object.keys(preloads).map((pattern) => ({ pattern, segments: pattern.split('/').filter(Boolean) }));
  const pages = new Map<string, string>();
  const pageOf = (pattern: string, screen: string | undefined) => {
    const key = screen === undefined ? pattern : `${pattern} ${screen}`;
    let page = pages.get(key);
    if (page === undefined) {
      const chunks = new Set([...preloads[pattern]!, ...(screen === undefined ? [] : (preloads[screen] ?? []))]);
      const links = [...chunks].map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`).join('');
      page = indexHtml.replace('</head>', `${links}</head>`);
      pages.set(key, page);
    }
    return page;
  };
  return (pathname, screen) => {
    const segments = pathname.split('/').filter(Boolean);
    let best: { pattern: string; rank: number } | null = null;
    for (const { pattern, segments: patternSegments } of patterns) {
      const rank = routeRank(patternSegments, segments);
      if (rank !== null && (!best || rank > best.rank)) best = { pattern, rank };
    }
    return best ? pageOf(best.pattern, screen) : indexHtml;
  };
}

/**
 * How well a route pattern (`/courses/:slug`, `/user/courses/:id/learn/:lessonId?`, `*`) fits an address,
 * null when it does not: React Router's ranking in short, a fixed segment (case aside) outweighs a parameter,
 * which outweighs the catch-all.
 */
export function routeRank(pattern: string[], segments: string[]): number | null {
  let rank = 0;
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!;
    if (part === '*') return rank + 1;
    const segment = segments[i];
    if (part.startsWith(':')) {
      if (segment === undefined) {
        if (part.endsWith('?')) continue;
        return null;
      }
      rank += 3;
    } else if (segment === undefined || segment.toLowerCase() !== part.toLowerCase()) {
      return null;
    } else {
      rank += 10;
    }
  }
  return segments.length <= pattern.length ? rank + 2 : null;
}
