import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { webRoutes } from '../src/shared/web-paths';
import { routeAccess } from '../src/web/lib/route-access';
import { routeScreens } from './route-preloads.mjs';

const web = fileURLToPath(new URL('../src/web/', import.meta.url));
let scratch: string | null = null;

afterEach(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  scratch = null;
});

/** A route table written in a scratch folder next to a screen file. */
function scratchRoutes(table: string): string {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'routes-'));
  fs.writeFileSync(path.join(scratch, 'Screen.tsx'), 'export default function Screen() { return null; }\n');
  const file = path.join(scratch, 'routes.tsx');
  fs.writeFileSync(file, table);
  return file;
}

describe('routeScreens', () => {
  it('reads every route of the app, with its pattern from the shared table and its screen file', async () => {
    const screens = await routeScreens(path.join(web, 'app/routes.tsx'));
    expect(screens.map((s) => s.pattern)).toEqual(routeAccess.map((r) => r.path));
    expect(screens.find((s) => s.pattern === webRoutes.learn)?.source).toBe(path.join(web, 'features/learning/pages/PlayerPage.tsx'));
    for (const { source } of screens) expect(fs.existsSync(source)).toBe(true);
  });

  it('stops the build on a screen that is not a file, instead of leaving its route out', async () => {
    const file = scratchRoutes("export const appRoutes = [{ path: '/a', page: () => import('./Missing') }];\n");
    await expect(routeScreens(file)).rejects.toThrow(/Missing/);
  });

  it('stops the build on a route whose page names no screen', async () => {
    const file = scratchRoutes("export const appRoutes = [{ path: '/a', page: () => import('./Screen') }, { path: '/b', page: async () => ({ default: null }) }];\n");
    await expect(routeScreens(file)).rejects.toThrow(/\/b n’a pas d’écran/);
  });
});
