import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { ANALYSIS_PASS, arrivalChunkGroups } from './scripts/arrival-chunks.mjs';
import { precompressPlugin } from './scripts/precompress.mjs';
import { pureDeclarationsPlugin } from './scripts/pure-declarations.mjs';
import { routePreloadsPlugin } from './scripts/route-preloads.mjs';

/** The SPA lives in src/web; `npm run build` writes it to dist/web, which the API server serves. */
export default defineConfig(async ({ command }): Promise<UserConfig> => {
  // The first of two builds (scripts/arrival-chunks.mjs): it only reads which screen loads which module.
  const analysis = Boolean(process.env[ANALYSIS_PASS]);
  const arrivalGroups = command === 'build' && !analysis ? await arrivalChunkGroups(import.meta.filename) : [];
  return {
    root: 'src/web',
    publicDir: 'public',
    // Brotli and gzip copies of the hashed assets, written beside them by every build, and each route's chunks
    // for the server to preload with index.html (decision 031).
    plugins: analysis ? [react(), pureDeclarationsPlugin()] : [react(), pureDeclarationsPlugin(), routePreloadsPlugin(), precompressPlugin()],
    build: {
      outDir: '../../dist/web',
      emptyOutDir: true,
      sourcemap: false,
      // Lets the benchmark add up exactly which chunks the landing page loads.
      manifest: true,
      chunkSizeWarningLimit: 700,
      // Everything the entry imports statically goes into one chunk: split into many small shared
      // chunks it compressed worse and pushed the landing page past its 170 KB gz budget.
      rolldownOptions: {
        // and the code of the screens people arrive on goes into a few chunks (decision 033).
        output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], priority: 10 }, ...arrivalGroups] } },
        treeshake: {
          // The project's own modules run nothing on import (no polyfill, no style sheet): one whose exports are
          // not used is left out, so importing a component through a feature's index.ts does not bring its siblings.
          moduleSideEffects: (id) => (/\/src\/(web|shared)\//.test(id) && !id.endsWith('/src/web/main.tsx') ? false : undefined),
          // Building a zod schema changes nothing else: an unused one is left out, and zod with it when a page uses
          // none, e.g. the catalogue importing a constant from a shared module that also holds schemas (decision 031).
          manualPureFunctions: ['z'],
        },
      },
    },
    resolve: {
      // React Router's exports always name its development build, production builds included
      // (remix-run/react-router#12532): its production build is taken by name (decision 033).
      alias: command === 'build' ? [{ find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')) }] : [],
    },
    server: {
      port: 5173,
      proxy: { '/api': 'http://127.0.0.1:3000' },
    },
  };
});
