import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Request } from '@playwright/test';
import { pauseClock } from './support/clock';
import { seedStation } from './support/fixtures';
import { expect, test } from './support/test';

// Audience measurement in the browser (issue 41, decision 0052): the watch page, signed out,
// sends a start when the video plays and a beat after 30 s of playing (on the page's clock),
// as text/plain JSON to its own server, with a tab id and no cookie; and nothing at all when
// the browser sends Do Not Track or Global Privacy Control; and a player widget on a station's
// own site names its embed and that site, and the server counts the viewer.

// A trace records the screen continuously; with video playing that starves a 2-core machine.
test.use({ trace: 'off' });

const BEACONS = '/api/v1/analytics/beacons';

/** The beacons the page sends, as they leave it. */
type Sent = { kind: string; session: string; channel: string; embed?: string; origin?: string };

function beaconsOf(page: Page): Sent[] {
  const sent: Sent[] = [];
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

  test('a player widget on a station’s site names its embed and the site, and the viewer is counted', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // The station's own website on loopback, framing the widget.
    let html = '';
    const site: Server = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><html lang="en"><title>Station site</title>${html}</html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      const station = await seedStation(baseURL ?? '', { timeZone: 'UTC' });
      const channel = await station.pb
        .collection('channels')
        .update(String(station.channel?.id), { public: true, source: 'test-pattern' });
      const embed = await station.pb.collection('embeds').create({
        organization: station.organization?.id,
        name: 'Player on our site',
        kind: 'player',
        channels: [channel.id],
        allowedOrigins: [origin],
      });
      html = `<iframe src="${baseURL}/embed/${embed.id}" title="Live" width="640" height="480"></iframe>`;
      const sent = beaconsOf(page);
      await page.goto(origin);
      await expect
        .poll(() => sent.find((beacon) => beacon.kind === 'start'), { timeout: 30_000 })
        .toMatchObject({ channel: channel.id, embed: embed.id, origin });
      // The server took it: the station sees one viewer now.
      await expect
        .poll(
          async () => {
            const now = await station.pb.send('/api/v1/analytics/now', {});
            return now.channels.find((row: { id: string }) => row.id === channel.id)?.viewers;
          },
          { timeout: 15_000 },
        )
        .toBe(1);
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });
});
