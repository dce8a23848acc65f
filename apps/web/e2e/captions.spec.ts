import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, openAsOwner, test } from './support/fixtures';
import { speechVideo } from './support/media';

// The captions page: a station adds a track from an SRT file (seeing what was read and which
// lines were not), then marks it complete; the track is served as WebVTT.

const SRT = `1
00:00:01,000 --> 00:00:03,500
Good evening, and welcome
to the council meeting.

2
00:00:04,000 -> 00:00:06,000
A broken arrow.

3
00:00:07,000 --> 00:00:09,250
The minutes are approved.
`;

test('a track from an SRT file: what was read, the line that was not, then complete', async ({
  page,
  station,
}) => {
  const show = await station.pb
    .collection('shows')
    .create({ organization: String(station.organization?.id), title: 'Council Meeting' });
  await openAsOwner(page, station, '/captions');
  await expect(page.getByRole('heading', { level: 1, name: 'Captions' })).toBeVisible();
  await expect(page.getByText('No caption tracks yet. Add one above.')).toBeVisible();

  const card = page.getByRole('region', { name: 'Add a track' });
  await card.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Council Meeting' }).click();
  await card.getByLabel('Label').fill('English (CC)');
  await card.locator('input[type="file"]').setInputFiles({
    name: 'council.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from(SRT),
  });
  await expect(card.getByText('2 cues read from the SRT file.')).toBeVisible();
  await expect(card.getByTestId('caption-problems')).toContainText(
    'Line 7: expected a timing such as 00:00:01,000 --> 00:00:03,500',
  );
  await expectNoSeriousA11yViolations(page, 'captions page with a parsed file');
  await card.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Caption track saved as a draft')).toBeVisible();

  const tracks = page.getByRole('table', { name: 'Tracks' });
  const row = tracks.getByRole('row', { name: /Council Meeting/ });
  await expect(row).toContainText('English (CC)');
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: 'Mark complete' }).click();
  await expect(row).toContainText('Complete');

  const [track] = await station.pb
    .collection('captions')
    .getFullList({ filter: `show = "${show.id}"` });
  // The show is on no public channel: its track is the station's, read with a member's token.
  const vtt = await page.request.get(`/api/v1/captions/${track?.id}.vtt`, {
    headers: { Authorization: station.pb.authStore.token },
  });
  expect(await vtt.text()).toContain('00:00:07.000 --> 00:00:09.250\nThe minutes are approved.');
  expect((await station.pb.collection('shows').getOne(show.id)).captionStatus).toBe('complete');

  // An hour of the show this week: the channel's coverage is all of its airtime, and exports.
  const { week } = await station.pb.send('/api/v1/captions/coverage', {});
  const wednesday = new Date(Date.parse(`${week}T12:00:00Z`) + 2 * 86_400_000);
  await station.pb.collection('timeslots').create({
    organization: String(station.organization?.id),
    channel: String(station.channel?.id),
    show: show.id,
    start: wednesday.toISOString().replace('T', ' '),
    durationSec: 3600,
  });
  await page.reload();
  const coverage = page.getByRole('table', { name: 'Coverage' });
  await expect(coverage.getByRole('row', { name: /Channel One/ })).toContainText('1:00');
  await expect(coverage.getByRole('row', { name: /Channel One/ })).toContainText('100%');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe(`caption-coverage-${week}.csv`);
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(coverage.getByRole('row', { name: /Channel One/ })).toContainText('—');
});

test('the cue editor: move every cue, fix a word, split a cue, save', async ({ page, station }) => {
  const organization = String(station.organization?.id);
  const show = await station.pb
    .collection('shows')
    .create({ organization, title: 'Budget Hearing' });
  const track = await station.pb.collection('captions').create({
    organization,
    show: show.id,
    kind: 'captions',
    language: 'en',
    label: 'English',
    status: 'draft',
    cues: [
      { start: 1, end: 3, text: 'Good evening and welcom' },
      { start: 4, end: 8, text: 'The budget is on the agenda' },
    ],
  });
  await openAsOwner(page, station, '/captions');
  await page.getByRole('link', { name: 'Edit English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('English · Budget Hearing');

  // The timeline: a cue's block selects it in the list; Alt+↓ goes to the next one.
  const timeline = page.getByTestId('cue-timeline');
  await timeline.getByRole('button', { name: 'Cue 2, 00:00:04.000 to 00:00:08.000' }).click();
  await expect(page.getByRole('listitem', { name: 'Cue 2' }).getByLabel('Text')).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page.getByRole('listitem', { name: 'Cue 1' }).getByLabel('Text')).toBeFocused();
  await expect(
    timeline.getByRole('button', { name: 'Cue 1, 00:00:01.000 to 00:00:03.000' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Move all cues by (seconds)').fill('1.5');
  await page.getByRole('button', { name: 'Move all' }).click();
  const first = page.getByRole('listitem', { name: 'Cue 1' });
  await expect(first.getByLabel('Start')).toHaveValue('00:00:02.500');
  await first.getByLabel('Text').fill('Good evening and welcome');
  await page.getByRole('button', { name: 'Split 2' }).click();
  await expect(page.getByRole('listitem', { name: 'Cue 3' }).getByLabel('Text')).toHaveValue(
    'on the agenda',
  );
  // A time that is not one is named, and holds the save back.
  await first.getByLabel('End').fill('soon');
  await expect(first.getByText('Write a time such as 00:01:02.500.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save cues' })).toBeDisabled();
  await first.getByLabel('End').fill('00:00:04.500');
  await expectNoSeriousA11yViolations(page, 'cue editor');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Cues saved')).toBeVisible();

  const saved = await station.pb.collection('captions').getOne(track.id);
  expect(saved.cues).toEqual([
    { start: 2.5, end: 4.5, text: 'Good evening and welcome' },
    { start: 5.5, end: 7.5, text: 'The budget is' },
    { start: 7.5, end: 9.5, text: 'on the agenda' },
  ]);
});

test('generate captions from a show’s speech, then review the draft in the editor', async ({
  page,
  station,
}) => {
  // Real speech (Debian's LibriVox clips) recognized by pocketsphinx on the server.
  test.setTimeout(180_000);
  const organization = String(station.organization?.id);
  const speech = speechVideo();
  const show = await station.pb.collection('shows').create({
    organization,
    title: 'Reading Hour',
    media: new File([new Uint8Array(speech.video)], 'reading.mp4', { type: 'video/mp4' }),
  });
  await openAsOwner(page, station, `/shows/${show.id}`);
  const card = page.getByRole('region', { name: 'Captions' });
  await expect(card.getByText('No caption tracks yet.')).toBeVisible();
  await expect(card.getByText(/made on this server by pocketsphinx/)).toBeVisible();
  await card.getByRole('button', { name: 'Generate captions' }).click();
  await expect(card.getByRole('status')).toContainText(/Waiting to listen|Listening to the show/);
  await expect(page.getByText('Draft captions are ready: open them to review')).toBeVisible({
    timeout: 150_000,
  });
  const draft = card.getByRole('listitem').filter({ hasText: 'English (auto)' });
  await expect(draft).toContainText('Draft');
  await expect(draft).toContainText('Auto');
  await expectNoSeriousA11yViolations(page, 'show page with a generated draft');

  await draft.getByRole('link', { name: 'English (auto)' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'English (auto) · Reading Hour',
  );
  const first = page.getByRole('listitem', { name: 'Cue 1' });
  await expect(first.getByLabel('Text')).not.toHaveValue('');
  await first.getByLabel('Text').fill('And Mr. John Dashwood had then leisure');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Cues saved')).toBeVisible();
  const [track] = await station.pb
    .collection('captions')
    .getFullList({ filter: `show = "${show.id}"` });
  expect(track?.cues[0].text).toBe('And Mr. John Dashwood had then leisure');
  expect(track?.source).toBe('auto');
});
