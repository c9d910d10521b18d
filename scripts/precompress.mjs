// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the built SPA, once, at
// build time (decision 031): the server then sends them as they are (@fastify/static, preCompressed),
// at the strongest settings, with no compression work per request.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats; images, fonts (woff2 is brotli already) and media are compressed by their own format. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this, the headers an encoding adds outweigh what it saves. */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    // .vite/ holds the build manifest, read by the benchmark, never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Compresses every file of `dir` worth it; a copy that would not be smaller is not written. Returns the files written. */
export async function precompress(dir) {
  const written = [];
  const jobs = [];
  for await (const file of files(dir)) {
    jobs.push(
      (async () => {
        const source = await fs.readFile(file);
        if (source.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzip(source, { level: 9 }),
        ]);
        for (const [ext, bytes] of [['.br', br], ['.gz', gz]]) {
          if (bytes.length >= source.length) continue;
          await fs.writeFile(file + ext, bytes);
          written.push(file + ext);
        }
      })(),
    );
  }
  await Promise.all(jobs);
  return written;
}

/** Vite plugin: every `vite build` (npm run build, npm start, the browser tests, the benchmark) leaves the copies. */
export function precompressPlugin() {
  let outDir = '';
  return {
    name: 'ecoforma-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}

