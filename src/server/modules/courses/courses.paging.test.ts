import { and, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourseItem } from '../../../shared/courses';
import { courses } from '../../db/schema';
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
});
