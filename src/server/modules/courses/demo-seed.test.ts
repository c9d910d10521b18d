import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories } from '../../../shared/categories';
import type { CourseItem } from '../../../shared/courses';
import { normalizeSearch } from '../../../shared/text';
import { courses, users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { courseSearchText } from './courses.service';
import { DEMO_TRAINER_EMAIL, demoImagesDir, seedDemoCatalogue } from './demo-seed';
import { createTestApp } from '../../test/app';
import { readStoredFile } from '../../test/uploads';

const { app, db, storage } = await createTestApp();

describe('seedDemoCatalogue', () => {
  it('fills an empty catalogue with 12+ sustainable-development courses over the six themes', async () => {
    expect(await seedDemoCatalogue(db, storage)).toEqual({ created: expect.any(Number) });
    const rows = await db.select().from(courses);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r) => r.categorySlug))).toEqual(new Set(categories.map((c) => c.slug)));
    for (const row of rows) {
      expect(row.priceCents).toBeGreaterThanOrEqual(7000);
      expect(row.priceCents).toBeLessThanOrEqual(9500);
      if (row.discountPriceCents !== null) expect(row.discountPriceCents).toBeLessThan(row.priceCents);
      expect(row.duration).toMatch(/^[123] mois$/);
      expect(row.status).toBe('published');
      expect(row.searchText).toBe(courseSearchText(row.title, row.description, row.categorySlug));
      expect(row.imageMimeType).toBe('image/svg+xml');
      const stored = (await readStoredFile(storage, row.imagePath!))?.toString('utf8');
      expect(stored).toBe(await fs.readFile(path.join(demoImagesDir, `${row.categorySlug}.svg`), 'utf8'));
    }
    expect(rows.some((r) => r.discountPriceCents !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.imagePath)).size).toBe(rows.length);
  });

  it('is written by an approved demo trainer nobody can sign in as with a known password', async () => {
    const [trainer] = await db.select().from(users).where(eq(users.email, DEMO_TRAINER_EMAIL));
    expect(trainer).toMatchObject({ firstname: 'Claire', lastname: 'Dubois', role: 'formateur', isValid: true });
    expect(trainer!.searchText).toBe(normalizeSearch(`Claire Dubois ${DEMO_TRAINER_EMAIL}`));
    for (const guess of ['', 'demo', 'Motdepasse1', 'EcoForma2026', 'formatrice.demo']) {
      expect(await verifyPassword(trainer!.passwordHash, guess)).toBe(false);
    }
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: DEMO_TRAINER_EMAIL, password: 'Motdepasse1', remember: false } });
    expect(login.statusCode).not.toBe(200);
  });

  it('does nothing once the catalogue has courses', async () => {
    const before = (await db.select().from(courses)).length;
    expect(await seedDemoCatalogue(db, storage)).toEqual({ created: 0 });
    expect((await db.select().from(courses)).length).toBe(before);
  });

  it('serves the shipped SVG images as SVG, inline, locked down, with a long cache', async () => {
    const page = (await app.inject({ method: 'GET', url: '/api/courses?q=ecologie' })).json();
    const item: CourseItem = page.items.find((c: CourseItem) => c.title.startsWith('Écologie'));
    expect(item).toBeDefined();
    const res = await app.inject({ method: 'GET', url: item.image! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('<svg');
  });

  it('finds the demo courses by theme and without accents', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/courses?q=dechet' });
    expect(res.json().items.map((c: CourseItem) => c.title)).toContain('Zéro déchet en entreprise');
    const categoriesRes = await app.inject({ method: 'GET', url: '/api/categories' });
    for (const category of categoriesRes.json()) expect(category.count).toBeGreaterThanOrEqual(2);
  });
});
