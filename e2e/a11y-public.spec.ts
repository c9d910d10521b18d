import { expect, test, type Page } from '@playwright/test';
import { signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';

// The pages themselves, at both widths, are in the accessibility grid (a11y-all.spec.ts); this file
// checks the menus that open over them.

/** Waits for the cosmetic fade-ins to end: axe would otherwise measure half-transparent text. */
async function settle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

test('the open hamburger menu has no WCAG A/AA violation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Accueil' })).toBeFocused();
  await settle(page);
  await expectNoAxeViolations(page);
});

test('the open account menu of an unapproved trainer has no WCAG A/AA violation', async ({ page, request }) => {
  const trainer = await signupViaApi(request, 'formateur', { firstname: 'Aurélie' });
  await signInBrowser(page, trainer);
  await page.goto('/');
  await page.getByRole('button', { name: 'Aurélie (menu du compte)' }).click();
  await expect(page.getByRole('menuitem', { name: 'Mon profil' })).toBeFocused();
  await expect(page.getByText('En attente', { exact: true })).toBeVisible();
  await settle(page);
  await expectNoAxeViolations(page);
});
