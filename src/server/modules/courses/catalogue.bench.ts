import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { categories } from '../../../shared/categories';
import { normalizeSearch } from '../../../shared/text';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Budget of issue 6: with 10,000 courses, a catalogue search answers within 30 ms at the 95th percentile. */
export const CATALOGUE_SEARCH_P95_BUDGET_MS = 30;
export const BENCH_COURSE_COUNT = 10_000;

const titleTemplates = [
  'Bilan carbone : mesurer et réduire les émissions',
  'Reconnaître et protéger la biodiversité locale',
  'Permaculture et agroécologie au jardin',
  'Zéro déchet en entreprise',
  'Rénovation énergétique des bâtiments',
  "Piloter une démarche RSE selon l'ISO 26000",
  'Fresque du climat pour les équipes',
  'Écologie urbaine et îlots de fraîcheur',
  'Gestion durable de l’eau',
  'Économie circulaire et réemploi',
  'Construire en bois, paille et chanvre',
  'Mobilité douce et plan de déplacements',
  'Achats responsables et fournisseurs',
  'Compostage et sols vivants',
  'Sobriété numérique au bureau',
  'Pollinisateurs : abeilles et papillons',
];

const descriptions = [
  "Une formation pratique pour passer à l'action dans votre organisation, avec des outils concrets.",
  'Des études de cas, des exercices guidés et un plan d’action personnalisé à la fin du parcours.',
  'Comprendre les enjeux, mesurer les impacts et choisir les leviers les plus efficaces.',
  'Un parcours conçu par des experts du développement durable, accessible aux débutants.',
  'Méthodes, indicateurs et retours d’expérience de collectivités et d’entreprises engagées.',
];

function textArray(values: string[]) {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * Writes `count` published (and a few draft) courses in one INSERT ... SELECT, with titles,
 * descriptions and themes that vary, and a search column equal to what the service computes:
 * normalizeSearch(`${title} ${description} ${category name}`).
 */
export async function insertBenchCourses(db: Db, count = BENCH_COURSE_COUNT): Promise<void> {
  const [author] = await db
    .insert(users)
    .values({
      email: `banc.essai.${Date.now()}@ecoforma.fr`,
      // Not an argon2 hash: nobody can ever sign in as this author.
      passwordHash: 'compte-de-mesure-sans-mot-de-passe',
      firstname: 'Banc',
      lastname: "d'essai",
      role: 'formateur',
      isValid: true,
      searchText: 'banc d essai',
    })
    .returning({ id: users.id });

  const titles = textArray(titleTemplates);
  const normalizedTitles = textArray(titleTemplates.map(normalizeSearch));
  const texts = textArray(descriptions);
  const normalizedTexts = textArray(descriptions.map(normalizeSearch));
  const slugs = textArray(categories.map((c) => c.slug));
  const normalizedNames = textArray(categories.map((c) => normalizeSearch(c.name)));
  const t = titleTemplates.length;
  const d = descriptions.length;
  const c = categories.length;

  await db.execute(sql`
    insert into courses (title, description, category_slug, duration, price_cents, discount_price_cents, status, author_id, search_text, created_at, updated_at)
    select
      (${titles})[1 + i % ${t}] || ' ' || i,
      (${texts})[1 + (i / ${t}) % ${d}],
      (${slugs})[1 + (i / 3) % ${c}],
      (1 + i % 3) || ' mois',
      7000 + (i % 26) * 100,
      case when i % 3 = 0 then 6000 + (i % 26) * 100 else null end,
      case when i % 20 = 0 then 'draft' else 'published' end,
      ${author!.id},
      (${normalizedTitles})[1 + i % ${t}] || ' ' || i || ' ' || (${normalizedTexts})[1 + (i / ${t}) % ${d}] || ' ' || (${normalizedNames})[1 + (i / 3) % ${c}],
      now() - i * interval '1 minute',
      now() - i * interval '1 minute'
    from generate_series(1, ${count}) as i
  `);
  // A live database is vacuumed by autovacuum; a freshly bulk-loaded one is not yet (visibility map, statistics).
  await db.execute(sql`vacuum analyze courses`);
}

/** What people type, with and without accents, alone or with a theme and a page. */
function benchQueries(samples: number): string[] {
  const words = ['ecologie', 'dechets', 'bilan carbone', 'biodiversite locale', 'rénovation', 'permaculture', 'zero dechet', 'climat', 'eau', 'ISO', '', 'introuvable xyz'];
  const slugs = [undefined, ...categories.map((c) => c.slug)];
  const urls: string[] = [];
  for (let i = 0; i < samples; i++) {
    const params = new URLSearchParams();
    const q = words[i % words.length]!;
    const category = slugs[Math.floor(i / words.length) % slugs.length];
    if (q) params.set('q', q);
    if (category) params.set('category', category);
    params.set('page', String(1 + (i % 3)));
    urls.push(`/api/courses?${params.toString()}`);
  }
  return urls;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/**
 * Fills the catalogue with 10,000 courses, then times 200 catalogue searches through the whole
 * application (routing, validation, SQL, serialisation) with app.inject.
 */
export async function benchCatalogueSearch(db: Db, app: FastifyInstance): Promise<{ p95Ms: number; p50Ms: number; samples: number }> {
  await insertBenchCourses(db);
  const urls = benchQueries(200);
  // Warm-up: plan caches and JIT, not measured.
  for (const url of urls.slice(0, 20)) await app.inject({ method: 'GET', url });

  const durations: number[] = [];
  for (const url of urls) {
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url });
    durations.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`GET ${url} a répondu ${res.statusCode}`);
  }
  durations.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { p95Ms: round(percentile(durations, 95)), p50Ms: round(percentile(durations, 50)), samples: durations.length };
}
