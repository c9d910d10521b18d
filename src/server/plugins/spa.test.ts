import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/precompress.mjs';
import { spaPlugin } from './spa';

/**
 * The built SPA as the server sends it (decision 031): the build's brotli or gzip copy of an asset
 * after Accept-Encoding, the file itself otherwise, cached for good under a fingerprinted name;
 * index.html revalidated on every visit.
 */

// Repeated text compresses well above the 1 KB under which no copy is written.
const appJs = `export const courses = [${Array.from({ length: 200 }, (_, i) => `"Cours de développement durable n° ${i}"`).join(',')}];\n`;
const appCss = `${Array.from({ length: 100 }, (_, i) => `.carte-${i} { color: #2e7d32; margin: ${i}px; }`).join('\n')}\n`;
const tinyJs = 'export const a = 1;\n';

const dir = path.resolve('.tmp', `web-dist-${randomBytes(6).toString('hex')}`);
await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><html lang="fr"><head><title>EcoForma</title></head><body><div id="root"></div></body></html>');
await fs.writeFile(path.join(dir, 'assets', 'app-3f2a.js'), appJs);
await fs.writeFile(path.join(dir, 'assets', 'app-9c1d.css'), appCss);
await fs.writeFile(path.join(dir, 'assets', 'tiny-77aa.js'), tinyJs);
await fs.mkdir(path.join(dir, '.vite'), { recursive: true });
await fs.writeFile(
  path.join(dir, '.vite', 'route-preloads.json'),
  JSON.stringify({
    '/': ['assets/LandingPage-1a.js'],
    '/courses': ['assets/CataloguePage-2b.js', 'assets/Chip-3c.js'],
    '/courses/:slug': ['assets/CourseOrCategoryPage-4d.js'],
    '/user/courses/:id/learn/:lessonId?': ['assets/PlayerPage-5e.js'],
    '*': ['assets/NotFoundPage-6f.js'],
  }),
);
const written = await precompress(dir);

const app = Fastify();
const routes: RouteOptions[] = [];
app.addHook('onRoute', (route) => void routes.push(route));
await app.register(spaPlugin, { webDistDir: dir });
await app.ready();
afterAll(async () => {
  await app.close();
  await fs.rm(dir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
}

function expectAssetHeaders(res: Awaited<ReturnType<typeof get>>, type: RegExp) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(type);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
}

describe('precompressed assets', () => {
  it('writes a brotli and a gzip copy of each text asset worth it, smaller than the file', async () => {
    expect(written.map((file) => path.relative(dir, file)).sort()).toEqual(
      ['assets/app-3f2a.js.br', 'assets/app-3f2a.js.gz', 'assets/app-9c1d.css.br', 'assets/app-9c1d.css.gz'],
    );
    for (const file of written) expect((await fs.stat(file)).size).toBeLessThan(appCss.length);
  });

  it('sends the brotli copy to a browser that accepts br', async () => {
    const res = await get('/assets/app-3f2a.js', 'gzip, deflate, br, zstd');
    expectAssetHeaders(res, /^(text|application)\/javascript/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(appJs);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const res = await get('/assets/app-9c1d.css', 'gzip');
    expectAssetHeaders(res, /^text\/css/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(appCss);
  });

  it('sends the file itself when no encoding is accepted, still varying on Accept-Encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const res = await get('/assets/app-3f2a.js', acceptEncoding);
      expectAssetHeaders(res, /^(text|application)\/javascript/);
      expect(res.headers['content-encoding'], String(acceptEncoding)).toBeUndefined();
      expect(res.body).toBe(appJs);
    }
  });

  it('keeps the route of the files out of the API’s OpenAPI description', () => {
    expect(routes.find((route) => route.url === '/*')?.schema).toMatchObject({ hide: true });
  });

  it('answers HEAD for an asset with its headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/assets/app-3f2a.js?v=2', headers: { 'accept-encoding': 'br' } });
    expectAssetHeaders(res, /^(text|application)\/javascript/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('');
  });

  it('sends a file too small to have copies as it is, to a browser that accepts br', async () => {
    const res = await get('/assets/tiny-77aa.js', 'br, gzip');
    expectAssetHeaders(res, /^(text|application)\/javascript/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(tinyJs);
  });

  it('refuses a compressed copy asked for by name, and an asset the build does not hold, with a 404 and not the page', async () => {
    for (const url of ['/assets/app-3f2a.js.br', '/assets/app-3f2a.js.gz', '/assets/app-0000.js', '/assets/APP-3f2a.js', '/assets/%61pp-3f2a.js']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('sends index.html for a client route, revalidated on every visit and never cached for good', async () => {
    for (const url of ['/', '/courses', '/user/courses/12/learn', '/une/page/inconnue']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('never lists a folder of the build nor sends its hidden files: those addresses get the page', async () => {
    for (const url of ['/', '/assets', '/.vite/route-preloads.json', '/courses/']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('<div id="root">');
    }
    // A folder under /assets/ is no asset: a JSON 404, like a missing file.
    const folder = await get('/assets/', 'br, gzip');
    expect([folder.statusCode, folder.headers['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
  });

  it('names in index.html the chunks of the screen the address opens, as React Router would choose it', async () => {
    const preloads = async (url: string) =>
      [...(await get(url)).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(await preloads('/')).toEqual(['/assets/LandingPage-1a.js']);
    expect(await preloads('/courses')).toEqual(['/assets/CataloguePage-2b.js', '/assets/Chip-3c.js']);
    expect(await preloads('/Courses/?page=2')).toEqual(['/assets/CataloguePage-2b.js', '/assets/Chip-3c.js']);
    expect(await preloads('/courses/12')).toEqual(['/assets/CourseOrCategoryPage-4d.js']);
    expect(await preloads('/user/courses/12/learn')).toEqual(['/assets/PlayerPage-5e.js']);
    expect(await preloads('/user/courses/12/learn/3')).toEqual(['/assets/PlayerPage-5e.js']);
    expect(await preloads('/user/courses/12/learn/3/4')).toEqual(['/assets/NotFoundPage-6f.js']);
    expect(await preloads('/une/page/inconnue')).toEqual(['/assets/NotFoundPage-6f.js']);
  });
});
