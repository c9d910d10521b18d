// Compiles the API (src/server + src/shared) into dist/server once, at build time (decision 026):
// `npm start` then runs plain JavaScript, with no TypeScript compiler at run time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const serverOut = 'dist/server';
export const serverEntry = `${serverOut}/main.mjs`;

/**
 * Bundles src/server/main.ts into `outdir` (dist/server by default; a test builds elsewhere);
 * packages stay imports from node_modules; migrations and demo files are copied beside it.
 */
export async function buildServer({ outdir = serverOut } = {}) {
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    // The PGlite thread's module is loaded by file name (decision 030): an entry of its own, beside main.mjs.
    entryPoints: { main: 'src/server/main.ts', 'pglite-worker': 'src/server/db/pglite-worker.ts' },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // start.ts is imported dynamically so that PGlite compiles its WebAssembly while the modules load: a chunk of its own keeps that.
    splitting: true,
    // Chunks beside main.mjs, so that every module finds migrations/ and demo/ next to it.
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // src/server/db/paths.ts finds them next to the module holding it: src/server/db, or dist/server once bundled.
  for (const dir of ['migrations', 'demo']) fs.cpSync(`src/server/db/${dir}`, path.join(outdir, dir), { recursive: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
