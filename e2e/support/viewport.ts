import { expect, type Locator } from '@playwright/test';

/**
 * The share of `locator`'s box inside the viewport, from its layout box, edges rounded to whole pixels,
 * clipped as an IntersectionObserver clips it: by each ancestor that does not let content overflow
 * (a menu that scrolls sideways), then by the viewport.
 * Playwright's toBeInViewport waits for an IntersectionObserver callback, which Chromium delivers only
 * with a rendered frame. Twice in full runs here a page's renderer stopped producing frames (decision
 * 080). The second time (2026-12-07) the assertion waited out the test's 60 s, past its own 10 s, and
 * passed on the retry in 6 s. getBoundingClientRect computes the layout when asked, frame or no frame.
 */
function viewportShare(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    type Edges = { left: number; top: number; right: number; bottom: number };
    const rounded = (rect: Edges): Edges => ({ left: Math.round(rect.left), top: Math.round(rect.top), right: Math.round(rect.right), bottom: Math.round(rect.bottom) });
    const box = rounded(element.getBoundingClientRect());
    const area = (box.right - box.left) * (box.bottom - box.top);
    if (area <= 0) return 0;
    const visible = { ...box };
    const clipTo = (clip: Edges) => {
      visible.left = Math.max(visible.left, clip.left);
      visible.top = Math.max(visible.top, clip.top);
      visible.right = Math.min(visible.right, clip.right);
      visible.bottom = Math.min(visible.bottom, clip.bottom);
    };
    // Up to <body>: the overflow of <body> and <html> applies to the viewport, clipped last.
    for (let ancestor = element.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(ancestor);
      if (overflowX !== 'visible' || overflowY !== 'visible') clipTo(rounded(ancestor.getBoundingClientRect()));
    }
    clipTo({ left: 0, top: 0, right: document.documentElement.clientWidth, bottom: document.documentElement.clientHeight });
    return (Math.max(0, visible.right - visible.left) * Math.max(0, visible.bottom - visible.top)) / area;
  });
}

/**
 * Waits, as an expect does, until `locator` is in the viewport (`inside`) or not, in the sense of
 * Playwright's `ratio`: at least that share of it inside, or any part of it when 0.
 */
async function expectViewportPlacement(locator: Locator, ratio: number, inside: boolean): Promise<void> {
  const isInside = async () => {
    const share = await viewportShare(locator);
    return ratio === 0 ? share > 0 : share >= ratio;
  };
  await expect.poll(isInside, { message: `${locator} ${inside ? 'in' : 'out of'} the viewport (ratio ${ratio})` }).toBe(inside);
}

/** `locator` shows at least `ratio` of itself in the viewport (any part when 0). */
export const expectInViewport = (locator: Locator, { ratio = 0 } = {}) => expectViewportPlacement(locator, ratio, true);

/** `locator` does not show `ratio` of itself in the viewport (no part of it when 0). */
export const expectNotInViewport = (locator: Locator, { ratio = 0 } = {}) => expectViewportPlacement(locator, ratio, false);
