/**
 * `npm run bench`: every performance budget of the issues, each measured against a baseline
 * taken in the same run, on PGlite and (when DATABASE_URL is set) on PostgreSQL.
 * Writes docs/benchmarks.md and prints the same table.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { landingJavaScriptBytes } from './bundle';
import { bareArgonRouteThroughput, barePkSelectThroughput, loginThroughput, profileThroughput, rawArgonVerifyThroughput } from './http';
import type { Database } from '../src/server/db/client';
import type { FastifyInstance } from 'fastify';
import { benchDashboardSearch, DASHBOARD_USER_STEPS, prepareDashboardBench, seedDashboardUsers } from './dashboard';
import { benchCatalogueSearch, CATALOGUE_SEARCH_STEPS } from './catalogue';
import { growthResult, type GrowthStep } from './growth';
import { benchOrganisationDashboard, growOrganisation, ORGANISATION_DASHBOARD_STEPS, prepareOrganisationBench } from './organisation-dashboard';
import { benchConcurrentUploads } from './upload-memory';
import { benchMedia } from './media';
import { openBenchDatabase, round, startBenchApp, type BenchResult, type Engine } from './lib';
import { benchLighthouse, LIGHTHOUSE_BUDGETS } from './lighthouse';
import { benchLoad, PROBE_RAMP_SECONDS } from './load';
import { freshConnectionLatency, startServerProcess } from './server-process';
import { benchPlayer } from './player';
import { benchRestart } from './startup';
import { benchCrossProcessDelivery, benchStreamMemory, EVENT_STREAMS, MESSAGES_PER_SECOND } from './events';
import { runCapacity, runLoadOnTarget, TARGET } from './capacity';

const SECONDS = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 5);
/** The load test's length; `--load-seconds=10` for a quick look, 60 by default as the issue asks. */
const LOAD_SECONDS = Number(process.argv.find((a) => a.startsWith('--load-seconds='))?.split('=')[1] ?? 60);
/**
 * Pairs of turns of a figure and its baseline measured side by side (`sideBySide`); `--rounds=1` for a
 * quick look. On this shared two-core machine one turn lands up to a quarter off either way, and the
 * machine drifts over tens of seconds: fifteen short pairs, whose two turns share its state, and
 * their median ratio, which no single pair decides (decision 084).
 */
const ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 15);
/** One turn of a pair: long enough for thousands of requests (or hundreds of argon2id checks), short enough to keep the pair's two turns close. */
const TURN_SECONDS = 2;
const results: BenchResult[] = [];
/** Other work on the machine skews every figure; the report says how busy it was. */
const loadAtStart = os.loadavg()[0]!;

function log(message: string) {
  process.stdout.write(`${message}\n`);
}

async function withFreshApp(engine: Engine, run: (database: Awaited<ReturnType<typeof openBenchDatabase>>, app: FastifyInstance, url: string) => Promise<void>) {
  const database = await openBenchDatabase(engine, process.env.DATABASE_URL);
  const { app, url } = await startBenchApp(database);
  try {
    await run(database, app, url);
  } finally {
    await app.close();
    await database.close();
  }
}

/** Issue 12: ten CV uploads at once, and the memory they cost. */
async function runUploadBench() {
  const uploads = await benchConcurrentUploads();
  const uploadedMb = uploads.uploads * uploads.sizeMb;
  results.push({
    name: `${uploads.uploads} envois simultanés de CV de ${uploads.sizeMb} Mo : hausse de la mémoire résidente`,
    engine: 'pglite',
    figure: round(uploads.rssIncreaseMb, 1),
    unit: 'Mo',
    budget: '< 50 Mo',
    baseline: { name: 'volume envoyé', figure: uploadedMb, unit: 'Mo' },
    ratio: round(uploads.rssIncreaseMb / uploadedMb),
    pass: uploads.rssIncreaseMb < 50,
  });
  log(`envois : +${round(uploads.rssIncreaseMb, 1)} Mo de mémoire pour ${uploadedMb} Mo envoyés`);
}

/** Video lessons (issue 12): a 500 MB upload's memory, and a seek's latency. */
async function runMediaBenches() {
  const media = await benchMedia();
  results.push({
    name: 'Envoi d’une vidéo de 500 Mo : hausse de la mémoire résidente',
    engine: 'pglite',
    figure: media.uploadRssIncreaseMb,
    unit: 'Mo',
    budget: '< 50 Mo',
    baseline: { name: 'même serveur au repos, même durée', figure: media.idleRssIncreaseMb, unit: 'Mo' },
    // An idle server often rises by nothing at all: a ratio to zero would say nothing.
    ratio: media.idleRssIncreaseMb >= 1 ? round(media.uploadRssIncreaseMb / media.idleRssIncreaseMb) : undefined,
    pass: media.uploadRssIncreaseMb < 50,
  });
  log(`vidéo de 500 Mo envoyée en ${media.uploadSeconds} s : +${media.uploadRssIncreaseMb} Mo (au repos : +${media.idleRssIncreaseMb} Mo)`);
  results.push({
    name: 'Déplacement dans une vidéo de 500 Mo : 206 avec les premiers octets (p95)',
    engine: 'pglite',
    figure: media.seekP95Ms,
    unit: 'ms',
    budget: '< 100 ms',
    baseline: { name: 'fichier de 1 Ko entier, même route (p95)', figure: media.smallFileP95Ms, unit: 'ms' },
    ratio: round(media.seekP95Ms / media.smallFileP95Ms),
    pass: media.seekP95Ms < 100,
  });
  log(`déplacement : p95 ${media.seekP95Ms} ms (fichier de 1 Ko : ${media.smallFileP95Ms} ms)`);
}

async function runPlayerBench() {
  const player = await benchPlayer();
  results.push({
    name: 'Lecteur de cours interactif, serveur chaud (p95)',
    engine: 'pglite',
    figure: player.playerP95Ms,
    unit: 'ms',
    budget: '< 1000 ms',
    baseline: { name: 'page d’accueil interactive (p95)', figure: player.landingP95Ms, unit: 'ms' },
    ratio: round(player.playerP95Ms / player.landingP95Ms),
    pass: player.playerP95Ms < 1000,
  });
  log(`lecteur : p95 ${player.playerP95Ms} ms (page d’accueil : ${player.landingP95Ms} ms)`);
}

/** Goal 6 of issue 16: the landing page's JavaScript, Lighthouse on four pages (score, LCP, CLS, TBT), and each loading only its own screen's chunk. */
async function runLighthouseBench() {
  const landing = landingJavaScriptBytes();
  const budgetBytes = 170 * 1024;
  results.push({
    name: 'JavaScript gzip chargé par la page d’accueil',
    engine: '-',
    figure: round(landing.gzipBytes / 1024, 1),
    unit: 'Ko',
    budget: '≤ 170 Ko',
    baseline: { name: 'budget', figure: 170, unit: 'Ko' },
    ratio: round(landing.gzipBytes / budgetBytes),
    pass: landing.gzipBytes <= budgetBytes,
  });
  log(`page d’accueil : ${round(landing.gzipBytes / 1024, 1)} Ko gzip (${landing.files.length} fichiers)`);
  const { baseline, pages, benchmarkIndex } = await benchLighthouse(log);
  log(`lighthouse : indice de vitesse de la machine (benchmarkIndex) ${benchmarkIndex}`);
  const { score, lcpMs, cls, tbtMs } = LIGHTHOUSE_BUDGETS;
  const reference = 'page statique minimale, Fastify nu';
  const ratioTo = (figure: number, base: number) => (base > 0 ? round(figure / base) : undefined);
  /** The four Lighthouse figures of a page, each with its budget. */
  const metrics: Array<{ label: string; figure: (m: typeof baseline) => number; unit: string; budget: string; pass: (value: number) => boolean }> = [
    { label: 'score de performance', figure: (m) => m.score, unit: '/ 100', budget: `≥ ${score}`, pass: (v) => v >= score },
    { label: 'LCP', figure: (m) => m.lcpMs, unit: 'ms', budget: `≤ ${lcpMs} ms`, pass: (v) => v <= lcpMs },
    { label: 'CLS', figure: (m) => m.cls, unit: '', budget: `≤ ${String(cls).replace('.', ',')}`, pass: (v) => v <= cls },
    { label: 'TBT', figure: (m) => m.tbtMs, unit: 'ms', budget: `≤ ${tbtMs} ms`, pass: (v) => v <= tbtMs },
  ];
  for (const { label, path, measure } of pages) {
    const name = `Lighthouse mobile, ${label} (${path})`;
    results.push(
      ...metrics.map(({ label: metric, figure, unit, budget, pass }) => ({
        name: `${name} : ${metric}`,
        engine: 'pglite' as const,
        figure: figure(measure),
        unit,
        budget,
        baseline: { name: reference, figure: figure(baseline), unit },
        ratio: ratioTo(figure(measure), figure(baseline)),
        pass: pass(figure(measure)),
      })),
      {
        name: `${name} : écrans chargés autres que le sien`,
        engine: 'pglite',
        figure: measure.foreignPages.length,
        unit: [measure.foreignPages.length ? `(${measure.foreignPages.join(', ')})` : '', measure.missingPages.length ? `(non chargé : ${measure.missingPages.join(', ')})` : '']
          .filter(Boolean)
          .join(' '),
        budget: '0, et le sien chargé',
        baseline: { name: 'JavaScript transféré par la page', figure: round(measure.scriptBytes / 1024, 1), unit: 'Ko' },
        pass: measure.foreignPages.length === 0 && measure.missingPages.length === 0,
      },
    );
  }
}

/** A throughput measured side by side with its baseline, as a row judged at ≥ 80 % of it, and its log line with every pair's ratio. */
function recordThroughputRatio(
  engine: Engine,
  pair: Awaited<ReturnType<typeof sideBySide>>,
  row: { name: string; budget: string; baseline: string; baselineUnit: string; digits: number; logLabel: string; baselineLogLabel: string },
) {
  const figure = round(pair.measured, row.digits);
  const baseline = round(pair.baseline, row.digits);
  results.push({
    name: row.name,
    engine,
    figure,
    unit: 'req/s',
    budget: row.budget,
    baseline: { name: row.baseline, figure: baseline, unit: row.baselineUnit },
    ratio: round(pair.ratio),
    pass: pair.ratio >= 0.8,
  });
  log(`${row.logLabel} : ${figure} req/s, ${row.baselineLogLabel} : ${baseline} ${row.baselineUnit} (rapports : ${pair.ratios.map((r) => round(r)).join(', ')})`);
}

/**
 * Issue 30: authenticated GET /api/user/profile (session, user and profile in one prepared query)
 * against a bare Fastify route running that same prepared query, same parameters, same driver.
 */
async function profileBench(engine: Engine, database: Database, url: string) {
  const profile = await sideBySide(
    (seconds) => barePkSelectThroughput(database, seconds),
    (seconds) => profileThroughput(database, url, seconds),
  );
  recordThroughputRatio(engine, profile, {
    name: 'GET /api/user/profile authentifié, contre une route nue avec un SELECT par clé (req/s)',
    budget: '≥ 80 % de la route nue avec SELECT',
    baseline: 'route Fastify nue + la même requête préparée que le profil, même pilote',
    baselineUnit: 'req/s',
    digits: 0,
    logLabel: 'profil',
    baselineLogLabel: 'route nue + SELECT',
  });
}

/**
 * Issue 30: sign-ins per second against raw argon2id verifications with the same parameters and
 * concurrency; then against a bare route verifying the same password, which weighs what the login
 * adds itself, HTTP and the load generator being on both sides (decision 085).
 */
async function loginBench(engine: Engine, database: Database, url: string) {
  const login = (seconds: number) => loginThroughput(database, url, seconds);
  recordThroughputRatio(engine, await sideBySide(rawArgonVerifyThroughput, login, LOGIN_WARM_UP_SECONDS), {
    name: 'POST /api/login (req/s)',
    budget: '≥ 80 % de la vérification argon2id brute',
    baseline: 'argon2id verify brut, mêmes paramètres',
    baselineUnit: 'op/s',
    digits: 1,
    logLabel: 'connexion',
    baselineLogLabel: 'argon2id brut',
  });
  recordThroughputRatio(engine, await sideBySide(bareArgonRouteThroughput, login), {
    name: 'POST /api/login, contre une route nue qui vérifie le même mot de passe (req/s)',
    budget: '≥ 80 % de la route nue',
    baseline: 'route Fastify nue + argon2id verify, même corps JSON',
    baselineUnit: 'req/s',
    digits: 1,
    logLabel: 'connexion',
    baselineLogLabel: 'route nue + argon2id',
  });
}

/**
 * An unrecorded turn of each side before the rounds: the first requests of a route pay V8's compiling
 * it and the statements' preparing, which a running server has long paid.
 */
const WARM_UP_SECONDS = 2;
/**
 * A login's warm-up. V8 compiles a function once it has run enough, and a login runs about a hundred
 * times a second here where a profile read runs five thousand times: after 2 s of logins V8 is still
 * compiling their code, and goes on for about 25 s (measured 2026-12-07 on PGlite: the main thread's
 * compiled code grew from 4.1 to 4.9 MB, then stayed; per login, the compiler threads' CPU fell from
 * 1.4 to 0.1 ms and the main thread's from 2.3 to 1.1 ms). Decision 085.
 */
const LOGIN_WARM_UP_SECONDS = 30;

/**
 * A figure and its baseline measured in pairs of turns after a warm-up turn of each, `ROUNDS` pairs,
 * which side goes first alternating from one pair to the next so that neither always follows the
 * other; the report keeps the median pair (by its ratio).
 */
async function sideBySide(
  baseline: (seconds: number) => Promise<number>,
  measured: (seconds: number) => Promise<number>,
  measuredWarmUpSeconds = WARM_UP_SECONDS,
): Promise<{ baseline: number; measured: number; ratio: number; ratios: number[] }> {
  await baseline(WARM_UP_SECONDS);
  await measured(measuredWarmUpSeconds);
  const pairs: Array<{ baseline: number; measured: number; ratio: number }> = [];
  for (let i = 0; i < ROUNDS; i++) {
    let base: number;
    let figure: number;
    if (i % 2 === 0) {
      base = await baseline(TURN_SECONDS);
      figure = await measured(TURN_SECONDS);
    } else {
      figure = await measured(TURN_SECONDS);
      base = await baseline(TURN_SECONDS);
    }
    pairs.push({ baseline: base, measured: figure, ratio: figure / base });
  }
  const ratios = pairs.map((r) => r.ratio);
  const middle = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)]!;
  return { ...middle, ratios };
}

async function runProfileBenches() {
  for (const engine of engines()) {
    const database = await openBenchDatabase(engine, process.env.DATABASE_URL);
    const { app, url } = await startBenchApp(database);
    try {
      await profileBench(engine, database, url);
      await loginBench(engine, database, url);
    } finally {
      await app.close();
      await database.close();
    }
  }
}

/** The mixed load against the compiled server in a process of its own, so that the load generator never shares its event loop. */
async function loadOnServerProcess(engine: Engine, connections: number, options: { probe?: boolean } = {}) {
  const server = await startServerProcess(engine, { databaseUrl: process.env.DATABASE_URL });
  try {
    const idleProbe = options.probe ? await freshConnectionLatency(server.url) : 0;
    const load = await benchLoad(server.url, { connections, seconds: LOAD_SECONDS, probe: options.probe });
    return { load, idleProbe };
  } finally {
    await server.stop();
  }
}

/**
 * Goals 1 and 3 of issue 16, kept by issue 30 as a regression guard: 300 users on each engine with
 * no error, a newcomer's connection answered within a second meanwhile. (The throughput of 2 API
 * processes against 1 was withdrawn: on two cores they share the same processors; the capacity
 * model projects it instead.)
 */
async function runLoadBenches() {
  const users = 300;
  for (const engine of engines()) {
    const { load, idleProbe } = await loadOnServerProcess(engine, users, { probe: true });
    const errors = load.errors + load.non2xx;
    results.push({
      name: `Charge : ${users} utilisateurs simultanés pendant ${LOAD_SECONDS} s, parcours mixte (erreurs)`,
      engine,
      figure: errors,
      unit: `erreur(s) sur ${load.requests} requêtes`,
      budget: '0 erreur',
      baseline: { name: 'débit et latences observés', figure: load.rps, unit: `req/s, p95 ${load.p95Ms} ms, p99 ${load.p99Ms} ms` },
      pass: errors === 0,
    });
    results.push({
      name: `Nouvelle connexion ouverte chaque seconde pendant la charge de ${users} utilisateurs : page d’accueil, réponse la plus lente`,
      engine,
      figure: load.probeMaxMs!,
      unit: `ms (${load.probes} connexions, à partir de la ${PROBE_RAMP_SECONDS}e seconde ; avant, pendant l’arrivée des ${users} premières requêtes : ${load.rampProbeMaxMs} ms)`,
      budget: '≤ 1000 ms',
      baseline: { name: 'même connexion, serveur au repos', figure: round(idleProbe, 1), unit: 'ms' },
      ratio: round(load.probeMaxMs! / idleProbe),
      pass: load.probeMaxMs! <= 1000,
    });
    log(`charge (${engine}) : ${load.requests} requêtes, ${errors} erreur(s) (statuts : ${JSON.stringify(load.statusCodes)}, ${load.errors} sans réponse), ${load.rps} req/s, p99 ${load.p99Ms} ms ; nouvelle connexion : ${load.probeMaxMs} ms au pire (au repos : ${round(idleProbe, 1)} ms ; pendant les ${PROBE_RAMP_SECONDS} premières secondes : ${load.rampProbeMaxMs} ms)`);
  }
}

/**
 * Goal 4 of issue 16: process start to first answer of the compiled server, with the demo data, on
 * each engine. The bare process is shown for reference only: issue 30 withdrew the ratio to it,
 * which two cores cannot show (the embedded database's WebAssembly alone outweighs it).
 */
async function runStartupBench() {
  const budgets: Record<Engine, number> = { pglite: 1500, postgres: 1000 };
  for (const engine of engines()) {
    const restart = await benchRestart(engine, process.env.DATABASE_URL);
    results.push({
      name: 'Démarrage du processus jusqu’à la première réponse (serveur compilé, données de démonstration)',
      engine,
      figure: restart.restartMs,
      unit: 'ms',
      budget: `≤ ${budgets[engine]} ms`,
      baseline: { name: 'processus Fastify nu', figure: restart.baselineMs, unit: 'ms' },
      ratio: round(restart.restartMs / restart.baselineMs),
      pass: restart.restartMs <= budgets[engine],
    });
    log(`démarrage (${engine}) : ${restart.restartMs} ms (Fastify nu : ${restart.baselineMs} ms)`);
  }
}

/** Goal 5 of issue 16: French full-text catalogue search (decision 027) at 10,000 then 100,000 courses, one database; issue 30 judges its growth. */
async function runCatalogueBench(engine: Engine) {
  await withFreshApp(engine, async (database, app) => {
    let previous: GrowthStep | null = null;
    for (const courses of CATALOGUE_SEARCH_STEPS) {
      const catalogue = await benchCatalogueSearch(database.db, app, courses, previous?.rows ?? 0);
      log(`catalogue ${courses} : p95 ${catalogue.p95Ms} ms, p50 ${catalogue.p50Ms} ms`);
      const step = { rows: courses, p95Ms: catalogue.p95Ms };
      if (previous) results.push(growthResult('Recherche catalogue en français', 'cours', engine, previous, step));
      previous = step;
    }
  });
}

/** The administration's user list (search, filters, pages) at 1,000 → 10,000 → 100,000 users, one database growing (issue 30). */
async function runAdminUsersBench(engine: Engine) {
  await withFreshApp(engine, async (database, app) => {
    const headers = await prepareDashboardBench(database.db);
    let previous: GrowthStep | null = null;
    for (const size of DASHBOARD_USER_STEPS) {
      await seedDashboardUsers(database.db, size, previous?.rows ?? 0);
      const measured = await benchDashboardSearch(app, headers);
      log(`liste des utilisateurs ${size} : p95 ${measured.p95Ms} ms, p50 ${measured.p50Ms} ms`);
      const step = { rows: size, p95Ms: measured.p95Ms };
      if (previous) results.push(growthResult('Liste des utilisateurs (admin), recherche + filtres + page', 'utilisateurs', engine, previous, step));
      previous = step;
    }
  });
}

/**
 * Issue 25, fault 2: an organisation's dashboard (p95 of its pages) and its streamed CSV export at
 * 1,000 → 10,000 → 100,000 members, one database growing; issue 30 judges the p95's growth.
 * `--members-scale=0.01` checks the bench itself at 10 → 100 → 1,000 members (its figures are not
 * written as results then).
 */
async function runOrganisationDashboardBench(engine: Engine) {
  const scale = Number(process.argv.find((a) => a.startsWith('--members-scale='))?.split('=')[1] ?? 1);
  await withFreshApp(engine, async (database, app) => {
    const bench = await prepareOrganisationBench(database.db);
    let previous: GrowthStep | null = null;
    for (const target of ORGANISATION_DASHBOARD_STEPS) {
      const size = Math.max(1, Math.round(target * scale));
      await growOrganisation(database.db, bench, previous?.rows ?? 0, size);
      const measured = await benchOrganisationDashboard(app, bench);
      log(`tableau de bord d'organisation ${size} membres : p95 ${measured.p95Ms} ms, p50 ${measured.p50Ms} ms, export CSV ${measured.exportMs} ms (${measured.exportLines} lignes)`);
      const step = { rows: size, p95Ms: measured.p95Ms };
      if (previous && scale === 1) results.push(growthResult("Tableau de bord d'une organisation", 'membres', engine, previous, step));
      previous = step;
    }
  });
}

/**
 * Issue 26, the live events: the memory of 2,000 open streams on one API process (PGlite), and on
 * PostgreSQL the delay from a message sent on one API process to its event on another's stream;
 * each against a bare Fastify stream measured in the same run.
 */
async function runEventsBenches() {
  const memory = await benchStreamMemory();
  results.push({
    name: `${EVENT_STREAMS.toLocaleString('fr-FR')} flux d’événements ouverts : mémoire résidente par flux`,
    engine: 'pglite',
    figure: round(memory.apiKb, 1),
    unit: 'Ko',
    budget: '< 64 Ko par flux',
    baseline: { name: 'route SSE Fastify nue, même nombre de flux', figure: round(memory.bareKb, 1), unit: 'Ko' },
    ratio: memory.bareKb > 0 ? round(memory.apiKb / memory.bareKb) : undefined,
    pass: memory.apiKb < 64,
  });
  log(`flux d’événements : ${round(memory.apiKb, 1)} Ko par flux (Fastify nu : ${round(memory.bareKb, 1)} Ko)`);
  if (!process.env.DATABASE_URL) {
    log('délai d’un message entre deux processus : PostgreSQL seulement (DATABASE_URL absent)');
    return;
  }
  const delivery = await benchCrossProcessDelivery(process.env.DATABASE_URL);
  results.push({
    name: `Message envoyé sur un processus, reçu sur le flux d’un autre, ${MESSAGES_PER_SECOND} messages/s (p95)`,
    engine: 'postgres',
    figure: delivery.apiP95Ms,
    unit: 'ms',
    budget: '< 250 ms, aucun perdu',
    baseline: { name: 'flux Fastify nu alimenté dans le même processus (p95)', figure: delivery.bareP95Ms, unit: 'ms' },
    ratio: delivery.bareP95Ms > 0 ? round(delivery.apiP95Ms / delivery.bareP95Ms) : undefined,
    pass: delivery.apiP95Ms < 250 && delivery.apiLost === 0,
  });
  log(`message entre deux processus : p95 ${delivery.apiP95Ms} ms, ${delivery.apiLost} perdu(s) (Fastify nu : p95 ${delivery.bareP95Ms} ms)`);
}

function engines(): Engine[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * `npm run bench -- --only=media` (or `player`) measures one family and updates its rows of docs/benchmarks.md,
 * keeping the others as the last full run left them.
 */
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1];

async function main() {
  // `--no-build` measures the interface already in dist/web (e.g. while browser tests serve it).
  const withoutInterface = ['media', 'startup', 'uploads', 'catalogue', 'admin', 'organisation', 'growth', 'profile', 'events', 'capacity'];
  if (!(ONLY ?? '').split(',').every((name) => withoutInterface.includes(name)) && !process.argv.includes('--no-build')) {
    log('Construction de l’interface web (pour mesurer le JavaScript et le lecteur)…');
    execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  }
  // Every family, in the order of the full run.
  const families: Record<string, () => Promise<void>> = {
    player: runPlayerBench,
    lighthouse: runLighthouseBench,
    startup: runStartupBench,
    uploads: runUploadBench,
    media: runMediaBenches,
    profile: runProfileBenches,
    catalogue: async () => {
      for (const engine of engines()) await runCatalogueBench(engine);
    },
    admin: async () => {
      for (const engine of engines()) await runAdminUsersBench(engine);
    },
    organisation: async () => {
      for (const engine of engines()) await runOrganisationDashboardBench(engine);
    },
    // `--target=URL` (decision 057): the load generator against a server already running on another host.
    load: TARGET ? () => runLoadOnTarget({ connections: 300, seconds: LOAD_SECONDS, log }) : runLoadBenches,
    events: runEventsBenches,
    capacity: () => runCapacity({ seconds: SECONDS, log, loadAtStart }),
  };
  /** The three growth families of issue 30, for `--only=growth`. */
  const aliases: Record<string, string[]> = { growth: ['catalogue', 'admin', 'organisation'] };
  // `--only=profile,growth`: several families in one run, the report naming them all.
  const chosen = ONLY ? ONLY.split(',').flatMap((name) => aliases[name] ?? [name]) : Object.keys(families);
  for (const name of chosen) if (!families[name]) throw new Error(`Famille inconnue : ${name} (au choix : ${[...Object.keys(families), ...Object.keys(aliases)].join(', ')}).`);
  for (const name of chosen) {
    // A family that breaks is a failed row of the report, not the end of the run.
    try {
      await families[name]!();
    } catch (error) {
      log(`famille ${name} : ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      results.push({ name: `Famille ${name} : exécution`, engine: '-', figure: 0, unit: `échec : ${error instanceof Error ? error.message : String(error)}`.slice(0, 200), budget: 'sans erreur', pass: false });
    }
  }
  writeReport(ONLY ? chosen : undefined);
  const failed = results.filter((r) => !r.pass);
  log(failed.length ? `\n${failed.length} budget(s) dépassé(s).` : '\nTous les budgets sont tenus.');
  process.exitCode = failed.length ? 1 : 0;
}

/** The report; with the families of a partial run (`--only`), their rows replace theirs in the existing report. */
function writeReport(families?: string[]) {
  const rows = results.map((r) =>
    [
      r.name,
      r.engine,
      `${r.figure} ${r.unit}`.trim(),
      r.budget,
      r.baseline ? `${r.baseline.name} : ${r.baseline.figure} ${r.baseline.unit}`.trim() : '',
      r.ratio ?? '',
      r.pass ? 'tenu' : '**dépassé**',
    ].join(' | '),
  );
  const header = ['| mesure | base | valeur | budget | référence (même exécution) | ratio | verdict |', '|---|---|---|---|---|---|---|'];
  const lines = rows.map((r) => `| ${r} |`);
  if (families && fs.existsSync('docs/benchmarks.md')) {
    const previous = fs.readFileSync('docs/benchmarks.md', 'utf8');
    // The rows measured now replace their previous figures; the others stay as they were. A family that
    // ran leaves no failure row of an earlier run behind (its new one, if it failed again, is among `lines`).
    const measured = new Set([...results.map((r) => `| ${r.name} | ${r.engine} |`), ...families.map((name) => `| Famille ${name} : exécution | - |`)]);
    const kept = previous
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| mesure') && ![...measured].some((key) => line.startsWith(key)));
    const table = [...header, ...kept, ...lines].join('\n');
    // An earlier partial run's note stays while a row it names is still there from before (another engine,
    // say); one whose rows this run all measured again describes nothing left. This run's note comes last.
    const top = previous.slice(0, previous.indexOf('| mesure'));
    const namesIn = (note: string) => (/cœurs\) : (.*)\.$/.exec(note)?.[1] ?? '').split(' ; ');
    const notes = (top.match(/^Lignes mises à jour seules[^\n]*$/gm) ?? []).filter((note) => namesIn(note).some((name) => kept.some((line) => line.startsWith(`| ${name} |`))));
    const intro = top.replace(/\n*Lignes mises à jour seules[^\n]*\n*/g, '\n\n').trimEnd();
    const names = [...new Set(results.map((r) => r.name))];
    const note = `Lignes mises à jour seules le ${new Date().toISOString().slice(0, 10)} par \`npm run bench -- ${process.argv.slice(2).join(' ')}\` (charge moyenne au départ : ${round(loadAtStart, 1)} pour ${os.cpus().length} cœurs) : ${names.join(' ; ')}.`;
    fs.writeFileSync('docs/benchmarks.md', `${[intro, ...notes, note].join('\n\n')}\n\n${table}\n`);
    log(`\n${table}\n\nRapport mis à jour dans docs/benchmarks.md`);
    return;
  }
  const table = [...header, ...lines].join('\n');
  const report = `# Mesures de performance\n\nProduit par \`npm run bench\` le ${new Date().toISOString().slice(0, 10)} sur ${process.platform} ${process.arch}, Node ${process.version}, ${
    (process.env.DATABASE_URL ? 'PGlite et PostgreSQL' : 'PGlite')
  }. Chaque valeur est rapportée à une référence mesurée dans la même exécution. Charge moyenne de la machine au départ : ${round(loadAtStart, 1)} pour ${os.cpus().length} cœurs${
    loadAtStart > os.cpus().length ? ' : machine saturée, les valeurs absolues sont pessimistes' : ''
  }.\n\n${table}\n`;
  fs.mkdirSync('docs', { recursive: true });
  fs.writeFileSync('docs/benchmarks.md', report);
  log(`\n${table}\n\nRapport écrit dans docs/benchmarks.md`);
}

await main();
process.exit();
