import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import PocketBase from 'pocketbase';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO, seedStation, signInAsDemo } from './support/fixtures';
import { unique } from './support/members';
import { type APIRequestContext, expect, type Locator, type Page, test } from './support/test';

const STATION = 'Riverside Community TV';
const DEMO_CHANNELS = [
  'RCTV 1 Community',
  'RCTV 2 Education',
  'RCTV 3 Government',
  'Riverside Arts',
];
/** The guide widget's budget: its JavaScript, gzipped, as a visitor downloads it. */
const GUIDE_WIDGET_BUDGET = 60 * 1024;

/** The /embeds page and its editor, driven the way a station's editor uses them. */
class EmbedsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/embeds');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Embeds' })).toBeVisible();
  }

  editor(): Locator {
    return this.page.getByRole('dialog');
  }

  /** The live preview's document. */
  preview() {
    return this.page.frameLocator('[data-testid="embed-preview"]');
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ hasText: name });
  }
}

/** The demo station's SDK client and ids, for setting up widgets without the page. */
async function demoStation(baseURL: string) {
  const pb = new PocketBase(baseURL);
  pb.autoCancellation(false);
  await pb.collection('users').authWithPassword(DEMO.email, DEMO.password);
  const organization = String(pb.authStore.record?.organization);
  const channel = await pb
    .collection('channels')
    .getFirstListItem(`slug = "rctv-1" && organization = "${pb.authStore.record?.organization}"`);
  return { pb, organization, rctv1: channel.id };
}

/**
 * A station's own website, on loopback: one page with whatever HTML the test pastes into it.
 * Served from a real server (not a routed URL), so Chromium's local-network checks see a loopback
 * page framing a loopback widget and only the widget's own policy decides.
 */
async function stationSite() {
  let html = '';
  const server: Server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      `<!doctype html><html lang="en"><title>Station site</title><h1>Our schedule</h1>${html}</html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** Its origin, and the same site under another name: a different origin to the browser. */
    origin: `http://127.0.0.1:${port}`,
    otherOrigin: `http://localhost:${port}`,
    paste: (snippet: string) => {
      html = snippet;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Every script a page loads before it runs: its module scripts and, through their static
 * imports, the chunks they pull in (dynamic imports, like hls.js, are left out).
 */
async function initialScripts(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const queue = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((match) => match[1] as string);
  const sizes = new Map<string, { raw: number; gzip: number }>();
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (sizes.has(url)) continue;
    const body = await (await request.get(url)).body();
    sizes.set(url, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    for (const match of body
      .toString('utf8')
      .matchAll(/(?:import|from)\s*["'](\.\/[^"']+\.js)["']/g))
      queue.push(base + (match[1] as string).slice(2));
  }
  return sizes;
}

// A trace records the screen continuously; with video playing that starves a 2-core machine.
test.use({ trace: 'off' });

test.describe('embeds', () => {
  test('the demo station creates a guide embed, previews it live and copies the snippet, and the widget works signed out', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAsDemo(page);
    const embeds = new EmbedsPage(page);
    await embeds.open();
    const site = await stationSite();

    const name = `Homepage guide ${unique()}`;
    await page.getByRole('button', { name: 'New embed' }).click();
    const editor = embeds.editor();
    await editor.getByLabel(/^Name/).fill(name);
    await editor
      .getByLabel('Allowed websites')
      .fill(`https://www.example.org\n${site.origin}\nhttps://www.example.org/tv`);

    // The preview shows the draft before anything is saved: the demo channels, in the guide.
    const preview = embeds.preview();
    await expect(preview.getByRole('heading', { level: 1, name: STATION })).toBeVisible();
    for (const channel of DEMO_CHANNELS)
      await expect(preview.getByRole('rowheader', { name: new RegExp(channel) })).toBeVisible();
    await expect(preview.locator('html')).toHaveAttribute('data-theme', 'auto');

    // A theme follows at once.
    const background = () =>
      preview.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    await editor.getByText('Dark', { exact: true }).click();
    await expect(preview.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(background).toBe('rgb(15, 18, 22)');
    await page.screenshot({ path: test.info().outputPath('editor-dark.png') });
    await editor.getByText('Light', { exact: true }).click();
    await expect(preview.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect.poll(background).toBe('rgb(255, 255, 255)');
    await editor.getByRole('textbox', { name: 'Accent colour' }).fill('#c2255c');
    await expect(preview.locator('html')).toHaveAttribute('style', /--accent: #c2255c/);

    // The form refuses an origin with a path and says which one.
    await editor.getByRole('button', { name: 'Create embed' }).click();
    await expect(
      editor.getByText('"https://www.example.org/tv" is not an origin', { exact: false }),
    ).toBeVisible();
    await editor.getByLabel('Allowed websites').fill(`https://www.example.org\n${site.origin}`);
    await editor.getByRole('button', { name: 'Create embed' }).click();
    await expect(page.getByText(`${name} created`)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('editor-saved.png') });
    // Checked once the toast has gone: its own contrast belongs to the shared toasts.
    await expect(page.getByText(`${name} created`)).toBeHidden();
    await expectNoSeriousA11yViolations(page, 'the embed editor');

    // The snippet, copied.
    const snippet = await editor.getByRole('textbox', { name: 'Snippet' }).inputValue();
    expect(snippet).toMatch(
      new RegExp(
        `^<iframe src="${baseURL}/embed/[a-z0-9]{15}" width="100%" height="420" title="${name}" loading="lazy" style="border:0"></iframe>$`,
      ),
    );
    await editor.getByRole('button', { name: 'Copy snippet' }).click();
    await expect(editor.getByRole('button', { name: 'Snippet copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    const id = /\/embed\/([a-z0-9]{15})"/.exec(snippet)?.[1] as string;
    await expect(page.getByRole('dialog', { name: `Edit ${name}` })).toBeVisible();
    await editor.getByRole('button', { name: 'Done' }).click();
    await expect(editor).toBeHidden();
    await expect(embeds.row(name)).toContainText('Guide');
    await expect(embeds.row(name)).toContainText(site.origin);
    await page.screenshot({ path: test.info().outputPath('embeds-list.png') });
    await expectNoSeriousA11yViolations(page, 'the embeds page');

    // A visitor of the station's site, signed out.
    const visitor = await browser.newContext({ viewport: { width: 800, height: 440 } });
    const widget = await visitor.newPage();
    const response = await widget.goto(`/embed/${id}`);
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain(
      `frame-ancestors 'self' https://www.example.org ${site.origin}`,
    );
    expect(headers['x-frame-options']).toBeUndefined();
    await expect(widget.getByRole('heading', { level: 1, name: STATION })).toBeVisible();
    await expect(widget.locator('html')).toHaveAttribute('data-theme', 'light');
    const grid = widget.getByRole('grid');
    await expect(grid).toHaveAccessibleName(/^Programme guide, /);
    for (const channel of DEMO_CHANNELS)
      await expect(grid.getByRole('rowheader', { name: new RegExp(channel) })).toBeVisible();
    // The demo channels air around the clock: something is on now on each.
    await expect(grid.getByRole('gridcell', { name: /, on now$/ })).toHaveCount(4);

    // One tab stop; arrows move through the grid; Enter shows the programme.
    await widget.keyboard.press('Tab');
    const first = grid.getByRole('gridcell', { name: /, on now$/ }).first();
    await expect(first).toBeFocused();
    await widget.keyboard.press('ArrowDown');
    await expect(grid.getByRole('gridcell', { name: /, on now$/ }).nth(1)).toBeFocused();
    await widget.keyboard.press('ArrowRight');
    await widget.keyboard.press('Enter');
    const details = widget.getByRole('region', { name: 'Programme details' });
    await expect(details.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(details).toContainText('RCTV 2 Education');
    await widget.screenshot({ path: test.info().outputPath('widget-guide.png') });
    await expectNoSeriousA11yViolations(widget, 'the guide widget');

    // The station's website shows it; any other site is refused by the browser.
    site.paste(snippet);
    await widget.goto(`${site.origin}/`);
    await expect(
      widget.frameLocator('iframe').getByRole('heading', { level: 1, name: STATION }),
    ).toBeVisible();
    await widget.screenshot({ path: test.info().outputPath('widget-on-station-site.png') });
    const refused = widget.waitForEvent('requestfailed', (request) =>
      request.url().includes(`/embed/${id}`),
    );
    await widget.goto(`${site.otherOrigin}/`);
    expect((await refused).failure()?.errorText).toBe('net::ERR_BLOCKED_BY_RESPONSE');
    await site.close();
    await visitor.close();

    // Archived after a confirmation: the station's site then shows the 404 page, and the
    // archive restores it.
    await page.getByRole('button', { name: `Archive ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Archive ${name}?` });
    await expect(confirm).toContainText('Widget not found');
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText(`${name} archived`)).toBeVisible();
    await expect(embeds.row(name)).toHaveCount(0);
    expect((await page.request.get(`/embed/${id}`)).status()).toBe(404);
    await page.goto('/archive/organization?kind=embeds');
    await page.getByRole('button', { name: `Restore ${name}` }).click();
    await expect(page.getByText(`${name} restored`)).toBeVisible();
    expect((await page.request.get(`/embed/${id}`)).status()).toBe(200);
  });

  test('now/next, upcoming and a small guide render accessibly, in dark and light', async ({
    browser,
    baseURL,
  }) => {
    const { pb, organization, rctv1 } = await demoStation(baseURL ?? '');
    const nownext = await pb.collection('embeds').create({
      organization,
      name: `Now ${unique()}`,
      kind: 'nownext',
      theme: 'dark',
      accent: '#ffd43b',
    });
    const upcoming = await pb.collection('embeds').create({
      organization,
      name: `Upcoming ${unique()}`,
      kind: 'upcoming',
      channels: [rctv1],
      theme: 'light',
      options: { count: 5 },
    });
    const visitor = await browser.newContext({ viewport: { width: 320, height: 480 } });
    const widget = await visitor.newPage();

    await widget.goto(`/embed/${nownext.id}`);
    const cards = widget.getByRole('list', { name: 'Channels' }).getByRole('listitem');
    await expect(cards).toHaveCount(4);
    await expect(cards.first()).toContainText('On now');
    await expect(cards.first()).toContainText('Next');
    await expect(
      cards.first().getByRole('link', { name: /^Watch RCTV 1 Community/ }),
    ).toHaveAttribute('target', '_blank');
    // The station's logo beside its name; the widget's own accent wins over the station's.
    const accentOf = () =>
      widget.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
      );
    await expect(widget.locator('header img.station-logo')).toHaveAttribute(
      'src',
      new RegExp(`^/api/files/organizations/${organization}/\\w+\\.(svg|png|jpg|gif|webp)$`),
    );
    await expect
      .poll(() =>
        widget
          .locator('header img.station-logo')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect.poll(accentOf).toBe('#ffd43b');
    await widget.screenshot({ path: test.info().outputPath('widget-nownext-320.png') });
    await expectNoSeriousA11yViolations(widget, 'the now/next widget');

    await widget.goto(`/embed/${upcoming.id}`);
    await expect(widget.getByRole('heading', { level: 2, name: 'On now' })).toBeVisible();
    await expect(widget.getByRole('listitem')).toHaveCount(5);
    await expect(widget.getByRole('listitem').first()).toContainText('RCTV 1 Community');
    await expect(widget.getByRole('listitem').first()).toContainText(/\d{1,2}:\d\d [AP]M/);
    // No accent of its own: it wears the station's (the demo station's blue).
    await expect.poll(accentOf).toBe('#1c5fb8');
    await expect(widget.locator('header img.station-logo')).toBeVisible();
    await widget.screenshot({ path: test.info().outputPath('widget-upcoming-320.png') });
    await expectNoSeriousA11yViolations(widget, 'the upcoming widget');
    await visitor.close();

    // The guide on 'auto' follows a visitor who prefers dark, and still fits 320 pixels.
    const guide = await pb.collection('embeds').create({
      organization,
      name: `Small guide ${unique()}`,
      kind: 'guide',
      options: { hours: 2 },
    });
    const night = await browser.newContext({
      viewport: { width: 320, height: 400 },
      colorScheme: 'dark',
    });
    const small = await night.newPage();
    await small.goto(`/embed/${guide.id}`);
    await expect(small.getByRole('grid').getByRole('row')).toHaveCount(4);
    await expect
      .poll(() => small.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor))
      .toBe('rgb(15, 18, 22)');
    await small.screenshot({ path: test.info().outputPath('widget-guide-320-dark.png') });
    await expectNoSeriousA11yViolations(small, 'the guide widget, 320 px, dark');
    await night.close();
  });

  test('the player widget plays the channel signed out, and shows the bumper when the stream is down', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { pb, organization, rctv1 } = await demoStation(baseURL ?? '');
    const player = await pb.collection('embeds').create({
      organization,
      name: `Player ${unique()}`,
      kind: 'player',
      channels: [rctv1],
    });
    const visitor = await browser.newContext({ viewport: { width: 640, height: 520 } });
    const widget = await visitor.newPage();
    await widget.goto(`/embed/${player.id}`);
    await expect(widget.getByRole('heading', { level: 1, name: 'RCTV 1 Community' })).toBeVisible();
    const video = widget.locator('video');
    const playback = () =>
      widget.locator('video').evaluate((element) => (element as HTMLVideoElement).currentTime);
    await expect(video).toBeVisible();
    await expect.poll(playback, { timeout: 30_000 }).toBeGreaterThan(1);
    await expect(widget.locator('.strip')).toContainText('On now');
    await widget.screenshot({ path: test.info().outputPath('widget-player.png') });
    await expectNoSeriousA11yViolations(widget, 'the player widget');

    await widget.route('**/api/v1/streams/**', (route) => route.abort());
    const bumper = widget.getByRole('status').filter({ hasText: 'We’ll be right back' });
    await expect(bumper).toBeVisible({ timeout: 45_000 });
    await expect(bumper).toContainText('Next up');
    await expect(bumper.locator('.countdown')).toHaveText(/^\d+:\d\d(:\d\d)?$/);
    await widget.screenshot({ path: test.info().outputPath('widget-player-bumper.png') });
    await visitor.close();
  });

  test('the player widget follows its channel’s source: the test pattern plays with nothing scheduled', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const station = await seedStation(baseURL ?? '', { timeZone: 'UTC' });
    const channel = String(station.channel?.id);
    // A stream URL left from before: the source decides what plays, not the address.
    await station.pb.collection('channels').update(channel, {
      source: 'test-pattern',
      streamUrl: 'https://streams.example.org/old.m3u8',
    });
    const player = await station.pb.collection('embeds').create({
      organization: String(station.organization?.id),
      name: `Player ${unique()}`,
      kind: 'player',
      channels: [channel],
    });
    const visitor = await browser.newContext({ viewport: { width: 640, height: 520 } });
    const widget = await visitor.newPage();
    // The address is made absolute on the server's origin, as a widget on another site needs.
    const playlist = `${new URL(baseURL ?? '').origin}/api/v1/streams/test-pattern/live.m3u8`;
    const requested = widget.waitForRequest((request) => request.url() === playlist);
    await widget.goto(`/embed/${player.id}`);
    await requested;
    await expect(widget.locator('.strip')).toContainText('Nothing on air right now.');
    await expect
      .poll(
        () => widget.locator('video').evaluate((video) => (video as HTMLVideoElement).currentTime),
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(1);
    await expect(widget.getByRole('status').filter({ hasText: 'We’ll be right back' })).toHaveCount(
      0,
    );
    await visitor.close();
  });

  test('an unknown widget is a 404 page any site may show', async ({ request }) => {
    const response = await request.get('/embed/zzzzzzzzzzzzzzz');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Widget not found');
    expect(response.headers()['content-security-policy']).toMatch(/frame-ancestors \*$/);
  });

  test("the guide widget's JavaScript stays under 60 KB gzipped", async ({ request }) => {
    const sizes = await initialScripts(request, '/embed/preview');
    const gzip = [...sizes.values()].reduce((sum, size) => sum + size.gzip, 0);
    const raw = [...sizes.values()].reduce((sum, size) => sum + size.raw, 0);
    const figure = `guide widget JavaScript: ${(gzip / 1024).toFixed(1)} KB gzipped (${(raw / 1024).toFixed(1)} KB raw) in ${sizes.size} files`;
    console.log(figure);
    test.info().annotations.push({ type: 'bundle size', description: figure });
    expect([...sizes.keys()].some((url) => /hls/.test(url))).toBe(false);
    expect(gzip).toBeLessThan(GUIDE_WIDGET_BUDGET);
  });
});

test('every widget wraps channel names between words at narrow widths, never inside one', async ({
  browser,
  baseURL,
}) => {
  // A station of the test's own whose channel names have long words, each airing now.
  const station = await seedStation(baseURL ?? '', {
    channel: 'Riverbend Community Television',
    timeZone: 'UTC',
  });
  const { pb } = station;
  const organization = String(station.organization?.id);
  const second = await pb.collection('channels').create({
    organization,
    name: 'Government Accountability Channel',
    slug: 'government-accountability',
    number: 2,
    timeZone: 'UTC',
    public: true,
  });
  const show = await pb.collection('shows').create({ organization, title: 'Town Meeting' });
  const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  for (const channel of [String(station.channel?.id), second.id]) {
    await pb.collection('timeslots').create({
      organization,
      channel,
      show: show.id,
      start: new Date(hour).toISOString().replace('T', ' '),
      durationSec: 7200,
    });
  }
  const names = ['Riverbend Community Television', 'Government Accountability Channel'];
  const kinds = [
    { kind: 'guide', options: { hours: 2 } },
    { kind: 'nownext', options: {} },
    { kind: 'upcoming', options: { count: 4 } },
  ];
  for (const width of [280, 320, 420]) {
    const visitor = await browser.newContext({ viewport: { width, height: 600 } });
    const widget = await visitor.newPage();
    for (const { kind, options } of kinds) {
      const embed = await pb
        .collection('embeds')
        .create({ organization, name: `${kind} ${unique()}`, kind, options });
      await widget.goto(`/embed/${embed.id}`);
      await expect(widget.getByText(names[0] as string).first()).toBeVisible();
      // Each word of each name sits on one line (a word broken across lines has two boxes)
      // and inside the element that shows it.
      const broken = await widget.evaluate((wanted) => {
        const problems: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          if (!wanted.includes(text.trim())) continue;
          const box = (node.parentElement as HTMLElement).getBoundingClientRect();
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index ?? 0);
            range.setEnd(node, (match.index ?? 0) + match[0].length);
            const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
            if (rects.length !== 1) problems.push(`"${match[0]}" on ${rects.length} lines`);
            else if ((rects[0] as DOMRect).right > box.right + 1) {
              problems.push(`"${match[0]}" cut off`);
            }
          }
        }
        return problems;
      }, names);
      expect(broken, `${kind} at ${width} px`).toEqual([]);
      await widget.screenshot({ path: test.info().outputPath(`names-${kind}-${width}.png`) });
    }
    await visitor.close();
  }
});
