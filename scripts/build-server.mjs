// Compiles the API (src/server + src/shared) into dist/server once, at build time (decision 026):
// `npm start` then runs plain JavaScript, with no TypeScript compiler at run time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const serverOut = 'dist/server';
export const serverEntry = `${serverOut}/main.mjs`;

/**
 * Packages left as imports from node_modules: native code (argon2), files read beside their code
 * (PGlite's WebAssembly, PDFKit's fonts; Swagger UI is told where its pages are), and those only loaded on first use,
 * which would otherwise join the start-up chunks. The rest is bundled (decision 026): one file read
 * instead of hundreds, about 150 ms off the start.
 */
const EXTERNAL = ['@node-rs/argon2', '@electric-sql/pglite', '@electric-sql/pglite/*', 'pg-native', '@aws-sdk/*', 'pdfkit', 'qrcode', 'file-type', 'nodemailer', 'tsx', 'tsx/*'];

/**
 * Bundles src/server/main.ts into `outdir` (dist/server by default; a test builds elsewhere),
 * packages included but for EXTERNAL; migrations and demo files are copied beside it.
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
    external: EXTERNAL,
    // Bundled CommonJS packages call require(): an ES module has none of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // src/server/db/paths.ts finds them next to the module holding it: src/server/db, or dist/server once bundled.
  for (const dir of ['migrations', 'demo']) fs.cpSync(`src/server/db/${dir}`, path.join(outdir, dir), { recursive: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
