import { expect, test, type Page } from '@playwright/test';
import { signInBrowser, signupViaApi } from './support/api';
import { expectNoAxeViolations } from './support/axe';

const publicPages: [string, string][] = [
  ['/', 'Prêt à faire la différence ?'],
  ['/about', 'À propos'],
  ['/privacy', 'Politique de confidentialité'],
  ['/terms', "Conditions d'utilisation"],
  ['/cookies', 'Cookies'],
  ['/accessibilite', "Déclaration d'accessibilité"],
  ['/mot-de-passe-oublie', 'Mot de passe oublié'],
  ['/reinitialiser-mot-de-passe', 'Nouveau mot de passe'],
  ['/nope', 'Page non trouvée'],
  ['/certificats/AAAAAAAAAAAAAAAAAAAAAA', "Vérification d'une attestation"],
];

// Desktop width is in the accessibility grid (a11y-all.spec.ts), which checks every route; this file adds
// the public pages' phone layout and the open menus.
const viewports = [{ name: 'téléphone', width: 375, height: 800 }];

/** Waits for the cosmetic fade-ins to end: axe would otherwise measure half-transparent text. */
async function settle(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

for (const viewport of viewports) {
  test.describe(`axe on the public pages (${viewport.name}, ${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const [path, heading] of publicPages) {
      test(`${path} has no WCAG A/AA violation`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await settle(page);
        await expectNoAxeViolations(page);
      });
    }
  });
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
