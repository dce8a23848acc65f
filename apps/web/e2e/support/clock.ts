import type { Page } from '@playwright/test';

// Timed behaviour (a toast's life, a delayed redirect, a tooltip's delay) is tested on the
// page's fake clock: install it before the page loads (`page.clock.install()`; time then runs
// as usual), pause it just before the timed step, and move it with `page.clock.runFor(ms)`.
// Nothing waits for real time to pass, so a busy machine cannot make a delay look longer or
// shorter than it is.

/**
 * Stops the page's installed clock, so that from here on only `page.clock.runFor` moves it. It
 * stops a moment ahead of the time read from the page, as the clock cannot go back; on a busy
 * machine that moment may already have passed when the pause arrives, and it tries further on.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let ahead = 1_000; ; ahead *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (ahead >= 16_000 || !String(error).includes('Cannot fast-forward to the past'))
        throw error;
    }
  }
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
