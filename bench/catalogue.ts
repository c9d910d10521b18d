import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { categories } from '../src/shared/categories';
import type { Db } from '../src/server/db/client';
import { insertManyCourses } from '../src/server/test/factories';
import { vacuumAnalyze } from './lib';

/**
 * The catalogue's sizes, one database growing (issue 30): the p95 at 100,000 courses may be at
 * most twice the p95 at 10,000 (GROWTH_BUDGET), in place of issue 16's absolute 20 and 50 ms.
 */
export const CATALOGUE_SEARCH_STEPS = [10_000, 100_000] as const;

/** What people type, with and without accents, alone or with a theme and a page. */
function benchQueries(samples: number): string[] {
  // Stems ('formations'), accents, a word being typed ('biodiv'), typos ('biodiversté') and nothing at all.
  const words = ['ecologie', 'déchets', 'bilan carbone', 'biodiversite locale', 'rénovations', 'formations', 'zero dechet', 'climat', 'biodiv', 'ISO', '', 'biodiversté', 'introuvable xyz'];
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
 * Fills the catalogue up to `courseCount` courses, then times 200 catalogue searches through the
 * whole application (routing, validation, SQL, serialisation) with app.inject.
 */
export async function benchCatalogueSearch(db: Db, app: FastifyInstance, courseCount: number, alreadyThere = 0): Promise<{ p95Ms: number; p50Ms: number; samples: number }> {
  // In slices: one statement for 90,000 rows would outlast PostgreSQL's statement timeout.
  for (let left = courseCount - alreadyThere; left > 0; left -= 2_000) await insertManyCourses(db, Math.min(2_000, left));
  await vacuumAnalyze(db, ['courses']);
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
