// The server the browser tests drive: the built SPA, a brand-new database, the demo catalogue.
// The database is PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server (CI), a fresh
// database there: PostgreSQL runs its queries beside the API process instead of on its one
// thread, which the two browser workers otherwise keep waiting on.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { ensureBuild } from './ensure-build.mjs';

const port = process.env.E2E_PORT ?? '4173';
const dataDir = `.tmp/e2e-data-${port}`;
fs.rmSync(dataDir, { recursive: true, force: true });

async function freshPostgresDatabase(serverUrl) {
  const name = `ecoforma_e2e_${port}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
    // Thrown away after the run, like the API tests' databases: a commit need not wait for the disk.
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const databaseUrl = process.env.TEST_DATABASE_URL ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL) : '';

// The compiled server, as `npm start` runs it; rebuilt first if its sources changed (the SPA is built by the caller).
// Here with source maps, so that a failing test's stack traces name the sources (decision 026: `npm start` goes without).
await ensureBuild({ web: false });

// The built SPA, plus axe-core among its assets where Playwright says (E2E_AXE_ASSET), so that a
// page loads axe from its own origin (its Content-Security-Policy allows no other) and a browser
// context keeps it in its cache: sent by Playwright into each page instead, axe's 1.5 MB took 0.6 s
// a check (e2e/support/axe.ts).
const webDir = `.tmp/e2e-web-${port}`;
fs.rmSync(webDir, { recursive: true, force: true });
fs.cpSync('dist/web', webDir, { recursive: true });
if (process.env.E2E_AXE_ASSET) fs.copyFileSync('node_modules/axe-core/axe.min.js', `${webDir}${process.env.E2E_AXE_ASSET}`);
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDir,
    DATABASE_URL: databaseUrl,
    // One API process whatever the engine: the cluster has its own test, and one log to read here.
    WEB_CONCURRENCY: '1',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: 'admin@ecoforma.test',
    ADMIN_PASSWORD: 'AdminEco2026',
    LOG_LEVEL: 'warn',
    // Every browser test signs up from 127.0.0.1: the per-address signup limit would stop the suite.
    SIGNUP_LIMIT_PER_ADDRESS: '100000',
    // A journey that reads an e-mail waits for the mail worker's next look at the outbox: every 2 s
    // by default, a second of waiting per e-mail on average (decision 082).
    MAIL_POLL_INTERVAL_MS: '250',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
