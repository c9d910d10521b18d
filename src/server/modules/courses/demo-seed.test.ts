import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, ne } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { categories } from '../../../shared/categories';
import type { CourseItem } from '../../../shared/courses';
import { normalizeSearch } from '../../../shared/text';
import type { CourseOutline, LessonContent } from '../../../shared/learning';
import { missingRequirements } from '../../../shared/reviews';
import { courseSections, courses, lessons, users } from '../../db/schema';
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
      // The demo catalogue keeps its prices and has two free introductions (issue 29).
      if (row.priceCents !== 0) expect(row.priceCents).toBeGreaterThanOrEqual(7000);
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
    expect(rows.filter((r) => r.priceCents === 0)).toHaveLength(2);
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

  it('gives every demo course its public information, 2 or 3 chapters and 3 to 6 text lessons, the first a free preview, then its PDF sheet', async () => {
    const rows = await db.select().from(courses);
    for (const course of rows) {
      expect(course.objectives.length, course.title).toBeGreaterThanOrEqual(3);
      for (const text of [course.targetAudience, course.prerequisites, course.assessmentMethods]) expect(text.length, course.title).toBeGreaterThan(10);
      // Read as a visitor would: the outline is public for published courses.
      const res = await app.inject({ method: 'GET', url: `/api/courses/${course.id}/outline` });
      expect(res.statusCode).toBe(200);
      const outline: CourseOutline = res.json();
      expect(outline.sections.length, course.title).toBeGreaterThanOrEqual(2);
      expect(outline.sections.length, course.title).toBeLessThanOrEqual(3);
      const everything = outline.sections.flatMap((section) => section.lessons);
      expect(everything.at(-1), course.title).toMatchObject({ type: 'pdf', title: 'Fiche récapitulative du cours' });
      const all = everything.filter((lesson) => lesson.type === 'text');
      expect(everything.filter((lesson) => lesson.type !== 'text').length, course.title).toBeLessThanOrEqual(2);
      expect(all.length, course.title).toBeGreaterThanOrEqual(3);
      expect(all.length, course.title).toBeLessThanOrEqual(6);
      expect(all.every((lesson) => lesson.duration_minutes >= 10 && lesson.duration_minutes <= 60)).toBe(true);
      expect(all.map((lesson) => lesson.is_preview)).toEqual(all.map((_, index) => index === 0));
      expect(outline.total_minutes).toBe(everything.reduce((sum, lesson) => sum + lesson.duration_minutes, 0));
      // Published demo courses meet what a submission requires (decision 018).
      const facts = {
        lessonCount: outline.total_lessons,
        objectives: course.objectives,
        target_audience: course.targetAudience,
        prerequisites: course.prerequisites,
        assessment_methods: course.assessmentMethods,
        access_delay: course.accessDelay,
        teaching_methods: course.teachingMethods,
        accessibility: course.accessibility,
        contact: course.contact,
      };
      expect(missingRequirements(facts), course.title).toEqual([]);
    }
  });

  it('writes substantive Markdown lessons: paragraphs and a list, rendered for a visitor of the free preview', async () => {
    const bodies = await db.select({ body: lessons.bodyMarkdown }).from(lessons).where(eq(lessons.type, 'text'));
    for (const { body } of bodies) {
      expect(body!.length).toBeGreaterThan(400);
      expect(body!.split('\n\n').length).toBeGreaterThanOrEqual(3);
      expect(body).toMatch(/^- .+/m);
    }
    const [first] = await db.select({ id: lessons.id }).from(lessons).innerJoin(courseSections, eq(courseSections.id, lessons.sectionId)).where(eq(lessons.isPreview, true)).limit(1);
    const res = await app.inject({ method: 'GET', url: `/api/lessons/${first!.id}` });
    expect(res.statusCode).toBe(200);
    const lesson: LessonContent = res.json();
    expect(lesson.html).toContain('<ul>');
    expect(lesson.html).toContain('<p>');
  });

  it('ships real media through the storage: a PDF sheet per course and a short captioned video, served by signed links', async () => {
    const media = await db.select().from(lessons).where(ne(lessons.type, 'text'));
    expect(media.filter((l) => l.type === 'pdf')).toHaveLength((await db.select().from(courses)).length);
    const [video] = media.filter((l) => l.type === 'video');
    // 10 s of footage: not announced as a minute (shown « moins d'1 min »).
    expect(video).toMatchObject({ fileMimeType: 'video/webm', fileOriginalName: 'demo-video.webm', durationMinutes: 0 });
    expect(video!.fileSize).toBeLessThan(400 * 1024);
    expect((await readStoredFile(storage, video!.filePath!))!.equals(await fs.readFile(path.join(demoImagesDir, 'demo-video.webm')))).toBe(true);
    expect((await readStoredFile(storage, video!.captionsPath!))!.toString()).toMatch(/^WEBVTT\n/);
    const pdf = (await readStoredFile(storage, media.find((l) => l.type === 'pdf')!.filePath!))!;
    expect((await fileTypeFromBuffer(pdf))?.mime).toBe('application/pdf');
    expect(pdf.toString('latin1')).toMatch(/%%EOF\n$/);
    expect(pdf.toString('latin1')).toContain('(Objectifs p\\351dagogiques) Tj');
  });

  it('keeps non-preview demo lessons for enrolled learners', async () => {
    const [locked] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.isPreview, false)).limit(1);
    expect((await app.inject({ method: 'GET', url: `/api/lessons/${locked!.id}` })).statusCode).toBe(401);
  });
});
