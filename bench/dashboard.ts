import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { createSession } from '../src/server/lib/sessions';
import { vacuumAnalyze } from './lib';

/**
 * The user list's sizes, one database growing (issue 30): each step of ten may at most double
 * the p95 (GROWTH_BUDGET), in place of the absolute 50 ms at 100,000 users.
 */
export const DASHBOARD_USER_STEPS = [1_000, 10_000, 100_000] as const;
const REQUESTS = 200;
const WARM_UP = 20;

/* ASCII names, so lower() gives exactly what normalizeSearch() would store. */
const FIRST_NAMES = [
  'Camille', 'Lea', 'Manon', 'Chloe', 'Emma', 'Ines', 'Sarah', 'Julie', 'Helene', 'Claire', 'Lucie', 'Anais',
  'Lucas', 'Hugo', 'Louis', 'Nathan', 'Thomas', 'Antoine', 'Mathieu', 'Julien', 'Nicolas', 'Pierre', 'Marc', 'Paul',
];
const LAST_NAMES = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent',
  'Lefebvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Morel', 'Girard', 'Andre', 'Lefevre',
  'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'Francois', 'Martinez', 'Legrand', 'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guerin',
];
const SPECIALITIES = ['RSE', 'Ecologie', 'Biodiversite', 'Eco-agriculture', 'Gestion des dechets', 'Eco-construction'];

function textArray(values: string[]) {
  return sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
}

/**
 * Users number `from` + 1 to `count` in one INSERT ... SELECT: about 70 % members, 20 % trainers
 * (two in five still pending, some refused), 8 % organisations, a few disabled accounts and a few
 * admins, created every 15 minutes from 2023; a third of the trainers have had an interview, some
 * of them two. Called again with a larger `count`, it grows the same population.
 */
export async function seedDashboardUsers(db: Db, count: number, from = 0): Promise<void> {
  // In slices: one statement for 90,000 users would outlast PostgreSQL's statement timeout on a busy machine.
  for (let start = from; start < count; start += 10_000) await seedUserSlice(db, Math.min(count, start + 10_000), start);
  await vacuumAnalyze(db, ['users', 'meetings']);
}

async function seedUserSlice(db: Db, count: number, from: number): Promise<void> {
  const before = (await db.execute(sql`select coalesce(max(id), 0)::int as id from ${users}`)) as unknown as { rows: Array<{ id: number }> };
  const lastId = before.rows[0]!.id;
  await db.execute(sql`
    insert into ${users} (email, password_hash, firstname, lastname, role, is_valid, gender, birthdate,
      phone_number, country, speciality, cv_path, cv_original_name, cv_mime_type, cv_size, rejected_at,
      search_text, created_at, updated_at)
    select
      lower(f || '.' || l || '.' || g || '@exemple.fr'),
      'bench-sans-mot-de-passe',
      f, l, r,
      case when r = 'formateur' then g % 5 >= 2 else g % 50 <> 0 end,
      case when g % 2 = 0 then 'female' else 'male' end,
      date '1960-01-01' + (g % 15000),
      case when g % 3 = 0 then null else '06' || lpad((g % 100000000)::text, 8, '0') end,
      'France',
      case when r = 'formateur' then (${textArray(SPECIALITIES)})[1 + g % 6] end,
      case when r = 'formateur' then md5(g::text) || '.pdf' end,
      case when r = 'formateur' then 'cv-' || g || '.pdf' end,
      case when r = 'formateur' then 'application/pdf' end,
      case when r = 'formateur' then 100000 end,
      case when r = 'formateur' and g % 5 = 0 and g % 7 = 0 then now() - interval '2 days' end,
      lower(f || ' ' || l || ' ' || f || '.' || l || '.' || g || '@exemple.fr'),
      ts, ts
    from (
      select g,
        (${textArray(FIRST_NAMES)})[1 + (g * 7) % ${FIRST_NAMES.length}] as f,
        (${textArray(LAST_NAMES)})[1 + (g * 13) % ${LAST_NAMES.length}] as l,
        case when g % 100 < 70 then 'membre' when g % 100 < 90 then 'formateur' when g % 1000 < 998 then 'organisme' else 'admin' end as r,
        timestamptz '2023-01-01 00:00:00+00' + (g * interval '15 minutes') as ts
      from generate_series(${from + 1}::int, ${count}::int) as g
    ) as generated
  `);
  await db.execute(sql`
    insert into meetings (user_id, room_name, url, scheduled_at, created_at)
    select id, 'EcoForma-' || id || '-' || n, 'https://meet.jit.si/EcoForma-' || id || '-' || n,
      created_at + interval '3 days' + n * interval '1 day', created_at + n * interval '1 hour'
    from users cross join generate_series(1, 2) as n
    where role = 'formateur' and id > ${lastId} and id % 3 = 0 and (n = 1 or id % 2 = 0)
  `);
}

/** The searches an administrator types: names, partial names, emails, and no match. */
const SEARCHES = ['martin', 'helene', 'dubois', 'camille m', 'lef', 'garcia', 'julien.roux', 'bernard.', '@exemple', 'zzz', 'thomas', '4242', 'anais lambert', 'fournier'];
const ROLES = ['', '', 'membre', 'formateur', 'formateur', 'organisme'];
const STATUSES = ['', '', 'approved', 'pending'];
/** Browsing goes deep into the list; a search is read from its first pages. */
const BROWSE_PAGES = [1, 1, 2, 3, 5, 10, 25, 50];
const SEARCH_PAGES = [1, 1, 1, 2, 3];
const PAGE_SIZES = [20, 20, 20, 50, 100];

function dashboardUrl(i: number): string {
  // Coprime strides, so the 200 requests cover many different combinations.
  const params = new URLSearchParams();
  const searching = i % 5 < 2;
  const role = ROLES[(i * 5) % ROLES.length]!;
  const status = STATUSES[(i * 3) % STATUSES.length]!;
  // The k-th search of the run takes the k-th text, so every text is typed several times.
  if (searching) params.set('q', SEARCHES[(Math.floor(i / 5) * 2 + (i % 5)) % SEARCHES.length]!);
  if (role) params.set('role', role);
  if (status) params.set('status', status);
  params.set('page', String(searching ? SEARCH_PAGES[(i * 11) % SEARCH_PAGES.length] : BROWSE_PAGES[(i * 11) % BROWSE_PAGES.length]));
  params.set('pageSize', String(PAGE_SIZES[(i * 13) % PAGE_SIZES.length]));
  return `/api/admin/dashboard?${params.toString()}`;
}

/** The administrator who browses the list: the Authorization header of a session. */
export async function prepareDashboardBench(db: Db): Promise<Record<string, string>> {
  const [admin] = await db
    .insert(users)
    .values({ email: 'bench-admin@exemple.fr', passwordHash: 'bench-sans-mot-de-passe', firstname: 'Admin', lastname: 'Bench', role: 'admin', isValid: true, searchText: 'admin bench bench-admin@exemple.fr' })
    .returning({ id: users.id });
  return { authorization: `Bearer ${await createSession(db, admin!.id)}` };
}

/** p95 of 200 varied requests of the admin user list (search, filters, paging), through the app. */
export async function benchDashboardSearch(app: FastifyInstance, headers: Record<string, string>): Promise<{ p95Ms: number; p50Ms: number; samples: number }> {
  const call = async (i: number) => {
    const res = await app.inject({ method: 'GET', url: dashboardUrl(i), headers });
    if (res.statusCode !== 200) throw new Error(`${dashboardUrl(i)} : ${res.statusCode} ${res.body}`);
  };
  for (let i = 0; i < WARM_UP; i++) await call(i + REQUESTS);
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = process.hrtime.bigint();
    await call(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => Math.round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]! * 100) / 100;
  return { p95Ms: at(0.95), p50Ms: at(0.5), samples: samples.length };
}
