/**
 * `npm run bench`: every performance budget of the issues, each measured against a baseline
 * taken in the same run, on PGlite and (when DATABASE_URL is set) on PostgreSQL.
 * Writes docs/benchmarks.md and prints the same table.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { landingJavaScriptBytes } from './bundle';
import { bareFastifyThroughput, loginThroughput, profileThroughput, rawArgonVerifyThroughput } from './http';
import { openBenchDatabase, round, startBenchApp, type BenchResult, type Engine } from './lib';
import { benchRestart } from './startup';

const SECONDS = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 5);
const results: BenchResult[] = [];

function log(message: string) {
  process.stdout.write(`${message}\n`);
}

async function benchEngine(engine: Engine) {
  log(`\n== ${engine} ==`);
  const database = await openBenchDatabase(engine, process.env.DATABASE_URL);
  const { app, url } = await startBenchApp(database);
  try {
    const bare = await bareFastifyThroughput(SECONDS);
    const profile = await profileThroughput(database, url, SECONDS);
    results.push({
      name: 'GET /api/user/profile authentifié (req/s)',
      engine,
      figure: round(profile, 0),
      unit: 'req/s',
      budget: '≥ 40 % d’une route Fastify nue',
      baseline: { name: 'route Fastify nue', figure: round(bare, 0), unit: 'req/s' },
      ratio: round(profile / bare),
      pass: profile / bare >= 0.4,
    });
    log(`profil : ${round(profile, 0)} req/s, route nue : ${round(bare, 0)} req/s`);

    const argon = await rawArgonVerifyThroughput(SECONDS);
    const login = await loginThroughput(database, url, SECONDS);
    results.push({
      name: 'POST /api/login (req/s)',
      engine,
      figure: round(login, 1),
      unit: 'req/s',
      budget: '≥ 80 % de la vérification argon2id brute',
      baseline: { name: 'argon2id verify brut', figure: round(argon, 1), unit: 'op/s' },
      ratio: round(login / argon),
      pass: login / argon >= 0.8,
    });
    log(`connexion : ${round(login, 1)} req/s, argon2id brut : ${round(argon, 1)} op/s`);
  } finally {
    await app.close();
    await database.close();
  }
}

async function main() {
  log('Construction de l’interface web (pour mesurer le JavaScript de la page d’accueil)…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
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

  const restart = await benchRestart();
  results.push({
    name: 'Redémarrage jusqu’à la première réponse',
    engine: 'pglite',
    figure: restart.restartMs,
    unit: 'ms',
    budget: '≤ 3000 ms',
    baseline: { name: 'serveur Fastify nu', figure: restart.baselineMs, unit: 'ms' },
    ratio: round(restart.restartMs / restart.baselineMs),
    pass: restart.restartMs <= 3000,
  });
  log(`redémarrage : ${restart.restartMs} ms (Fastify nu : ${restart.baselineMs} ms)`);

  const engines: Engine[] = ['pglite'];
  if (process.env.DATABASE_URL) engines.push('postgres');
  for (const engine of engines) await benchEngine(engine);

  writeReport();
  const failed = results.filter((r) => !r.pass);
  log(failed.length ? `\n${failed.length} budget(s) dépassé(s).` : '\nTous les budgets sont tenus.');
  process.exitCode = failed.length ? 1 : 0;
}

function writeReport() {
  const rows = results.map((r) =>
    [
      r.name,
      r.engine,
      `${r.figure} ${r.unit}`,
      r.budget,
      r.baseline ? `${r.baseline.name} : ${r.baseline.figure} ${r.baseline.unit}` : '',
      r.ratio ?? '',
      r.pass ? 'tenu' : '**dépassé**',
    ].join(' | '),
  );
  const table = ['| mesure | base | valeur | budget | référence (même exécution) | ratio | verdict |', '|---|---|---|---|---|---|---|', ...rows.map((r) => `| ${r} |`)].join('\n');
  const report = `# Mesures de performance\n\nProduit par \`npm run bench\` le ${new Date().toISOString().slice(0, 10)} sur ${process.platform} ${process.arch}, Node ${process.version}, ${
    (process.env.DATABASE_URL ? 'PGlite et PostgreSQL' : 'PGlite')
  }. Chaque valeur est rapportée à une référence mesurée dans la même exécution.\n\n${table}\n`;
  fs.mkdirSync('docs', { recursive: true });
  fs.writeFileSync('docs/benchmarks.md', report);
  log(`\n${table}\n\nRapport écrit dans docs/benchmarks.md`);
}

await main();
process.exit();
