// The server the browser tests drive: the built SPA, a brand-new PGlite database, the demo catalogue.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { ensureBuild } from './ensure-build.mjs';

const port = process.env.E2E_PORT ?? '4173';
const dataDir = `.tmp/e2e-data-${port}`;
fs.rmSync(dataDir, { recursive: true, force: true });

// The compiled server, as `npm start` runs it; rebuilt first if its sources changed (the SPA is built by the caller).
await ensureBuild({ web: false });
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: 'admin@ecoforma.test',
    ADMIN_PASSWORD: 'AdminEco2026',
    LOG_LEVEL: 'warn',
    // Every browser test signs up from 127.0.0.1: the per-address signup limit would stop the suite.
    SIGNUP_LIMIT_PER_ADDRESS: '100000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
