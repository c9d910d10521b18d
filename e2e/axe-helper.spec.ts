import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

// The accessibility checks are only worth what their helper catches: it must fail on a real violation,
// in the page and in a frame of the page (it injects axe-core itself, e2e/support/axe.ts).
test('the axe helper fails on a field without a label', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => { document.body.insertAdjacentHTML('beforeend', '<input type="text">'); });
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/label/);
});
test('the axe helper fails on a field without a label in a frame of the page', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => { const f = document.createElement('iframe'); f.title = 'x'; f.srcdoc = '<html lang="fr"><body><main><input type="text"></main></body></html>'; document.body.append(f); });
  await page.waitForTimeout(500);
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/label/);
});
