/**
 * Goal 6 of issue 16: Lighthouse (mobile settings: a mid-range phone, slow 4G and a 4× slower CPU,
 * simulated) on the landing page, the catalogue, a course page and the player, in the system
 * Chromium, against the built interface served by the real server. Baseline: a tiny static page
 * served by a bare Fastify, measured the same way in the same run. Also checks, from the requests
 * each page made, that it loaded its own screen's chunk and no other screen's.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from '@playwright/test';
import Fastify from 'fastify';
import { pageChunks } from './bundle';
import { startHttpsFront } from './https-front';
import { openBenchDatabase, round, startBenchApp } from './lib';
import { roundPages, type MeasuredPage, type Role } from './lighthouse-pages';
import { chromiumLaunch } from '../playwright.config';
import { demoLearner } from './player';

/** Lighthouse's figures vary from run to run: each page is measured this many times and the median kept. */
const RUNS = Number(process.argv.find((a) => a.startsWith('--lighthouse-runs='))?.split('=')[1] ?? 5);

/** `--lighthouse-pages=word,word` measures only the pages whose label or address holds one of the words (to work on a few). */
const ONLY_PAGES = process.argv
  .find((a) => a.startsWith('--lighthouse-pages='))
  ?.split('=')[1]
  ?.split(',')
  .filter(Boolean);

/** `--lighthouse-reports=dir` keeps each run's full report (JSON, to open in the Lighthouse viewer) to see what to fix. */
const REPORTS_DIR = process.argv.find((a) => a.startsWith('--lighthouse-reports='))?.split('=')[1];

/**
 * `--lighthouse-traces`, with `--lighthouse-reports`, keeps each run's trace beside its report
 * (`….trace.json`, to open in Chromium's Performance panel), with V8's sampling profiler on: the
 * functions inside each long task, which the report alone does not name. The profiler's own cost
 * weighs on the figures of such a run.
 */
const KEEP_TRACES = process.argv.includes('--lighthouse-traces');

/**
 * `--lighthouse-http1` measures the server as it answers by itself, over plain HTTP/1.1, instead of
 * through the TLS and HTTP/2 front that production puts before it (decision 068).
 */
const PLAIN_HTTP1 = process.argv.includes('--lighthouse-http1');

export const LIGHTHOUSE_BUDGETS = { score: 95, lcpMs: 2500, cls: 0.05, tbtMs: 150 };

export interface PageMeasure {
  /** Performance score, 0 to 100. */
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Bytes of JavaScript transferred (compressed, as sent). */
  scriptBytes: number;
  /** Screens' chunks the page loaded that are not its own. */
  foreignPages: string[];
  /** Its own screens' chunks it did not load (the check would otherwise pass on a page that failed to load). */
  missingPages: string[];
}

export interface LighthouseBench {
  baseline: PageMeasure;
  pages: Array<{ label: string; path: string; measure: PageMeasure }>;
  /** Lighthouse's estimate of the machine's speed (its CPU benchmark); about 1000 for a recent desktop. */
  benchmarkIndex: number;
}

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A page with a heading and a paragraph, no script, no style sheet: the best a page can score here. */
async function startBaselineServer() {
  const app = Fastify();
  app.get('/', (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
          '<title>Référence</title></head><body><h1>Se former au développement durable</h1><p>Une page statique minimale.</p></body></html>',
      ),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}/` };
}

/** What the bench reads of a Lighthouse run (its `RunnerResult`). */
interface LighthouseResult {
  lhr: {
    runtimeError?: { code: string; message: string };
    audits: Record<string, { numericValue?: number; details?: unknown }>;
    categories: { performance?: { score: number | null } };
    environment: { benchmarkIndex: number };
  };
  artifacts: { Trace: unknown };
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;

/**
 * Lighthouse and its 200 packages live in a package of their own, tools/lighthouse, with its own
 * lock file: only this bench uses them, and each `npm ci` of the project spent 8 to 10 s writing
 * them (decision 082). The first measurement installs them there.
 */
const LIGHTHOUSE_PACKAGE = fileURLToPath(new URL('../tools/lighthouse/', import.meta.url));

async function loadLighthouse(log: (message: string) => void): Promise<Lighthouse> {
  // npm records what it installed in node_modules/.package-lock.json: older than the lock file, the
  // install predates a change of version, and is made again.
  const installed = path.join(LIGHTHOUSE_PACKAGE, 'node_modules', '.package-lock.json');
  const lock = path.join(LIGHTHOUSE_PACKAGE, 'package-lock.json');
  if (!fs.existsSync(installed) || fs.statSync(installed).mtimeMs < fs.statSync(lock).mtimeMs) {
    log('installation de Lighthouse pour le banc (tools/lighthouse)…');
    execFileSync('npm', ['ci', '--no-fund', '--no-audit'], { cwd: LIGHTHOUSE_PACKAGE, stdio: 'inherit' });
  }
  const loaded = (await import(pathToFileURL(path.join(LIGHTHOUSE_PACKAGE, 'index.mjs')).href)) as { default: Lighthouse };
  return loaded.default;
}

/** Runs lost to a broken trace that are made again before giving up. */
const MAX_RETRIES = 2;

/**
 * Runs Lighthouse `RUNS` times on `url` in the browser listening on `port`; median of each figure.
 * `ownPages` are the screens (sources in the Vite manifest) the address should load.
 */
async function measure(lighthouse: Lighthouse, port: number, url: string, ownPages: string[], chunks: Map<string, string>): Promise<PageMeasure> {
  const runs: PageMeasure[] = [];
  let retries = 0;
  for (let i = 0; i < RUNS; i++) {
    // The live events' stream (GET /api/events), opened by the bell of every signed-in page, never ends:
    // Lighthouse would wait its 45 s limit for the network to be quiet on each run. It is blocked; the
    // app retries it later, and the figures are read from the trace of the load.
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      blockedUrlPatterns: ['*/api/events*'],
      additionalTraceCategories: KEEP_TRACES ? 'disabled-by-default-v8.cpu_profiler' : null,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse n’a rien rendu pour ${url}`);
    // NO_NAVSTART and its kin: the trace was lost (Lighthouse itself says to run again), not a slow page.
    if (lhr.runtimeError && retries < MAX_RETRIES) {
      retries++;
      i--;
      continue;
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse : ${lhr.runtimeError.code} ${lhr.runtimeError.message} (${url})`);
    if (REPORTS_DIR) {
      fs.mkdirSync(REPORTS_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'accueil'}-${new URL(url).port}-${i + 1}.json`;
      fs.writeFileSync(path.join(REPORTS_DIR, name), JSON.stringify(lhr));
      if (KEEP_TRACES) fs.writeFileSync(path.join(REPORTS_DIR, name.replace(/\.json$/, '.trace.json')), JSON.stringify(result.artifacts.Trace));
    }
    const audit = (id: string) => lhr.audits[id]!;
    const requests = ((audit('network-requests').details as { items?: NetworkRequest[] } | undefined)?.items ?? []) as NetworkRequest[];
    const loaded = new Set(requests.map((r) => new URL(r.url).pathname.slice(1)));
    const foreignPages = [...chunks].filter(([source, file]) => !ownPages.includes(source) && loaded.has(file)).map(([source]) => path.basename(source, '.tsx'));
    const missingPages = ownPages.filter((source) => !loaded.has(chunks.get(source) ?? '')).map((source) => path.basename(source, '.tsx'));
    runs.push({
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint').numericValue ?? NaN,
      cls: audit('cumulative-layout-shift').numericValue ?? NaN,
      tbtMs: audit('total-blocking-time').numericValue ?? NaN,
      scriptBytes: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      foreignPages,
      missingPages,
    });
    benchmarkIndexes.push(lhr.environment.benchmarkIndex);
  }
  return {
    score: median(runs.map((r) => r.score)),
    lcpMs: round(median(runs.map((r) => r.lcpMs)), 0),
    cls: round(median(runs.map((r) => r.cls)), 3),
    tbtMs: round(median(runs.map((r) => r.tbtMs)), 0),
    scriptBytes: median(runs.map((r) => r.scriptBytes)),
    // A chunk loaded once is a chunk too many: the union over the runs.
    foreignPages: [...new Set(runs.flatMap((r) => r.foreignPages))],
    missingPages: [...new Set(runs.flatMap((r) => r.missingPages))],
  };
}

const benchmarkIndexes: number[] = [];

/**
 * The page shows its content (a level-1 heading in `main`) before Lighthouse measures it: a build whose
 * pages rendered nothing there once read as the fastest of all, every budget met (decision 072).
 */
async function expectPageShown(browser: BrowserContext, url: string, label: string): Promise<void> {
  const tab = await browser.newPage();
  try {
    await tab.goto(url);
    await tab.locator('main h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  } catch (error) {
    throw new Error(`${label} : ${url} ne montre pas son titre (h1 dans main), ses mesures ne vaudraient rien`, { cause: error });
  } finally {
    await tab.close();
  }
}

export async function benchLighthouse(log: (message: string) => void): Promise<LighthouseBench> {
  const lighthouse = await loadLighthouse(log);
  const chunks = pageChunks();
  const database = await openBenchDatabase('pglite');
  const { app, url, config } = await startBenchApp(database, { webDistDir: path.resolve('dist/web') });
  const baselineServer = await startBaselineServer();
  const fronts = PLAIN_HTTP1 ? [] : [await startHttpsFront(url), await startHttpsFront(baselineServer.url)];
  const pagesOrigin = fronts[0]?.url ?? url;
  const baselineUrl = fronts[1] ? `${fronts[1].url}/` : baselineServer.url;
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ecoforma-lighthouse-'));
  // Lighthouse drives the browser through its debugging port; a persistent profile is the browser's
  // default context, where Lighthouse opens its tabs and where the learner's session is stored below.
  const browser = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunch,
    // The fronts' certificates are made for the run: nobody signed them.
    args: [...chromiumLaunch.args, '--headless=new', `--remote-debugging-port=${port}`, ...(PLAIN_HTTP1 ? [] : ['--ignore-certificate-errors'])],
  });
  try {
    const { first, storage } = await demoLearner(database, config);
    const baseline = await measure(lighthouse, port, baselineUrl, [], chunks);
    log(`lighthouse, page de référence : score ${baseline.score}, LCP ${baseline.lcpMs} ms, CLS ${baseline.cls}, TBT ${baseline.tbtMs} ms`);
    const { pages: added, storage: storageOf } = await roundPages(database, config, url, {
      courseId: first.courseId,
      learner: { id: Number(storage.userId), storage },
    });
    const course = String(first.courseId);
    const issue16: MeasuredPage[] = [
      { role: 'visiteur', label: 'page d’accueil', path: '/', shown: '/', own: ['features/site/pages/LandingPage.tsx'] },
      { role: 'visiteur', label: 'catalogue', path: '/courses', shown: '/courses', own: ['features/courses/pages/CataloguePage.tsx'] },
      {
        role: 'visiteur',
        label: 'page d’un cours',
        path: `/courses/${course}`,
        shown: '/courses/{id}',
        own: ['features/courses/pages/CourseOrCategoryPage.tsx', 'features/courses/pages/CourseDetailPage.tsx'],
      },
      { role: 'membre', label: 'lecteur de cours', path: `/user/courses/${course}/learn`, shown: '/user/courses/{id}/learn', own: ['features/learning/pages/PlayerPage.tsx'] },
    ];
    // One role after the other, the session of each placed once.
    const order: Role[] = ['visiteur', 'membre', 'organisme', 'formateur', 'admin'];
    const toMeasure = [...issue16, ...added]
      .filter((page) => !ONLY_PAGES || ONLY_PAGES.some((word) => page.label.includes(word) || page.shown.includes(word)))
      .sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
    const pages: LighthouseBench['pages'] = [];
    let signedIn: Role = 'visiteur';
    for (const page of toMeasure) {
      if (page.role !== signedIn) {
        // The session goes where the web app keeps it (localStorage, which Lighthouse's reset between
        // runs leaves alone), set from a page of the origin that loads no script.
        const tab = await browser.newPage();
        await tab.goto(`${pagesOrigin}/api/health`);
        await tab.evaluate((values) => {
          localStorage.clear();
          for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
        }, page.role === 'visiteur' ? {} : storageOf[page.role]);
        await tab.close();
        signedIn = page.role;
      }
      const started = Date.now();
      await expectPageShown(browser, `${pagesOrigin}${page.path}`, page.label);
      const measured = await measure(lighthouse, port, `${pagesOrigin}${page.path}`, page.own, chunks);
      pages.push({ label: page.label, path: page.shown, measure: measured });
      log(
        `lighthouse, ${page.label} (${page.role}) : score ${measured.score}, LCP ${measured.lcpMs} ms, CLS ${measured.cls}, TBT ${measured.tbtMs} ms, ` +
          `JS ${round(measured.scriptBytes / 1024, 1)} Ko, ${round((Date.now() - started) / 1000, 0)} s`,
      );
    }
    return { baseline, pages, benchmarkIndex: round(median(benchmarkIndexes), 0) };
  } finally {
    // A browser that went away during a run already failed the run: closing it again would throw
    // « Target page, context or browser has been closed » and hide the first error in the report.
    await browser.close().catch(() => undefined);
    fs.rmSync(profile, { recursive: true, force: true });
    for (const front of fronts) await front.close();
    await baselineServer.app.close();
    await app.close();
    await database.close();
  }
}
