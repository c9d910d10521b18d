import { expect, type Locator } from '@playwright/test';

/**
 * The share of `locator`'s box inside the viewport, from its layout box, edges rounded to whole pixels.
 * Playwright's toBeInViewport waits for an IntersectionObserver callback, which Chromium delivers only
 * with a rendered frame. Twice in full runs here a page's renderer stopped producing frames (decision
 * 080). The second time (2026-12-07) the assertion waited out the test's 60 s, past its own 10 s, and
 * passed on the retry in 6 s. getBoundingClientRect computes the layout when asked, frame or no frame.
 */
function viewportShare(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom].map(Math.round) as [number, number, number, number];
    const area = (right - left) * (bottom - top);
    if (area <= 0) return 0;
    const { clientWidth, clientHeight } = document.documentElement;
    const width = Math.max(0, Math.min(right, clientWidth) - Math.max(left, 0));
    const height = Math.max(0, Math.min(bottom, clientHeight) - Math.max(top, 0));
    return (width * height) / area;
  });
}

/** As Playwright's `ratio`: at least that share inside the viewport, or any part of it when 0. */
const isInViewport = (share: number, ratio: number) => (ratio === 0 ? share > 0 : share >= ratio);

/** `locator` shows at least `ratio` of itself in the viewport (any part when 0), waiting as an expect does. */
export async function expectInViewport(locator: Locator, { ratio = 0 } = {}): Promise<void> {
  await expect.poll(async () => isInViewport(await viewportShare(locator), ratio), { message: `${locator} in the viewport (ratio ${ratio})` }).toBe(true);
}

/** `locator` does not show `ratio` of itself in the viewport (no part of it when 0), waiting as an expect does. */
export async function expectNotInViewport(locator: Locator, { ratio = 0 } = {}): Promise<void> {
  await expect.poll(async () => isInViewport(await viewportShare(locator), ratio), { message: `${locator} out of the viewport (ratio ${ratio})` }).toBe(false);
}
