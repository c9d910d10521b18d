import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '../../shared/errors';
import { LINK_PAGE_PATHS } from '../../shared/password';
import { withEarlyRequests } from '../lib/early-requests';
import { withInitialData, type InitialData, type InitialDataSource } from '../lib/initial-data';
import { routePreloadedPages } from '../lib/route-preloads';

/** The build's `.br` and `.gz` copies (scripts/precompress.mjs): sent in place of their file, never asked for by name. */
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * The addresses of the build's files, spelled as on disk: neither its hidden files (`.vite/`:
 * manifest, route preloads, not for the browser) nor the compressed copies. A folder is no file:
 * `/`, `/courses/` are pages' addresses, never a listing.
 */
function servableFiles(webDistDir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of fs.readdirSync(webDistDir, { recursive: true, withFileTypes: true })) {
    const address = `/${path.relative(webDistDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`;
    if (entry.isFile() && !address.includes('/.') && !COMPRESSED_COPY.test(address)) files.add(address);
  }
  return files;
}

interface SpaOptions {
  webDistDir: string;
  /** A public page's first API answers, inlined in its index.html (decision 031). */
  initialData?: InitialDataSource;
}

/**
 * Serves the built SPA with history fallback: client routes get index.html, while an unknown
 * `/api/...` path, or an asset the build does not hold, always answers a JSON 404, never the page.
 * Assets go out as the brotli or gzip copy written at build time when the browser accepts it (decision 031).
 */
export const spaPlugin = fp(async (app: FastifyInstance, { webDistDir, initialData }: SpaOptions) => {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // Files are served by the route below, through `reply.sendFile`, which only ever names a file.
      serve: false,
      // Picks `x.js.br`, else `x.js.gz`, else `x.js` after Accept-Encoding, and adds `Vary: Accept-Encoding`.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints every asset, so they never change under the same name.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
    // The build's files, listed once: the build does not change while the server runs. The
    // plugin's own wildcard route read the folders of the path on every request instead, to check
    // its spelling (500 entries for /assets/), a fifth of the server's time in the browser tests.
    // A route per file would have cost a fifth of the start (issue 16, goal 4).
    const files = servableFiles(webDistDir);
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      // The interface's files, not a call of the API: left out of its OpenAPI description.
      schema: { hide: true },
      handler(request, reply) {
        const pathname = request.url.split('?', 1)[0]!;
        // Anything else falls through to the handler below (the page, or a JSON 404).
        return files.has(pathname) ? reply.sendFile(pathname) : reply.callNotFound();
      },
    });
  }
  const indexHtml = hasSpa ? fs.readFileSync(indexFile, 'utf8') : null;
  const pageFor = indexHtml === null ? null : routePreloadedPages(webDistDir, indexHtml);

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A chunk of an older build (a tab opened before a deployment) must fail as a 404, not run index.html as a script.
    const isAsset = request.url.startsWith('/assets/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi && !isAsset;
    if (wantsPage && pageFor) {
      // A page opened from an e-mailed link holds its token in the address: no other site may receive it as a referrer.
      const queryStart = request.url.indexOf('?');
      const pathname = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
      if ((LINK_PAGE_PATHS as readonly string[]).includes(pathname)) reply.header('Referrer-Policy', 'no-referrer');
      let data: InitialData | null = null;
      if (initialData && request.method === 'GET') {
        try {
          data = await initialData(pathname, new URLSearchParams(queryStart === -1 ? '' : request.url.slice(queryStart + 1)));
        } catch (error) {
          // The page still works without: it asks the API itself, which reports the trouble.
          request.log.warn({ err: error }, 'initial data of the page not inlined');
        }
      }
      const page = withEarlyRequests(pathname, await pageFor(pathname, data?.screen));
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(data ? withInitialData(page, data) : page);
    }
    return reply.status(404).send({ error_code: 'not_found', message: errorMessages.not_found });
  });
});
