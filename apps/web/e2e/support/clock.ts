import type { Page } from '@playwright/test';

// Timed behaviour (a toast's life, a delayed redirect, a tooltip's delay) is tested on the
// page's fake clock: install it before the page loads (`page.clock.install()`; time then runs
// as usual), pause it just before the timed step, and move it with `page.clock.runFor(ms)`.
// Nothing waits for real time to pass, so a busy machine cannot make a delay look longer or
// shorter than it is.

/**
 * Stops the page's installed clock (a moment ahead of where it is, as it cannot go back), so
 * that from here on only `page.clock.runFor` moves it.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

/**
 * Resolves once the page has drawn two more frames: whatever a key press or click set off
 * without a timer (a React render) is on screen by then. For asserting that something did
 * not appear, without waiting a fixed time. Needs the page's real clock (frames are timers to
 * an installed one).
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}
