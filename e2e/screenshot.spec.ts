import { expect, test } from '@playwright/test';

// The README shows this picture of the landing page; the browser tests keep it current.
test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

test('takes the landing page screenshot for the README', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Prêt à faire la différence ?' })).toBeVisible();
  // Every picture drawn, so the screenshot never shows a half-loaded page.
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0));
  await page.screenshot({ path: 'docs/screenshots/accueil.png' });
});
