import { describe, expect, it } from 'vitest';
import type { CategoryCount, CourseDetail, CoursePage } from '../../../shared/courses';
import { eq } from 'drizzle-orm';
import { courses, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { authHeader, createUser, insertCourse, insertLesson, insertSection } from '../../test/factories';

const { app, db } = await createTestApp();

const author = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Claire', lastname: 'Dubois' });
const other = await createUser(db, { role: 'formateur', isValid: true });
const member = await createUser(db, { role: 'membre' });
const admin = await createUser(db, { role: 'admin' });

const hour = 60 * 60 * 1000;
const base = Date.now() - 100 * hour;
const ecology = await insertCourse(db, author.id, {
  title: "Écologie urbaine et îlots de fraîcheur",
  description: 'Comprendre la ville comme un écosystème vivant.',
  categorySlug: 'ecologie',
  priceCents: 7900,
  discountPriceCents: 6990,
  createdAt: new Date(base + 1 * hour),
});
const waste = await insertCourse(db, author.id, {
  title: 'Réduire ses ordures',
  description: 'Trier et réduire les déchets ménagers au quotidien.',
  categorySlug: 'dechets',
  createdAt: new Date(base + 2 * hour),
});
const rse = await insertCourse(db, other.id, {
  title: 'Stratégie RSE 100% pratique',
  description: "Construire la feuille de route d'une PME_responsable.",
  categorySlug: 'rse',
  createdAt: new Date(base + 3 * hour),
});
const draft = await insertCourse(db, author.id, {
  title: 'Brouillon écologique secret',
  description: 'Pas encore prêt à être publié pour les apprenants.',
  categorySlug: 'ecologie',
  status: 'draft',
  createdAt: new Date(base + 4 * hour),
});

// Seven courses of one theme, for paging.
for (let i = 0; i < 7; i++) {
  await insertCourse(db, other.id, {
    title: `Agroforesterie module ${i}`,
    categorySlug: 'ecoagriculture',
    createdAt: new Date(base - (10 - i) * hour),
  });
}

async function search(query: string, headers: Record<string, string> = {}): Promise<CoursePage> {
  const res = await app.inject({ method: 'GET', url: `/api/courses${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /api/courses', () => {
  it('lists published courses to visitors, newest first, with the item shape and prices in euros', async () => {
    const page = await search('');
    expect(page.total).toBe(10);
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(20);
    expect(page.items.slice(0, 3).map((c) => c.id)).toEqual([rse.id, waste.id, ecology.id]);
    const item = page.items.find((c) => c.id === ecology.id)!;
    expect(item).toMatchObject({
      title: ecology.title,
      category: { slug: 'ecologie', name: 'Écologie' },
      duration: '1 mois',
      price: 79,
      discountPrice: 69.9,
      image: null,
      user: { id: author.id, name: 'Claire Dubois', avatar: null },
      status: 'published',
    });
    expect(new Date(item.created_at).toISOString()).toBe(item.created_at);
  });

  it('gives each course its lessons’ minutes summed, across chapters, as its duration (issue 25)', async () => {
    const course = await insertCourse(db, author.id, { duration: '3 heures', status: 'draft' });
    for (const minutes of [[600, 400], [702]]) {
      const section = await insertSection(db, course.id);
      for (const durationMinutes of minutes) await insertLesson(db, section.id, { durationMinutes });
    }
    const detail = (await app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers: await authHeader(db, author) })).json() as CourseDetail;
    expect(detail).toMatchObject({ duration: '3 heures', lesson_minutes: 1702 });
    const mine = (await app.inject({ method: 'GET', url: '/api/formateur/courses', headers: await authHeader(db, author) })).json() as { items: CourseDetail[] };
    expect(mine.items.find((c) => c.id === course.id)!.lesson_minutes).toBe(1702);
    expect((await search('')).items.find((c) => c.id === ecology.id)!.lesson_minutes).toBe(0);
  });

  it('never lists drafts, not even to their author', async () => {
    const page = await search('?q=brouillon', await authHeader(db, author));
    expect(page.items).toEqual([]);
    expect(page.total).toBe(0);
  });

  it("finds 'Écologie' when searching 'ecologie' and the other way round", async () => {
    expect((await search('?q=ecologie')).items.map((c) => c.id)).toEqual([ecology.id]);
    expect((await search(`?q=${encodeURIComponent('ÉCOLOGIE')}`)).items.map((c) => c.id)).toEqual([ecology.id]);
    expect((await search(`?q=${encodeURIComponent('îlots')}`)).items.map((c) => c.id)).toEqual([ecology.id]);
  });

  it("finds 'déchets' in a description when searching 'dechets', case-insensitively", async () => {
    expect((await search('?q=DECHETS')).items.map((c) => c.id)).toEqual([waste.id]);
    expect((await search(`?q=${encodeURIComponent('déchets')}`)).items.map((c) => c.id)).toEqual([waste.id]);
  });

  it('requires every word of the query, in any order', async () => {
    expect((await search('?q=fraicheur%20ecologie')).items.map((c) => c.id)).toEqual([ecology.id]);
    expect((await search('?q=fraicheur%20dechets')).items).toEqual([]);
  });

  it("matches '%' and '_' literally, not as wildcards", async () => {
    expect((await search('?q=100%25')).items.map((c) => c.id)).toEqual([rse.id]);
    expect((await search('?q=pme_')).items.map((c) => c.id)).toEqual([rse.id]);
    // '1%%' is the word '1' for the full-text search (decision 027): it finds 'module 1', never '100 %'.
    expect((await search('?q=1%25%25')).items.map((c) => c.id)).not.toContain(rse.id);
    expect((await search('?q=pme_x')).items).toEqual([]);
  });

  it('filters by category slug, alone or with a query', async () => {
    expect((await search('?category=dechets')).items.map((c) => c.id)).toEqual([waste.id]);
    expect((await search('?category=ecologie&q=ville')).items.map((c) => c.id)).toEqual([ecology.id]);
    expect((await search('?category=rse&q=ville')).items).toEqual([]);
  });

  it('answers an empty list, not an error, for an unknown category', async () => {
    const page = await search('?category=cloud-computing');
    expect(page).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('refuses a malformed page with 422 and a French message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/courses?page=0&pageSize=500' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      page: ['La page doit être un nombre entier positif.'],
      pageSize: ['La taille de page doit être comprise entre 1 et 100.'],
    });
  });
});

describe('paging', () => {
  it('pages in SQL with the total of all matches', async () => {
    const first = await search('?category=ecoagriculture&pageSize=3');
    expect(first.total).toBe(7);
    expect(first.items.map((c) => c.title)).toEqual(['Agroforesterie module 6', 'Agroforesterie module 5', 'Agroforesterie module 4']);
    const last = await search('?category=ecoagriculture&pageSize=3&page=3');
    expect(last.total).toBe(7);
    expect(last.items.map((c) => c.title)).toEqual(['Agroforesterie module 0']);
    const full = await search('?category=ecoagriculture&pageSize=7&page=1');
    expect(full.total).toBe(7);
    const beyond = await search('?category=ecoagriculture&pageSize=3&page=4');
    expect(beyond).toMatchObject({ items: [], total: 7, page: 4 });
  });
});

describe('GET /api/courses/:id', () => {
  it('shows a published course to a visitor, not enrolled, not saved, without attachment', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/courses/${ecology.id}` });
    expect(res.statusCode).toBe(200);
    const course: CourseDetail = res.json();
    expect(course).toMatchObject({ id: ecology.id, title: ecology.title, enrolled: false, saved: false, attachment: null });
  });

  it('answers 404 not_found for an unknown id, 422 validation_failed for a malformed one (decision 007)', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/courses/999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_code).toBe('not_found');
    for (const id of ['abc', '0', '-3', '1.5', '99999999999999']) {
      const res = await app.inject({ method: 'GET', url: `/api/courses/${id}` });
      expect(res.statusCode, id).toBe(422);
      expect(res.json()).toMatchObject({ error_code: 'validation_failed', errors: { id: ['Identifiant invalide.'] } });
    }
  });

  it('hides a draft from visitors, members and other trainers with 404', async () => {
    for (const headers of [{}, await authHeader(db, member), await authHeader(db, other)]) {
      const res = await app.inject({ method: 'GET', url: `/api/courses/${draft.id}`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error_code: 'not_found',
        message: "Le cours que vous recherchez n'existe pas ou vous n'y avez pas accès.",
      });
    }
  });

  it('shows a draft to its author and to administrators', async () => {
    for (const user of [author, admin]) {
      const res = await app.inject({ method: 'GET', url: `/api/courses/${draft.id}`, headers: await authHeader(db, user) });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('draft');
    }
  });
});

describe("the author's name on a course (kept in courses, so the catalogue never reads users)", () => {
  it('follows a rename of the author, and moves with the course to a new author', async () => {
    const renamed = await createUser(db, { role: 'formateur', isValid: true, firstname: 'Paul', lastname: 'Martin' });
    // A draft, read by an administrator, so the other tests' counts stay as they are.
    const course = await insertCourse(db, renamed.id, { title: 'Cours au nom changeant', status: 'draft' });
    const headers = await authHeader(db, admin);
    const nameShown = async () => (await app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers })).json<CourseDetail>().user.name;
    expect(await nameShown()).toBe('Paul Martin');
    await db.update(users).set({ firstname: 'Paule', lastname: 'Martin-Roux' }).where(eq(users.id, renamed.id));
    expect(await nameShown()).toBe('Paule Martin-Roux');
    await db.update(courses).set({ authorId: other.id }).where(eq(courses.id, course.id));
    expect(await nameShown()).toBe(`${other.firstname} ${other.lastname}`);
  });
});

describe('GET /api/categories', () => {
  it('lists the six themes in order with their number of published courses', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const counts: CategoryCount[] = res.json();
    expect(counts).toEqual([
      { slug: 'rse', name: 'RSE', count: 1 },
      { slug: 'ecologie', name: 'Écologie', count: 1 },
      { slug: 'biodiversite', name: 'Biodiversité', count: 0 },
      { slug: 'ecoagriculture', name: 'Éco-agriculture', count: 7 },
      { slug: 'dechets', name: 'Gestion des déchets', count: 1 },
      { slug: 'ecoconstruction', name: 'Éco-construction', count: 0 },
    ]);
  });
});
