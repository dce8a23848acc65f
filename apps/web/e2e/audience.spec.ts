import type { Page, Request } from '@playwright/test';
import { pauseClock } from './support/clock';
import { expect, test } from './support/test';

// Audience measurement in the browser (issue 41, decision 0052): the watch page, signed out,
// sends a start when the video plays and a beat after 30 s of playing (on the page's clock),
// as text/plain JSON to its own server, with a tab id and no cookie; and nothing at all when
// the browser sends Do Not Track or Global Privacy Control.

// A trace records the screen continuously; with video playing that starves a 2-core machine.
test.use({ trace: 'off' });

const BEACONS = '/api/v1/analytics/beacons';

/** The beacons the page sends, as they leave it. */
function beaconsOf(page: Page): { kind: string; session: string; channel: string }[] {
  const sent: { kind: string; session: string; channel: string }[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().endsWith(BEACONS)) return;
    expect(request.method()).toBe('POST');
    expect(request.headers()['content-type']).toMatch(/^text\/plain/);
    expect(request.headers().cookie).toBeUndefined();
    sent.push(JSON.parse(request.postData() ?? '{}'));
  });
  return sent;
}

/** Opens the demo's first channel and waits for its video to play. */
async function watch(page: Page) {
  await page.clock.install();
  await page.goto('/watch/rctv-1');
  await expect(page.getByTestId('watch-video')).toHaveAttribute('data-player-state', 'playing', {
    timeout: 30_000,
  });
}

test.describe('audience beacons', () => {
  test('the watch page sends a start when it plays and a beat after 30 s of playing', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const sent = beaconsOf(page);
    await watch(page);
    await expect.poll(() => sent.map((beacon) => beacon.kind)).toEqual(['start']);
    const [start] = sent;
    expect(start?.session).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(start?.channel).toMatch(/^[a-z0-9]{15}$/);
    await expect(page.getByTestId('watch-video')).toHaveAttribute(
      'data-channel',
      start?.channel ?? '',
    );

    await pauseClock(page);
    await page.clock.runFor(31_000);
    await expect.poll(() => sent.map((beacon) => beacon.kind)).toEqual(['start', 'beat']);
    expect(sent[1]).toEqual({ kind: 'beat', session: start?.session, channel: start?.channel });
    // The id is the tab's, in its session storage; no cookie was set.
    expect(await page.evaluate(() => sessionStorage.getItem('airgrid.audienceSession'))).toBe(
      start?.session,
    );
    expect(await page.context().cookies()).toEqual([]);
  });

  for (const [name, script] of [
    [
      'Do Not Track',
      () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }),
    ],
    [
      'Global Privacy Control',
      () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    ],
  ] as const) {
    test(`sends nothing with ${name}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.addInitScript(script);
      const sent = beaconsOf(page);
      await watch(page);
      await pauseClock(page);
      await page.clock.runFor(61_000);
      // The page goes away: still nothing (no end either).
      await page.clock.resume();
      await page.goto('/privacy');
      await expect(page.getByRole('heading', { name: 'How viewing is measured' })).toBeVisible();
      expect(sent).toEqual([]);
    });
  }
});
