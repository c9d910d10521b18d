import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/** A private port and data folder, so a browser run never touches a developer's server. */
const port = Number(process.env.E2E_PORT ?? 4173);
export const e2eBaseUrl = `http://127.0.0.1:${port}`;
/** Where the e2e server serves axe-core among the SPA's assets (scripts/e2e-server.mjs, e2e/support/axe.ts). */
export const e2eAxeAsset = '/assets/e2e-axe-core.min.js';

/**
 * The system Chromium (`CHROMIUM_PATH`, or /usr/bin/chromium) and its flags, for the browser tests
 * and the benchmarks. Besides the four the project requires, features are off that cost each
 * browser context two more renderer processes, for nothing a test or a measurement looks at: the
 * address bar's WebUI pop-ups, two pages Chromium renders for every window even headless, and the
 * spare renderer it starts ahead of a navigation. A context that opens the home page cost 1.7 s and
 * 3.4 CPU-seconds with them, 1 s and 1.7 CPU-seconds without (decision 075). The script merges this
 * list with Playwright's own, which a second --disable-features would otherwise replace.
 */
export const chromiumLaunch = {
  executablePath: fileURLToPath(new URL('scripts/chromium.sh', import.meta.url)),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/test-results',
  // Two workers for two cores: a test spends most of its time waiting for the browser or the
  // server, so a second one nearly halves the run. Specs never count on the server's global state
  // (each creates its own accounts and courses, tagged), so they may run side by side.
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: e2eBaseUrl,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // The journeys test what people do, not animations: with motion reduced (the app honours the
    // setting, theme.ts), no transition is drawn frame by frame, which was much of the browsers' work.
    reducedMotion: 'reduce',
    trace: 'off',
    // A click waits for its element to hold still over two animation frames. Once in a full run here
    // (2026-12-07), a page's renderer stopped producing frames and a click waited out the journey's
    // whole 120 s; run again on a fresh browser, the journey passed. An action that waits 20 s is
    // stuck, not slow: it fails then, and CI's retry comes 100 s sooner.
    actionTimeout: 20_000,
    launchOptions: chromiumLaunch,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${e2eBaseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port), E2E_AXE_ASSET: e2eAxeAsset },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
