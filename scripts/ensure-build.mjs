// `npm start` builds the SPA and the compiled server only when one is missing or older than its sources.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, serverEntry } from './build-server.mjs';

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function stale(built, sources) {
  const present = sources.filter((p) => fs.existsSync(p));
  return !fs.existsSync(built) || Math.max(...present.map(newestMtime)) > fs.statSync(built).mtimeMs;
}

/** Builds what is missing or out of date; `web: false` for the server alone. */
export async function ensureBuild({ web = true } = {}) {
  if (web && stale('dist/web/index.html', ['src/web', 'src/shared', 'vite.config.ts', 'scripts/precompress.mjs', 'scripts/route-preloads.mjs', 'scripts/arrival-chunks.mjs', 'package-lock.json'])) {
    console.log("Construction de l'interface web…");
    execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  }
  if (stale(serverEntry, ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package-lock.json'])) {
    console.log('Compilation du serveur…');
    await buildServer();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/ensure-build.mjs')) {
  await ensureBuild();
}
