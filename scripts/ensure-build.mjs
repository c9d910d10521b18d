// `npm start` builds the SPA only when it is missing or older than its sources.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const built = 'dist/web/index.html';

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'].filter((p) => fs.existsSync(p));
const stale = !fs.existsSync(built) || Math.max(...sources.map(newestMtime)) > fs.statSync(built).mtimeMs;
if (stale) {
  console.log("Construction de l'interface web…");
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
