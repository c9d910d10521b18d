import fs from 'node:fs';
import path from 'node:path';

/**
 * index.html for each screen of the SPA, with `<link rel="modulepreload">` for the chunks that screen
 * needs beyond the entry (dist/web/.vite/route-preloads.json, written by scripts/route-preloads.mjs):
 * the browser fetches them alongside the entry instead of once the entry has run (decision 031).
 * `screen`, another route's pattern, adds that route's chunks: the screen a page picks at run time
 * once its data is known (`/courses/{id}` shows the course page, which `/user/courses/:id` names).
 */
export function routePreloadedPages(webDistDir: string, indexHtml: string): (pathname: string, screen?: string) => Promise<string> {
  const file = path.join(webDistDir, '.vite/route-preloads.json');
  if (!fs.existsSync(file)) return async () => indexHtml;
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
  // React Router's own matching and ranking: the screen the SPA will show for the address.
  const routes = Object.keys(preloads).map((pattern) => ({ path: pattern }));
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
  return async (pathname, screen) => {
    // React Router (and React with it) is loaded on the first page asked, not at start (issue 16, goal 4).
    const { matchRoutes } = await import('react-router');
    const pattern = matchRoutes(routes, pathname)?.[0]?.route.path;
    return pattern === undefined ? indexHtml : pageOf(pattern, screen);
  };
}
