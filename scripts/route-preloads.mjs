// Writes dist/web/.vite/route-preloads.json at build time (decision 031): for each route pattern of
// src/web/app/routes.tsx, the chunks its screen needs beyond the entry. The server names them in
// index.html as <link rel="modulepreload">, so the browser fetches them alongside the entry instead of
// after it has run (one round trip or two less before the page shows).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * Each route of the route table with the file of its screen, read from the table itself: the file is
 * compiled by esbuild with every screen's `import()` replaced by the screen's path, then run, and each
 * route's `page()` called. The patterns are thus the ones the app uses (src/shared/web-paths.ts). A
 * screen that is not a file, or a route whose page gives no such path, stops the build.
 */
export async function routeScreens(routesFile) {
  const bundled = await build({
    entryPoints: [routesFile],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
    plugins: [
      {
        name: 'screens-as-paths',
        setup(builder) {
          builder.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind !== 'dynamic-import') return undefined;
            const source = path.resolve(args.resolveDir, `${args.path}.tsx`);
            if (!fs.existsSync(source)) throw new Error(`${routesFile} : l’écran ${args.path} n’est pas un fichier .tsx`);
            return { path: source, namespace: 'screen' };
          });
          builder.onLoad({ filter: /.*/, namespace: 'screen' }, (args) => ({ contents: `export default ${JSON.stringify(args.path)};`, loader: 'js' }));
        },
      },
    ],
  });
  const code = bundled.outputFiles[0].text;
  const { appRoutes } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  if (!Array.isArray(appRoutes) || appRoutes.length === 0) throw new Error(`${routesFile} n’exporte pas de table appRoutes`);
  return Promise.all(
    appRoutes.map(async (route) => {
      const source = (await route.page()).default;
      if (typeof route.path !== 'string' || typeof source !== 'string') throw new Error(`${routesFile} : la route ${String(route.path)} n’a pas d’écran`);
      return { pattern: route.path, source };
    }),
  );
}

export function routePreloadsPlugin() {
  let root = '';
  let screens = [];
  return {
    name: 'ecoforma-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      screens = await routeScreens(path.join(root, 'app/routes.tsx'));
    },
    generateBundle(_options, bundle) {
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
