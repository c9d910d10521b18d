import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

export function readManifest(distDir = 'dist/web'): Record<string, ManifestChunk> {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

/** The chunk of every screen of the route table (src/web/app/routes.tsx), by its source: `features/x/pages/YPage.tsx` -> `assets/YPage-hash.js`. */
export function pageChunks(distDir = 'dist/web'): Map<string, string> {
  const manifest = readManifest(distDir);
  return new Map(
    Object.entries(manifest)
      .filter(([key]) => /features\/[^/]+\/pages\/[^/]+\.tsx$/.test(key))
      .map(([key, chunk]) => [key, chunk.file]),
  );
}

/**
 * Gzipped bytes of JavaScript a first visit to `/` downloads: the entry chunk, the landing
 * page's lazy chunk, and every chunk they import statically (read from Vite's manifest).
 */
export function landingJavaScriptBytes(distDir = 'dist/web'): { gzipBytes: number; files: string[] } {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const landingKey = Object.keys(manifest).find((k) => k.endsWith('features/site/pages/LandingPage.tsx'));
  if (!entryKey || !landingKey) throw new Error('manifest sans entrée ou sans page d’accueil');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  visit(entryKey);
  visit(landingKey);
  const files = [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length, 0);
  return { gzipBytes, files };
}
