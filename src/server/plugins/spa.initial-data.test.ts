import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INITIAL_DATA_ELEMENT_ID } from '../../shared/constants';
import type { CategoryCount, CourseDetail, CoursePage } from '../../shared/courses';
import { createTestApp } from '../test/app';
import { authHeader, createUser, insertCourse } from '../test/factories';

/**
 * The public pages' first API answers inlined in index.html (decision 031): the catalogue and a
 * published course, exactly as the API answers a visitor; nothing for a draft, an unknown course,
 * nor any other page.
 */

const dir = path.resolve('.tmp', `web-dist-${randomBytes(6).toString('hex')}`);
await fs.mkdir(dir, { recursive: true });
await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><html lang="fr"><head><title>EcoForma</title></head><body><div id="root"></div></body></html>');
await fs.mkdir(path.join(dir, '.vite'), { recursive: true });
await fs.writeFile(
  path.join(dir, '.vite', 'route-preloads.json'),
  JSON.stringify({
    '/courses': ['assets/CataloguePage-2b.js', 'assets/Chip-3c.js'],
    '/courses/:slug': ['assets/CourseOrCategoryPage-4d.js'],
    '/user/courses/:id': ['assets/CourseDetailPage-7a.js', 'assets/Chip-3c.js'],
  }),
);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const preloaded = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)">/g)].map((match) => match[1]);

const { app, db } = await createTestApp({ webDistDir: dir });
const author = await createUser(db, { role: 'formateur', isValid: true });
const hour = 60 * 60 * 1000;
const base = Date.now() - 100 * hour;
const older = await insertCourse(db, author.id, { title: 'Compost partagé', categorySlug: 'dechets', createdAt: new Date(base) });
const newest = await insertCourse(db, author.id, {
  title: 'Haies et bocages',
  categorySlug: 'ecologie',
  imagePath: 'courses/haies.png',
  imageMimeType: 'image/png',
  createdAt: new Date(base + hour),
});
const hostile = await insertCourse(db, author.id, {
  // `$'` and `$&` would be replacement patterns to String.prototype.replace: they must stay text.
  title: "Climat </script><script>alert(1)</script> & « guillemets » $' $&\u2028fin",
  categorySlug: 'rse',
  createdAt: new Date(base - hour),
});
const draft = await insertCourse(db, author.id, { title: 'Brouillon secret', status: 'draft', createdAt: new Date(base + 2 * hour) });

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.body;
}

/** The inlined answers, read back the way the browser does: the element's text, then JSON.parse. */
function inlined(html: string): Record<string, unknown> | null {
  const match = new RegExp(`<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

async function api(url: string): Promise<unknown> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('initial data inlined in index.html', () => {
  it('gives the catalogue its first page and categories, as the API answers them, and preloads the first image', async () => {
    const html = await page('/courses');
    const answers = inlined(html)!;
    expect(Object.keys(answers).sort()).toEqual(['/api/categories', '/api/courses?page=1&pageSize=12']);
    const first = answers['/api/courses?page=1&pageSize=12'] as CoursePage;
    expect(first).toEqual(await api('/api/courses?page=1&pageSize=12'));
    expect(first.items.map((course) => course.id)).toEqual([newest.id, older.id, hostile.id]);
    expect(answers['/api/categories'] as CategoryCount[]).toEqual(await api('/api/categories'));
    const image = first.items[0]!.image!;
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${image.replace(/&/g, '&amp;')}">`);
    expect(html.match(/rel="preload" as="image"/g)).toHaveLength(1);
  });

  it("honours the address's search, page and category as the catalogue screen reads them", async () => {
    const searched = inlined(await page('/courses?q=%20compost%20&page=abc'))!;
    expect(Object.keys(searched)).toContain('/api/courses?q=compost&page=1&pageSize=12');
    expect((searched['/api/courses?q=compost&page=1&pageSize=12'] as CoursePage).items.map((course) => course.id)).toEqual([older.id]);

    const themeHtml = await page('/courses/ecologie?page=1');
    expect(preloaded(themeHtml)).toEqual(['CourseOrCategoryPage-4d.js', 'CataloguePage-2b.js', 'Chip-3c.js']);
    const theme = inlined(themeHtml)!;
    const themed = theme['/api/courses?category=ecologie&page=1&pageSize=12'] as CoursePage;
    expect(themed).toEqual(await api('/api/courses?category=ecologie&page=1&pageSize=12'));
    expect(themed.items.map((course) => course.id)).toEqual([newest.id]);

    const second = inlined(await page('/courses?page=2'))!;
    expect(second['/api/courses?page=2&pageSize=12']).toEqual({ items: [], total: 3, page: 2, pageSize: 12 });
  });

  it("gives a published course's page its course, as a visitor sees it, with its image preloaded", async () => {
    const html = await page(`/courses/${newest.id}`);
    const course = inlined(html)![`/api/courses/${newest.id}`] as CourseDetail;
    expect(course).toEqual(await api(`/api/courses/${newest.id}`));
    expect(course.enrolled).toBe(false);
    // The course screen, which /courses/{segment} picks once it has run, is fetched with the page.
    expect(preloaded(html)).toEqual(['CourseOrCategoryPage-4d.js', 'CourseDetailPage-7a.js', 'Chip-3c.js']);
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${course.image!.replace(/&/g, '&amp;')}">`);
    // The server cannot tell a signed-in reader from a page request: the page carries the public data only.
    const signedIn = await page(`/courses/${newest.id}`, await authHeader(db, author));
    expect(inlined(signedIn)![`/api/courses/${newest.id}`]).toEqual(course);
  });

  it('inlines nothing for a draft nor an unknown course, and still sends the page (which shows its 404)', async () => {
    for (const url of [`/courses/${draft.id}`, '/courses/999999']) {
      const html = await page(url, await authHeader(db, author));
      expect(html).not.toContain(INITIAL_DATA_ELEMENT_ID);
      expect(html).not.toContain('rel="preload"');
      expect(html).not.toContain('Brouillon secret');
      expect(preloaded(html)).toEqual(['CourseOrCategoryPage-4d.js']);
    }
  });

  it('escapes the JSON for HTML: a title cannot close the script element', async () => {
    const html = await page(`/courses/${hostile.id}`);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).not.toContain('\u2028');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('Climat \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u0026 « guillemets » $\' $\\u0026\\u2028fin');
    expect((inlined(html)![`/api/courses/${hostile.id}`] as CourseDetail).title).toBe(hostile.title);
  });

  it('inlines nothing on other pages, nor for a search the API would refuse', async () => {
    for (const url of ['/', '/profile', '/user/courses', `/user/courses/${newest.id}`, '/courses/ecologie/autre', `/courses?q=${'a'.repeat(201)}`]) {
      const html = await page(url);
      expect(html).not.toContain(INITIAL_DATA_ELEMENT_ID);
      expect(html).not.toContain('rel="preload"');
    }
  });
});
