// Writes dist/web/.vite/route-preloads.json at build time (decision 031): for each route pattern of
// src/web/app/routes.tsx, the chunks its screen needs beyond the entry. The server names them in
// index.html as <link rel="modulepreload">, so the browser fetches them alongside the entry instead of
// after it has run (one round trip or two less before the page shows).
import fs from 'node:fs';
import path from 'node:path';

const ROUTE_LINE = /^\s*(?:\[paths\.(\w+)\]|'([^']+)'):\s*\(\)\s*=>\s*import\('([^']+)'\)/;

/** src/web/lib/paths.ts's plain addresses (`home: '/',`), which the route table's keys name. */
function readPaths(file) {
  return Object.fromEntries([...fs.readFileSync(file, 'utf8').matchAll(/^\s*(\w+):\s*'([^']*)',/gm)].map((m) => [m[1], m[2]]));
}

export function routePreloadsPlugin() {
  let root = '';
  return {
    name: 'ecoforma-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const routesFile = path.join(root, 'app/routes.tsx');
      const paths = readPaths(path.join(root, 'lib/paths.ts'));
      const screens = [];
      for (const line of fs.readFileSync(routesFile, 'utf8').split('\n')) {
        const match = ROUTE_LINE.exec(line);
        if (!match) continue;
        const pattern = match[1] ? paths[match[1]] : match[2];
        if (typeof pattern !== 'string') throw new Error(`routes.tsx : paths.${match[1]} n’est pas un chemin`);
        screens.push({ pattern, source: path.resolve(path.dirname(routesFile), `${match[3]}.tsx`) });
      }
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const preloads = {};
      for (const { pattern, source } of screens) {
        const chunk = chunks.find((c) => c.facadeModuleId === source);
        if (!chunk) throw new Error(`aucun chunk pour ${source}`);
        const files = new Set();
        const visit = (file) => {
          const item = byFile.get(file);
          // The entry is in index.html already.
          if (!item || item.isEntry || files.has(file)) return;
          files.add(file);
          item.imports.forEach(visit);
        };
        visit(chunk.fileName);
        preloads[pattern] = [...files];
      }
      this.emitFile({ type: 'asset', fileName: '.vite/route-preloads.json', source: JSON.stringify(preloads, null, 1) });
    },
  };
}
