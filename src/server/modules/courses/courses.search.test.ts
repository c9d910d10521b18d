import { describe, expect, it } from 'vitest';
import type { CoursePage } from '../../../shared/courses';
import { createTestApp } from '../../test/app';
import { createUser, insertCourse } from '../../test/factories';

/** French full-text search of the catalogue (decision 027), on PGlite and on PostgreSQL. */
const { app, db } = await createTestApp();
const author = await createUser(db, { role: 'formateur', isValid: true });

const hour = 60 * 60 * 1000;
const base = Date.now() - 100 * hour;
// The newest course only mentions the word in its description; relevance must still put the title first.
const inDescription = await insertCourse(db, author.id, {
  title: 'Jardiner en ville',
  description: 'Une formation pratique : potagers partagés, compost et biodiversité du quartier.',
  categorySlug: 'ecologie',
  createdAt: new Date(base + 3 * hour),
});
const inTitle = await insertCourse(db, author.id, {
  title: 'Formation à la biodiversité locale',
  description: 'Reconnaître les espèces communes et protéger leurs habitats.',
  categorySlug: 'biodiversite',
  createdAt: new Date(base + 1 * hour),
});
const energy = await insertCourse(db, author.id, {
  title: 'Rénovation énergétique des logements',
  description: 'Isoler, ventiler, chauffer mieux : les gestes qui comptent.',
  categorySlug: 'ecoconstruction',
  createdAt: new Date(base + 2 * hour),
});

async function ids(q: string): Promise<number[]> {
  const res = await app.inject({ method: 'GET', url: `/api/courses?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as CoursePage).items.map((c) => c.id);
}

describe('catalogue search in French', () => {
  it("finds a word by its stem: 'formations' finds 'formation', 'rénover' finds 'rénovation'", async () => {
    expect(await ids('formations')).toEqual([inTitle.id, inDescription.id]);
    expect(await ids('logement')).toEqual([energy.id]);
    expect(await ids('espece commune')).toEqual([inTitle.id]);
  });

  it('ignores accents and case on both sides', async () => {
    expect(await ids('ENERGETIQUE')).toEqual([energy.id]);
    expect(await ids('biodiversite')).toEqual([inTitle.id, inDescription.id]);
    expect(await ids('Biodiversité')).toEqual([inTitle.id, inDescription.id]);
  });

  it('ranks a course whose title holds the word above one whose description does, even a newer one', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/courses?q=biodiversit%C3%A9&pageSize=1&page=2' });
    expect(res.json()).toMatchObject({ total: 2, items: [{ id: inDescription.id }] });
    expect(await ids('formation')).toEqual([inTitle.id, inDescription.id]);
  });

  it('still finds a word being typed, by its beginning', async () => {
    expect(await ids('biodiv')).toEqual([inTitle.id, inDescription.id]);
    expect(await ids('renov')).toEqual([energy.id]);
  });

  it('falls back to the closest courses when a word is misspelt', async () => {
    expect(await ids('biodiversté')).toEqual(expect.arrayContaining([inTitle.id, inDescription.id]));
    expect(await ids('biodiversté')).not.toContain(energy.id);
    expect(await ids('renovaton energetque')).toEqual([energy.id]);
  });

  it('finds nothing for words that resemble no course', async () => {
    expect(await ids('xylophone')).toEqual([]);
    expect(await ids('zz')).toEqual([]);
  });
});
