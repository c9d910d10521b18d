import axe from 'axe-core';
import { expect, type Frame, type Page } from '@playwright/test';
import { e2eAxeAsset, e2eBaseUrl } from '../../playwright.config';

/** The rules every axe check runs: WCAG 2.0, 2.1 and 2.2, levels A and AA (the accessibility statement names these). */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core in a frame that does not have it yet, set to talk to the frames of its own origin (the
 * frames of another origin are not tested, as with @axe-core/playwright's legacy mode).
 * A page reached within the application keeps the axe of the previous check: @axe-core/playwright
 * sent its 560 kB source into the page twice on every check, a fifth of the check's time.
 * A frame of the application's origin loads it as a script from there (the e2e server serves it,
 * scripts/e2e-server.mjs), which its browser context then keeps in cache; sending the source through
 * Playwright took 0.6 s a time on this machine, against 0.4 s the first time and 0.15 s after.
 */
async function injectAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof window.axe?.run === 'function').catch(() => true)) return;
  const loaded = await frame
    .addScriptTag({ url: new URL(e2eAxeAsset, e2eBaseUrl).href })
    .then(() => true)
    // Another origin's frame (its policy refuses our scripts), or a frame with no address (srcdoc).
    .catch(() => false);
  await frame.evaluate(`${loaded ? '' : axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`).catch(() => {
    // A frame that went away, or that refuses scripts: axe reports what it could not test.
  });
}

/**
 * axe finds no violation of `axeTags` on the page as it is now. axe runs inside the page and talks to
 * its frames itself (the default mode of @axe-core/playwright opened a blank page for each check to
 * merge the frames' results, which doubled the cost of every check).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const frame of page.frames()) await injectAxe(frame);
  // `resultTypes`: axe still runs every rule, but details only the violations, the one list read
  // here, instead of every element that passed too (axe's own advice for speed).
  const summary = await page.evaluate(async (tags) => {
    const { violations } = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
  }, axeTags);
  expect(summary).toEqual([]);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
