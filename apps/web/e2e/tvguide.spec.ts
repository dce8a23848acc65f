import { TvGuidePage } from './pages/tvguide-page';
import { expectNoSeriousA11yViolations } from './support/axe';
import { seedStation, signInAsDemo, signInBrowser } from './support/fixtures';
import { unique } from './support/members';
import { expect, type Page, test } from './support/test';

test.use({ viewport: { width: 1440, height: 900 } });

const DEMO_CHANNELS = [
  'RCTV 1 Community',
  'RCTV 2 Education',
  'RCTV 3 Government',
  'Riverside Arts',
];

/** "2026-03-10" → "Tuesday 03/10/2026", as the guide heads a day. */
function dayHeading(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    weekday: 'long',
    timeZone: 'UTC',
  });
  return `${weekday} ${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}`;
}

/** Today's date in the demo station's zone. */
function todayInNewYork(): string {
  return new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => {
    const cache = JSON.parse(localStorage.getItem('cache') ?? '{}');
    localStorage.setItem('cache', JSON.stringify({ ...cache, theme: value }));
  }, theme);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
}

test.describe('signed in as the demo user', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsDemo(page);
  });

  test("shows the station's channels, the now-line and what is on now, in light and dark", async ({
    page,
  }) => {
    // Two axe passes over a full day's grid, in both themes: near 30 s on a busy two-core machine.
    test.slow();
    const guide = new TvGuidePage(page);
    await guide.open();
    const today = todayInNewYork();
    await expect(guide.grid()).toHaveAccessibleName(`TV guide for ${dayHeading(today)}`);
    for (const name of DEMO_CHANNELS) {
      await expect(guide.channelRow(name)).toBeVisible();
    }
    await expect(guide.nowLine()).toBeVisible();
    // The demo channels are scheduled around the clock: one programme airs now on each.
    await expect(guide.airing()).toHaveCount(DEMO_CHANNELS.length);
    await expect(guide.airing().first()).toHaveAttribute('aria-label', /, on now$/);
    await expect(guide.airing().first()).toBeInViewport();
    await expect(page.getByText('Times are America/New_York.', { exact: false })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('tvguide-dark.png') });

    await useTheme(page, 'light');
    await expect(guide.nowLine()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('tvguide-light.png') });
    await expectNoSeriousA11yViolations(page, 'the guide, light');
    await useTheme(page, 'dark');
    await expectNoSeriousA11yViolations(page, 'the guide, dark');
  });

  test('steps through days, picks a date, and filters channels', async ({ page }) => {
    const guide = new TvGuidePage(page);
    await guide.open();
    const today = todayInNewYork();
    const tomorrow = addDays(today, 1);

    await guide.nextDay();
    await expect(page).toHaveURL(new RegExp(`date=${tomorrow}`));
    await expect(guide.grid()).toHaveAccessibleName(`TV guide for ${dayHeading(tomorrow)}`);
    await expect(guide.dateInput()).toHaveValue(tomorrow);
    // Tomorrow has no now-line.
    await expect(guide.nowLine()).toHaveCount(0);
    await expect(guide.programmes().first()).toBeVisible();

    await guide.previousDay();
    await guide.previousDay();
    const yesterday = addDays(today, -1);
    await expect(guide.grid()).toHaveAccessibleName(`TV guide for ${dayHeading(yesterday)}`);

    await guide.dateInput().fill(tomorrow);
    await expect(guide.grid()).toHaveAccessibleName(`TV guide for ${dayHeading(tomorrow)}`);

    await page.getByRole('button', { name: 'Today' }).click();
    await expect(guide.grid()).toHaveAccessibleName(`TV guide for ${dayHeading(today)}`);
    await expect(guide.nowLine()).toBeVisible();

    await guide.filterChannels('RCTV 2 Education', 'Riverside Arts');
    await expect(guide.channelHeaders()).toHaveCount(2);
    await expect(guide.channelRow('RCTV 2 Education')).toBeVisible();
    await expect(guide.channelRow('Riverside Arts')).toBeVisible();
    await expect(guide.channelRow('RCTV 1 Community')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('tvguide-filtered.png') });

    await guide.clearFilter();
    for (const name of DEMO_CHANNELS) await expect(guide.channelRow(name)).toBeVisible();
  });

  test('opens a programme’s details on click, and moves between programmes with the keyboard', async ({
    page,
  }) => {
    const guide = new TvGuidePage(page);
    await guide.open();

    // Click: the details of the programme airing now on the first channel.
    const onNow = guide.airing().first();
    const label = (await onNow.getAttribute('aria-label')) ?? '';
    const title = label.split(', ')[0] ?? '';
    await onNow.click();
    const details = guide.details();
    await expect(details).toBeVisible();
    await expect(details.getByRole('heading', { name: title })).toBeVisible();
    await expect(details.getByText('When', { exact: true })).toBeVisible();
    await expect(details.getByText('Duration', { exact: true })).toBeVisible();
    await expect(details.getByText(/RCTV 1 Community · Channel 1/)).toBeVisible();
    await expect(details.getByText('On now', { exact: true })).toBeVisible();
    await expect(details.getByRole('link', { name: 'Watch live' })).toBeVisible();
    // The station's public watch URL, shareable as it is.
    await expect(details.getByRole('link', { name: 'Watch live' })).toHaveAttribute(
      'href',
      /^\/o\/riverside\/watch\/[a-z0-9]+$/,
    );
    await page.screenshot({ path: test.info().outputPath('tvguide-details.png') });
    await expectNoSeriousA11yViolations(page, 'the programme details');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // The focus came back to the programme: the grid's one tab stop.
    await expect.poll(async () => (await guide.focused())?.label).toBe(label);
    await expect(guide.tabStop()).toHaveCount(1);

    // Home: the channel's first programme of the day; then right, left, down, End, Home.
    await page.keyboard.press('Home');
    const first = await guide.focused();
    expect(first?.label).toContain('RCTV 1 Community');
    expect(first?.programme).not.toBe('');

    await page.keyboard.press('ArrowRight');
    const right = await guide.focused();
    expect(right?.channel).toBe(first?.channel);
    expect(right?.programme).not.toBe(first?.programme);
    await expect(guide.tabStop()).toHaveAttribute('data-programme-id', right?.programme ?? '');

    await page.keyboard.press('ArrowLeft');
    expect((await guide.focused())?.programme).toBe(first?.programme);

    await page.keyboard.press('ArrowDown');
    const below = await guide.focused();
    expect(below?.channel).not.toBe(first?.channel);
    expect(below?.label).toContain('RCTV 2 Education');

    await page.keyboard.press('End');
    const last = await guide.focused();
    expect(last?.channel).toBe(below?.channel);
    expect(last?.programme).not.toBe(below?.programme);
    await expect(guide.tabStop()).toBeInViewport();

    await page.keyboard.press('Home');
    expect((await guide.focused())?.programme).toBe(below?.programme);

    await page.keyboard.press('Enter');
    const focusedTitle = below?.label.split(', ')[0] ?? '';
    await expect(details).toBeVisible();
    await expect(details.getByRole('heading', { name: focusedTitle })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // Tab leaves the grid in one step.
    await page.keyboard.press('Tab');
    expect(await guide.focused()).toBeNull();
  });
});

test('signed out, a station’s guide link shows only its public channels', async ({
  page,
  baseURL,
}) => {
  // A station of the test's own (the demo data stays as other specs expect it): a public
  // channel and a members-only one, each airing a show now.
  if (!baseURL) throw new Error('The Playwright config sets no baseURL.');
  const id = unique();
  const station = await seedStation(baseURL, {
    name: 'Gia Guide',
    organization: `Guide Station ${id}`,
    channel: false,
    timeZone: 'UTC',
  });
  const { pb } = station;
  const organization = { id: String(station.organization?.id) };
  const slug = String(station.organization?.slug);
  const onAir = await pb.collection('channels').create({
    organization: organization.id,
    name: 'Open Air',
    slug: 'open-air',
    number: 7,
    timeZone: 'UTC',
    public: true,
  });
  const backroom = await pb.collection('channels').create({
    organization: organization.id,
    name: 'Back Room',
    slug: 'back-room',
    number: 8,
    timeZone: 'UTC',
    public: false,
  });
  const show = await pb.collection('shows').create({
    organization: organization.id,
    title: 'Harbour Lights',
    category: 'Arts',
    description: 'Boats, at night.',
    durationSec: 3600,
  });
  const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  for (const channel of [onAir, backroom]) {
    await pb.collection('timeslots').create({
      organization: organization.id,
      channel: channel.id,
      show: show.id,
      start: new Date(hour).toISOString().replace('T', ' '),
      durationSec: 3600,
      status: 'scheduled',
    });
  }

  const guide = new TvGuidePage(page);
  await guide.open(`?organization=${slug}`);
  await expect(
    page.getByRole('main').getByText(`Guide Station ${id}`, { exact: false }),
  ).toBeVisible();
  await expect(guide.channelRow('Open Air')).toBeVisible();
  await expect(guide.channelHeaders()).toHaveCount(1);
  await expect(guide.grid().getByText('Back Room')).toHaveCount(0);
  await expect(guide.programmesOf('Open Air')).toHaveCount(1);
  await expect(guide.airing()).toHaveAttribute(
    'aria-label',
    /^Harbour Lights, .* to .*, Open Air, on now$/,
  );
  // A guest's page starts the app on this first click, which is held and replayed once the app
  // has taken over the markup: on a busy machine that can take longer than an assertion's
  // usual wait (the page holds input for up to 30 s).
  await guide.airing().click();
  await expect(guide.details().getByText('Boats, at night.')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.screenshot({ path: test.info().outputPath('tvguide-signed-out.png') });
  await expectNoSeriousA11yViolations(page, 'the signed-out guide');

  // A link to a station that does not exist says so, and offers the station picker.
  await page.goto(`/tvguide?organization=no-such-station-${id}`);
  await expect(page.getByText(`There is no station “no-such-station-${id}” here.`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search stations' })).toBeVisible();
  // So does a station's own address (the server answers it with a 404 when it renders it).
  await page.goto(`/o/no-such-station-${id}/tvguide`);
  await expect(page.getByText(`There is no station “no-such-station-${id}” here.`)).toBeVisible();
});

test.describe('moving through time', () => {
  /**
   * A station of the test's own in New York, signed in, with channel 1 scheduled around the
   * clock on 2030-01-15 and 16 (two-hour programmes, and a six-hour "Marathon" from 10 AM),
   * and the page's clock pinned to 3:10 PM on the 15th.
   */
  async function pinnedStation(page: Page, baseURL: string) {
    const station = await seedStation(baseURL);
    const organization = String(station.organization?.id);
    const show = (title: string) =>
      station.pb.collection('shows').create({ organization, title, category: 'News' });
    const regular = await show('Regular Programme');
    const marathon = await show('Marathon');
    const airings: { start: string; hours: number; show: string }[] = [];
    for (const date of ['2030-01-15', '2030-01-16']) {
      for (let hour = 0; hour < 24; ) {
        const long = hour === 10;
        airings.push({
          start: `${date}T${String(hour).padStart(2, '0')}:00:00-05:00`,
          hours: long ? 6 : 2,
          show: long ? marathon.id : regular.id,
        });
        hour += long ? 6 : 2;
      }
    }
    for (const airing of airings) {
      await station.pb.collection('timeslots').create({
        organization,
        channel: station.channel?.id,
        show: airing.show,
        start: new Date(airing.start).toISOString().replace('T', ' '),
        durationSec: airing.hours * 3600,
      });
    }
    await signInBrowser(page, station.pb);
    await page.clock.setFixedTime(new Date('2030-01-15T15:10:00-05:00'));
    return station;
  }

  /** A time label of the guide's header row. */
  const tick = (page: Page, label: string) =>
    page.getByRole('columnheader', { name: label, exact: true });

  test('earlier, later and now move two hours at a time, and another day keeps the time of day', async ({
    page,
    baseURL,
  }) => {
    await pinnedStation(page, baseURL ?? '');
    // The pinned clock (2030) outlives the sign-in token, so the page shows the public layout,
    // which has no sidebars: this width gives the grid the room it has in the workspace at
    // 1440 px, which the steps below count on.
    await page.setViewportSize({ width: 960, height: 900 });
    const guide = new TvGuidePage(page);
    await guide.open();
    await expect(guide.grid()).toHaveAccessibleName('TV guide for Tuesday 01/15/2030');
    await expect(tick(page, '3:00 PM')).toBeInViewport();
    await expect(guide.nowLine()).toBeInViewport();

    // The Marathon began at 10 AM, left of the view: its title stays readable beside the
    // channel column instead of being cut off with the block.
    const marathon = guide.programmes().filter({ hasText: 'Marathon' });
    // The title line (with its "On now" tag): the block's element the browser times.
    const title = marathon.locator('[elementtiming]');
    await expect(title).toContainText('Marathon');
    const column = await guide.channelHeaders().first().boundingBox();
    const titleBox = await title.boundingBox();
    expect(titleBox?.x).toBeGreaterThanOrEqual((column?.x ?? 0) + (column?.width ?? 0));
    await page.screenshot({ path: test.info().outputPath('tvguide-sticky-title.png') });

    // Later: two hours on.
    await page.getByRole('button', { name: 'Later', exact: true }).click();
    await expect(tick(page, '5:00 PM')).toBeInViewport();
    // Scrolled past on the left: under the sticky channel column (the page's viewport still
    // holds it when the grid is wide, e.g. signed out without the sidebars), or gone.
    await expect
      .poll(async () => {
        const box = await tick(page, '3:00 PM').boundingBox();
        const column = await guide.channelHeaders().first().boundingBox();
        return !box || !column || box.x + box.width <= column.x + column.width + 1;
      })
      .toBe(true);
    // Earlier twice: two hours before where it started.
    await page.getByRole('button', { name: 'Earlier', exact: true }).click();
    await page.getByRole('button', { name: 'Earlier', exact: true }).click();
    await expect(tick(page, '1:00 PM')).toBeInViewport();
    await expect(tick(page, '5:00 PM')).not.toBeInViewport();

    // The next day opens at the same time of day, with its programmes in view (never an
    // empty stretch of grid).
    await guide.nextDay();
    await expect(guide.grid()).toHaveAccessibleName('TV guide for Wednesday 01/16/2030');
    await expect(tick(page, '1:00 PM')).toBeInViewport();
    await expect(tick(page, '5:00 PM')).not.toBeInViewport();
    await expect(guide.programmes().filter({ hasText: 'Marathon' })).toBeInViewport();
    // And back.
    await guide.previousDay();
    await expect(guide.grid()).toHaveAccessibleName('TV guide for Tuesday 01/15/2030');
    await expect(tick(page, '1:00 PM')).toBeInViewport();

    // Now: back to now, the now-line in view.
    await page.getByRole('button', { name: 'Now', exact: true }).click();
    await expect(tick(page, '3:00 PM')).toBeInViewport();
    await expect(guide.nowLine()).toBeInViewport();

    // Later runs to the end of the day (the last step stops at midnight), then on into the
    // next morning.
    const later = page.getByRole('button', { name: 'Later', exact: true });
    for (let step = 0; step < 4; step++) {
      await later.click();
      await expect(page).not.toHaveURL(/date=/);
    }
    await expect(tick(page, '11:30 PM')).toBeInViewport();
    await later.click();
    await expect(page).toHaveURL(/date=2030-01-16/);
    await expect(tick(page, '12:00 AM')).toBeInViewport();
    // Earlier from the start of a day goes back into the evening before.
    await page.getByRole('button', { name: 'Earlier', exact: true }).click();
    await expect(page).toHaveURL(/date=2030-01-15/);
    await expect(tick(page, '11:00 PM')).toBeInViewport();
  });

  test('on a phone the guide is a list: each channel’s now (with progress), next and later', async ({
    page,
    baseURL,
  }) => {
    await pinnedStation(page, baseURL ?? '');
    await page.setViewportSize({ width: 390, height: 844 });
    const guide = new TvGuidePage(page);
    await guide.open();
    const list = page.getByRole('list', { name: 'TV guide for Tuesday 01/15/2030' });
    await expect(list).toBeVisible();
    await expect(guide.grid()).toHaveCount(0);
    const channel = list.locator('[data-channel-listing]').first();
    await expect(channel).toContainText('Channel One');
    // 3:10 PM: the Marathon (10 AM – 4 PM) is on, 86% through.
    await expect(
      channel.getByRole('button', { name: 'Now: Marathon, 10:00 AM – 4:00 PM' }),
    ).toBeVisible();
    await expect(channel.getByRole('progressbar', { name: 'Marathon: 86% aired' })).toBeVisible();
    await expect(
      channel.getByRole('button', { name: 'Next: Regular Programme, 4:00 PM' }),
    ).toBeVisible();
    await expect(channel.getByRole('button', { name: /^Later: / })).toHaveText([
      /6:00 PM/,
      /8:00 PM/,
    ]);
    // Nothing spills sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: test.info().outputPath('tvguide-phone.png'), fullPage: true });

    // Later moves the list two hours on; a programme opens its details.
    await page.getByRole('button', { name: 'Later', exact: true }).click();
    await expect(
      channel.getByRole('button', { name: 'At 5:10 PM: Regular Programme, 4:00 PM – 6:00 PM' }),
    ).toBeVisible();
    await channel.getByRole('button', { name: /^Next: / }).click();
    await expect(guide.details()).toBeVisible();
    await expect(guide.details().getByText('Tuesday 01/15/2030, 6:00 PM – 8:00 PM')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Now', exact: true }).click();
    await expect(channel.getByRole('button', { name: /^Now: Marathon/ })).toBeVisible();
  });
});
