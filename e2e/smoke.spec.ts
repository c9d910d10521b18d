import { expect, test } from '@playwright/test';

test('serves the French SPA', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
