import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules every axe check runs: WCAG 2.0, 2.1 and 2.2, levels A and AA (the accessibility statement names these). */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe finds no violation of `axeTags` on the page as it is now. Legacy mode runs axe inside the
 * page and its frames; the default mode opens a blank page for each check to merge the frames'
 * results, which doubled the cost of every check for pages that have no cross-origin frame.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // `resultTypes`: axe still runs every rule, but details only the violations, the one list read
  // here, instead of every element that passed too (axe's own advice for speed). Set before the
  // tags: `options()` replaces the options, `runOnly` included.
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(axeTags).setLegacyMode(true).analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`,
  );
  expect(summary).toEqual([]);
}
