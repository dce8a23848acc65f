import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, seedStation, test } from './support/fixtures';
import { testClip } from './support/media';

// Audio descriptions: a show's complete `descriptions` track is read out by the browser's
// speech synthesis, once the viewer turns it on: in the show's preview as its cues come up,
// and on the watch page on the broadcast's clock. The page's speechSynthesis is replaced by a
// recorder, so the test hears what would be said.

async function recordSpeech(page: Page) {
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    const synthesis = window.speechSynthesis;
    synthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      said.push(`${utterance.lang}|${utterance.text}`);
    };
    synthesis.cancel = () => undefined;
  });
  return () => page.evaluate(() => (window as unknown as { said: string[] }).said);
}

test('a show’s preview reads its descriptions out once the viewer turns them on', async ({
  page,
  station,
}) => {
  const organization = String(station.organization?.id);
  const show = await station.pb.collection('shows').create({
    organization,
    title: 'Riverside Walk',
    media: new File([new Uint8Array(testClip())], 'walk.mp4', { type: 'video/mp4' }),
  });
  await station.pb.collection('captions').create({
    organization,
    show: show.id,
    kind: 'descriptions',
    language: 'en-US',
    label: 'English descriptions',
    status: 'complete',
    cues: [{ start: 0.5, end: 2.5, text: 'A heron lifts off the water.' }],
  });
  const said = await recordSpeech(page);
  await openAsOwner(page, station, `/shows/${show.id}`);
  const audioDescription = page.getByRole('switch', { name: 'Audio description' });
  await expect(audioDescription).not.toBeChecked();
  await audioDescription.click();
  await expect(audioDescription).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'show preview with audio description');
  const video = page.getByRole('region', { name: 'Media' }).locator('video');
  await video.evaluate(async (element) => {
    const media = element as HTMLVideoElement;
    media.muted = true;
    await media.play();
  });
  await expect.poll(said, { timeout: 10_000 }).toEqual(['en-US|A heron lifts off the water.']);
  // The video played on: descriptions never pause the programme.
  expect(await video.evaluate((element) => (element as HTMLVideoElement).paused)).toBe(false);
});

test('the watch page reads the programme’s descriptions on the broadcast’s clock', async ({
  page,
  baseURL,
}) => {
  const station = await seedStation(baseURL ?? '', { timeZone: 'UTC' });
  const organization = String(station.organization?.id);
  const show = await station.pb.collection('shows').create({ organization, title: 'Town Walk' });
  // On air since the last quarter hour. The viewer turns descriptions on as soon as the page
  // shows (a tap before the app has taken the page over is held for it, not lost); the track
  // then gets its cues, timed from that moment, and the next visit reads them: the choice is
  // the device's. The description due 6 s later is read; the one said a minute ago is not.
  const quarter = 15 * 60_000;
  const start = Math.floor(Date.now() / quarter) * quarter;
  await station.pb.collection('timeslots').create({
    organization,
    channel: String(station.channel?.id),
    show: show.id,
    start: new Date(start).toISOString().replace('T', ' '),
    durationSec: 3600,
  });
  const track = await station.pb.collection('captions').create({
    organization,
    show: show.id,
    kind: 'descriptions',
    language: 'en',
    label: 'Descriptions',
    status: 'complete',
    cues: [{ start: 3000, end: 3002, text: 'Not yet.' }],
  });
  const said = await recordSpeech(page);
  await page.goto(`/watch/${String(station.channel?.id)}`);
  const descriptions = page
    .getByTestId('watch-now')
    .getByRole('switch', { name: 'Audio description' });
  await descriptions.click();
  await expect(descriptions).toBeChecked();
  const position = (Date.now() - start) / 1000;
  await station.pb.collection('captions').update(track.id, {
    cues: [
      ...(position > 61 ? [{ start: position - 60, end: position - 58, text: 'Too late.' }] : []),
      { start: position + 6, end: position + 8, text: 'The bridge opens for a barge.' },
    ],
  });
  await page.reload();
  await expect(page.getByTestId('watch-now')).toContainText('Town Walk');
  await expect(descriptions).toBeChecked();
  await expect.poll(said, { timeout: 20_000 }).toEqual(['en|The bridge opens for a barge.']);
});
