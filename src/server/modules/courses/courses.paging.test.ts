import { and, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_SEARCH_CAP } from '../../../shared/constants';
import type { CourseItem } from '../../../shared/courses';
import { courseCounts, courses } from '../../db/schema';
import { courseSearchText, SPARSE_MATCHES } from './courses.service';
import { createTestApp } from '../../test/app';
import { insertManyCourses } from '../../test/factories';

const { app, db } = await createTestApp();
await insertManyCourses(db, 400);

/** The ids a page should hold, computed the plain way: by `first` (relevance, when searched), then newest first. */
async function expectedIds(condition: ReturnType<typeof and>, page: number, pageSize: number, first: SQL = sql`0::real`): Promise<number[]> {
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(condition)
    .orderBy(desc(first), desc(courses.createdAt), desc(courses.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map((r) => r.id);
}

describe('catalogue paging with many and with few matches', () => {
  it('keeps the search column of bulk-inserted courses equal to what the service computes', async () => {
    const rows = await db.select().from(courses).limit(50);
    for (const row of rows) expect(row.searchText).toBe(courseSearchText(row.title, row.description, row.categorySlug));
  });

  it('pages a large result (more than the sparse threshold) newest first with its total', async () => {
    const published = eq(courses.status, 'published');
    const total = (await db.select({ id: courses.id }).from(courses).where(published)).length;
    expect(total).toBeGreaterThan(SPARSE_MATCHES);
    for (const page of [1, 2, 17]) {
      const res = await app.inject({ method: 'GET', url: `/api/courses?page=${page}&pageSize=20` });
      expect(res.json().total).toBe(total);
      expect(res.json().items.map((c: CourseItem) => c.id)).toEqual(await expectedIds(published, page, 20));
    }
  });

  it('pages a searched result by relevance, then newest first, and answers an empty page past the end', async () => {
    // Only the titles 'Zéro déchet en entreprise …' hold both words, whether as text or as French stems.
    const condition = and(eq(courses.status, 'published'), like(courses.searchText, '%zero dechet%'));
    const rank = sql`ts_rank(${courses.searchVector}, to_tsquery('ecoforma_fr', 'zero:* | dechet:*'))`;
    const total = (await db.select({ id: courses.id }).from(courses).where(condition)).length;
    expect(total).toBeGreaterThan(5);
    expect(total).toBeLessThanOrEqual(SPARSE_MATCHES);
    for (const page of [1, 2]) {
      const res = await app.inject({ method: 'GET', url: `/api/courses?q=ZÉRO%20déchet&page=${page}&pageSize=5` });
      expect(res.json().total).toBe(total);
      expect(res.json().items.map((c: CourseItem) => c.id)).toEqual(await expectedIds(condition, page, 5, rank));
    }
    const beyond = await app.inject({ method: 'GET', url: '/api/courses?q=zero%20dechet&page=50&pageSize=5' });
    expect(beyond.json()).toEqual({ items: [], total, page: 50, pageSize: 5 });
  });

  it('ranks only the newest CATALOGUE_SEARCH_CAP matches of a broad search, and says there are more (decision 055)', async () => {
    // 'parcours' is in two descriptions in five: more than the cap of the 400 courses match.
    const match = sql`(${courses.searchVector} @@ plainto_tsquery('ecoforma_fr', 'parcours') or ${courses.searchText} like '%parcours%')`;
    const condition = and(eq(courses.status, 'published'), match);
    const all = await db.select({ id: courses.id }).from(courses).where(condition).orderBy(desc(courses.createdAt), desc(courses.id));
    expect(all.length).toBeGreaterThan(CATALOGUE_SEARCH_CAP);
    const newest = all.slice(0, CATALOGUE_SEARCH_CAP).map((r) => r.id);
    const rank = sql`ts_rank(${courses.searchVector}, to_tsquery('ecoforma_fr', 'parcours:*'))`;
    const ranked = await db
      .select({ id: courses.id })
      .from(courses)
      .where(and(condition, sql`${courses.id} in (${sql.join(newest.map((id) => sql`${id}`), sql`, `)})`))
      .orderBy(desc(rank), desc(courses.createdAt), desc(courses.id));
    const pages = Math.ceil(CATALOGUE_SEARCH_CAP / 12);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const res = await app.inject({ method: 'GET', url: `/api/courses?q=parcours&page=${page}&pageSize=12` });
      expect(res.json()).toMatchObject({ total: CATALOGUE_SEARCH_CAP, totalCapped: true, page, pageSize: 12 });
      seen.push(...res.json().items.map((c: CourseItem) => c.id));
    }
    expect(seen).toEqual(ranked.map((r) => r.id));
    const beyond = await app.inject({ method: 'GET', url: `/api/courses?q=parcours&page=${pages + 1}&pageSize=12` });
    expect(beyond.json()).toEqual({ items: [], total: CATALOGUE_SEARCH_CAP, totalCapped: true, page: pages + 1, pageSize: 12 });
  });

  it('keeps the counts of courses per theme and status equal to the courses, through inserts, updates and deletes (migration 0038)', async () => {
    const counted = async () => {
      const kept = await db.select().from(courseCounts);
      const real = await db.select({ categorySlug: courses.categorySlug, status: courses.status, n: sql<number>`count(*)::int`.mapWith(Number) }).from(courses).groupBy(courses.categorySlug, courses.status);
      const key = (r: { categorySlug: string; status: string }) => `${r.categorySlug}/${r.status}`;
      expect(new Map(kept.filter((r) => r.n !== 0).map((r) => [key(r), r.n]))).toEqual(new Map(real.map((r) => [key(r), r.n])));
    };
    await counted();
    await db.update(courses).set({ status: 'unpublished' }).where(sql`${courses.id} % 7 = 0`);
    await db.update(courses).set({ categorySlug: 'rse' }).where(sql`${courses.id} % 11 = 0`);
    await counted();
    const unsearched = await app.inject({ method: 'GET', url: '/api/courses?category=rse&pageSize=5' });
    const [rse] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(courses).where(and(eq(courses.status, 'published'), eq(courses.categorySlug, 'rse')));
    expect(unsearched.json().total).toBe(rse!.n);
    await db.delete(courses).where(sql`${courses.id} % 13 = 0`);
    await counted();
  });
});
