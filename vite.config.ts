import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress.mjs';

/** The SPA lives in src/web; `npm run build` writes it to dist/web, which the API server serves. */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // Brotli and gzip copies of the hashed assets, written beside them by every build (decision 031).
  plugins: [react(), precompressPlugin()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Lets the benchmark add up exactly which chunks the landing page loads.
    manifest: true,
    chunkSizeWarningLimit: 700,
    // Everything the entry imports statically goes into one chunk: split into many small shared
    // chunks it compressed worse and pushed the landing page past its 170 KB gz budget.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
