// The server the browser tests drive: the built SPA, a brand-new PGlite database, the demo catalogue.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const port = process.env.E2E_PORT ?? '4173';
const dataDir = `.tmp/e2e-data-${port}`;
fs.rmSync(dataDir, { recursive: true, force: true });

const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
