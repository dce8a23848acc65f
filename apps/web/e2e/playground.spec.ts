import { expectNoSeriousA11yViolations } from './support/axe';
import { signInBrowser } from './support/fixtures';
import { superuserClient } from './support/superuser';
import { expect, type Locator, type Page, test } from './support/test';

// Issue 38, item 5: the debug pages, as a superuser (a production build shows them to no one
// else). The playground's sections are compared with the screenshots in
// __screenshots__/playground.spec.ts/, made with Debian's Chromium on this machine kind: after a
// deliberate change to a component, run this spec with --update-snapshots and look at the new
// images before committing them. Everything screenshotted is fixed: the chart's sample starts on
// a set Monday with a set "now", and nothing on the page is random.
// The static check runs against the built app the server serves, so every verdict must pass.

/** A few stray pixels (anti-aliasing) pass; a changed colour, size or word does not. */
const SAME = { animations: 'disabled', maxDiffPixelRatio: 0.01 } as const;

test.use({ viewport: { width: 1366, height: 900 } });

test.beforeEach(async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('The Playwright config sets no baseURL.');
  await signInBrowser(page, await superuserClient(baseURL));
});

async function openPlayground(page: Page, search = ''): Promise<void> {
  await page.goto(`/debug/playground${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Component playground' })).toBeVisible();
}

function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

test('the playground’s buttons, form rules and list states look as they did', async ({ page }) => {
  await openPlayground(page);
  await expect(section(page, 'Buttons')).toHaveScreenshot('buttons.png', SAME);

  const forms = section(page, 'Form rules');
  // Each rule's own message shows from the start.
  await expect(forms.getByText('The Name field is required.')).toBeVisible();
  await expect(forms.getByText('email must match')).toBeVisible();
  await expect(forms).toHaveScreenshot('form-rules.png', SAME);

  await expect(section(page, 'Empty, loading and error')).toHaveScreenshot('states.png', SAME);
  // Every component in its states, errors included, reads with enough contrast.
  await expectNoSeriousA11yViolations(page, 'the component playground');
});

test('the timeline chart shows the scheme and precision the address names', async ({ page }) => {
  // The chart draws its fixed sample and "now"; the page clock is fixed too, so nothing on it
  // could follow today's date.
  await page.clock.setFixedTime(new Date('2026-06-01T14:30:00Z'));
  await openPlayground(page, '?section=timeline&scheme=sky&precision=day');
  const timeline = section(page, 'Timeline chart');
  const chart = page.getByRole('region', { name: 'Sample schedule' });
  await expect(chart).toHaveAttribute('data-color-scheme', 'sky');
  await expect(chart).toHaveAttribute('data-precision', 'day');
  // Rows are drawn once on screen (the chart draws only those): the section scrolled to it.
  await expect(chart.getByText('Channel 3')).toBeVisible();
  await expect(chart).toHaveScreenshot('timeline-sky-day.png', SAME);

  await timeline.getByText('slumber', { exact: true }).click();
  await timeline.getByText('hour', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]scheme=slumber(&|$)/);
  await expect(page).toHaveURL(/[?&]precision=hour(&|$)/);
  await expect(chart).toHaveAttribute('data-precision', 'hour');
  await expect(chart.getByText('Noon Bulletin')).toBeVisible();
  await expect(chart).toHaveScreenshot('timeline-slumber-hour.png', SAME);
});

test('the playground reads at phone width, and its toast buttons raise toasts', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPlayground(page, '?section=buttons');
  await expect(section(page, 'Buttons')).toHaveScreenshot('buttons-phone.png', SAME);

  const toasts = section(page, 'Toasts');
  for (const severity of ['success', 'error'] as const) {
    await toasts.getByRole('button', { name: `Show ${severity}` }).click();
    await expect(page.locator(`[data-severity="${severity}"]`)).toContainText(
      `A ${severity} toast`,
    );
  }
});

test('the static check finds every file of this build served as it should be', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/debug/static');
  await expect(page.getByRole('heading', { level: 1, name: 'Static assets' })).toBeVisible();
  // A couple of hundred requests, six at a time: a second here, longer on a busy machine.
  const summary = page.getByTestId('static-summary');
  await expect(summary).toContainText(/All \d+ files pass\./, { timeout: 40_000 });

  const rows = page.getByRole('table', { name: 'Files' }).locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(20);
  await expect(rows.and(page.locator('[data-verdict="fail"]'))).toHaveCount(0);
  for (const path of ['/builds/latest.json', '/index.html', '/embed.html', '/embed/preview']) {
    await expect(rows.filter({ hasText: path }).first()).toBeVisible();
  }
  // The app's and the widgets' bundles are both there, their scripts sent compressed.
  for (const name of [/\/assets\/index-[\w-]+\.js/, /\/assets\/embed-[\w-]+\.js/]) {
    const row = rows.filter({ hasText: name }).first();
    await expect(
      row.getByRole('cell', { name: 'public, max-age=31536000, immutable' }),
    ).toBeVisible();
    await expect(row.getByRole('cell', { name: /^(br|gzip)$/ })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'the static check');
});

test('the static check says what is wrong with a file served badly', async ({ page }) => {
  // The server serves everything right, so the browser answers for one script: revalidated and
  // uncompressed, as a misconfigured proxy might send it. The build's details name only it and
  // one stylesheet, so the check makes a handful of requests rather than a few hundred.
  const latest = (await (await page.request.get('/builds/latest.json')).json()) as { id: string };
  const details = (await (await page.request.get(`/builds/meta/${latest.id}.json`)).json()) as {
    assets: string[];
  };
  const script = details.assets.find((name) => /^assets\/index-[\w-]+\.js$/.test(name));
  const styles = details.assets.find((name) => name.endsWith('.css'));
  if (!script || !styles) throw new Error('The build has no index script or stylesheet.');
  await page.route(`**/builds/meta/${latest.id}.json`, (route) =>
    route.fulfill({
      json: { ...details, assets: [script, styles] },
      headers: { 'Cache-Control': 'no-cache' },
    }),
  );
  await page.route(`**/${script}`, (route) =>
    route.request().method() === 'HEAD'
      ? route.fulfill({
          status: 200,
          headers: {
            'Cache-Control': 'no-cache',
            'Content-Type': 'application/javascript',
            'Content-Length': '300000',
          },
        })
      : route.fallback(),
  );

  await page.goto('/debug/static');
  await expect(page.getByTestId('static-summary')).toContainText(/^1 of 8 files fail\./);
  const failed = page.locator('tbody tr[data-verdict="fail"]');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText(`/${script}`);
  await expect(failed).toContainText('not kept a year');
  await expect(failed).toContainText('not marked immutable');
  await expect(failed).toContainText('293 KB sent uncompressed');
  // The failing file comes first.
  await expect(page.locator('tbody tr').first()).toHaveAttribute('data-verdict', 'fail');
});
