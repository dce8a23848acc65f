import type { RecordModel } from 'pocketbase';
import { seedStation } from './support/fixtures';
import { type FreshServer, startFreshServer } from './support/fresh-server';
import { testClip } from './support/media';
import { expect, type Page, test } from './support/test';

// Issue 39, item 7: a channel airing through Airgrid playout plays in Chromium (hls.js, the
// watch page's own player) across the start of a programme, its end, the filler and the slate,
// with playback time advancing and no error. The server is one of the spec's own whose clock
// the test sets (apps/server/test/clocked-server.ts): packaging happens ten minutes before the
// programme, then the clock jumps to just after its start and the page watches it air in real
// time (about 40 s).

/** The programme's slot: 18:00 UTC on a Monday of 2031. */
const SLOT = Date.UTC(2031, 0, 6, 18, 0, 0);

// A trace records the screen continuously; with video playing that starves a 2-core machine.
test.use({ trace: 'off' });

let server: FreshServer | undefined;

test.afterAll(async () => {
  await server?.stop();
});

/** Waits until the playout's three packaging jobs are done (slate, programme, filler). */
async function packaged(station: Awaited<ReturnType<typeof seedStation>>) {
  await expect
    .poll(
      async () => {
        const jobs = await station.pb.collection('jobs').getFullList<RecordModel>();
        const playout = jobs.filter((job) => String(job.kind).startsWith('playout-'));
        const failed = playout.find((job) => job.state === 'failed');
        if (failed) throw new Error(`Packaging failed: ${failed.error}`);
        return playout.length >= 3 && playout.every((job) => job.state === 'done');
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(true);
}

/** Playback position of the page's video, read in the page. */
const playbackTime = (page: Page) =>
  page.getByTestId('watch-video').evaluate((video) => (video as HTMLVideoElement).currentTime);

test('a playout channel airs its programme, the filler and the slate on the watch page', async ({
  page,
}) => {
  test.setTimeout(240_000);
  server = await startFreshServer({ DEMO_PLAYOUT: 'off' }, { clocked: true });
  await server.setClock(SLOT - 10 * 60_000);
  const station = await seedStation(server.url, { timeZone: 'UTC', channel: 'Community One' });
  const organization = String(station.organization?.id);
  const clip = (seconds: number, name: string) =>
    new File([new Uint8Array(testClip({ seconds }))], name, { type: 'video/mp4' });
  const news = await station.pb
    .collection('shows')
    .create({ organization, title: 'Evening News', durationSec: 900, media: clip(8, 'news.mp4') });
  const ident = await station.pb
    .collection('shows')
    .create({ organization, title: 'Station ID', durationSec: 900, media: clip(3, 'ident.mp4') });
  const channel = await station.pb.collection('channels').update(String(station.channel?.id), {
    source: 'playout',
    playoutProfile: '480p30',
    filler: [ident.id],
  });
  await station.pb.collection('timeslots').create({
    organization,
    channel: channel.id,
    show: news.id,
    start: new Date(SLOT).toISOString().replace('T', ' '),
    durationSec: 900,
  });
  await packaged(station);
  const packages = await station.pb.collection('playoutPackages').getFullList<RecordModel>();
  const kindOf = new Map<string, string>(
    packages.map((p) => [
      p.id,
      p.show === news.id ? 'news' : p.show === ident.id ? 'filler' : 'slate',
    ]),
  );

  // What the player fetches, in order: each segment's package, as news / filler / slate.
  const aired: string[] = [];
  page.on('request', (request) => {
    const match = /\/live\/([a-z0-9]{15})\/\d{5}\.ts$/.exec(request.url());
    const kind = match && kindOf.get(match[1] ?? '');
    if (kind && aired.at(-1) !== kind) aired.push(kind);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // Six seconds into the slot: the player starts three segments behind the live edge, on the
  // slate, and plays the 12 s of news, the 6 s ident and the slate again.
  await server.setClock(SLOT + 6000);
  // The page's clock too, so its now-and-next reads the same instant (time then runs as usual).
  await page.clock.install({ time: SLOT + 6000 });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${server.url}/o/${station.organization?.slug}/watch/${channel.slug}`);
  const video = page.getByTestId('watch-video');
  await expect(video).toHaveAttribute('data-player-state', 'playing', { timeout: 30_000 });
  await expect(page.getByTestId('watch-now')).toContainText('Evening News');
  await page.screenshot({ path: test.info().outputPath('playout-watch-1366.png') });

  await expect
    .poll(() => aired.join(' → '), { timeout: 60_000, intervals: [500] })
    .toContain('news → filler → slate');
  const position = await playbackTime(page);
  await expect.poll(() => playbackTime(page), { timeout: 15_000 }).toBeGreaterThan(position + 2);
  await expect(video).toHaveAttribute('data-player-state', 'playing');
  expect(errors).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(video).toBeVisible();
  const resized = await playbackTime(page);
  await expect.poll(() => playbackTime(page), { timeout: 15_000 }).toBeGreaterThan(resized + 1);
  await page.screenshot({ path: test.info().outputPath('playout-watch-390.png'), fullPage: true });
});
