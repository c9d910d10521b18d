import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab until `target` has the focus (it may have it already): it must be reachable without a mouse. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `not reached in ${max} presses of Tab`).toBeFocused();
}
