// The functions handed to page.evaluate run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { addDays, instantToLocal, localToInstant, toRecordDate } from '@airgrid/domain';
import { chromium } from '@playwright/test';
import { loadConfig } from '../../apps/server/src/config.js';
import type { DatabaseHandle } from '../../apps/server/src/db/database.js';
import { startServer } from '../../apps/server/src/main.js';
import { newRecordId } from '../../apps/server/src/records/record-id.js';
import {
  cleanUp,
  exitOnSignals,
  formatNumber,
  load,
  machine,
  onCleanUp,
  parseWholeNumber,
  printTable,
} from '../common.js';
import { insertBackToBack, random } from '../seed-schedule.js';

// The TV guide page (/tvguide) in a real browser on a big station: 200 public channels × 7 days
// of back-to-back programmes of 15 to 60 minutes (about 67,000), seeded directly with Kysely
// into the real server started in-process. Headless Chromium opens the guide signed out, as a
// viewer would, and the page reports in-page:
//   - time to first render: navigation start → the first programme's title painted (the
//     Element Timing API: the grid marks programme titles with elementtiming);
//   - long tasks (PerformanceObserver 'longtask', over 50 ms) while it scrolls the whole grid
//     down, then the whole day across, a step each animation frame;
//   - DOM nodes: the page's and the grid's, at first render and the most while scrolling;
//   - stepping to the next day: click → the new day's first programme painted.
//
//   npm run bench:guide-render [-- --channels 200] [--days 7] [--runs 3] [--step 120]
//
// Serves the web build in WEB_DIST, or builds one into a temp dir first (about 10 s).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ZONE = 'America/New_York';
const SLUG = 'bench-guide';
const CATEGORIES = [
  'News',
  'Talk',
  'Sports',
  'Community',
  'Education',
  'Kids',
  'Government',
  'Music',
  'Film',
  'Arts',
];
/** Minutes a programme runs, each as likely as it is listed: 15–60, averaging 30 (48 a day). */
const LENGTHS = [15, 15, 15, 15, 30, 30, 30, 30, 45, 45, 60];
const BATCH = 500;
const FIRST_RENDER_TARGET_MS = 1000;
const LONG_TASK_MS = 50;

interface Options {
  channels: number;
  days: number;
  runs: number;
  step: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      channels: { type: 'string', default: '200' },
      days: { type: 'string', default: '7' },
      runs: { type: 'string', default: '3' },
      step: { type: 'string', default: '120' },
    },
  });
  return {
    channels: parseWholeNumber('channels', values.channels, 1, 200),
    days: parseWholeNumber('days', values.days, 1, 14),
    runs: parseWholeNumber('runs', values.runs, 1, 20),
    step: parseWholeNumber('step', values.step, 20, 2000),
  };
}

// ---------------------------------------------------------------------------------------------
// Web build and server

/** WEB_DIST when set (it must hold index.html), else a fresh build in a temp dir. */
function webDist(): string {
  const given = process.env.WEB_DIST;
  if (given) {
    if (!existsSync(path.join(given, 'index.html'))) {
      throw new Error(`WEB_DIST=${given} has no index.html: build the web app there first.`);
    }
    return given;
  }
  const dist = mkdtempSync(path.join(os.tmpdir(), 'airgrid-bench-web-'));
  onCleanUp(() => rmSync(dist, { recursive: true, force: true }));
  console.log('  building the web app (set WEB_DIST to reuse a build)…');
  const build = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '-c',
      'apps/web/vite.config.ts',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('The web build failed: see its output above.');
  return dist;
}

/**
 * One public organization in New York time: `channels` public channels and, from yesterday's
 * local midnight, `days` + 1 days of back-to-back timeslots on each (yesterday too, so the
 * guide's first day starts with a programme that began before it, as real schedules do).
 */
async function seed(
  database: DatabaseHandle,
  options: Options,
  now: number,
): Promise<{ timeslots: number; today: string }> {
  const { db } = database;
  const stamp = toRecordDate(now);
  const organization = newRecordId();
  await db
    .insertInto('organizations')
    .values({
      id: organization,
      name: 'Bench Community Television',
      slug: SLUG,
      timeZone: ZONE,
      branding: '{}',
      settings: '{}',
      archived: false,
      created: stamp,
      updated: stamp,
    } as never)
    .execute();

  const next = random(42);
  const shows = Array.from({ length: 80 }, (_, index) => ({
    id: newRecordId(),
    organization,
    title: `${['Morning', 'Evening', 'Late', 'Weekend', 'Riverside', 'Community'][index % 6]} ${['News', 'Hour', 'Forum', 'Matters', 'Showcase', 'Live', 'Journal', 'Report'][index % 8]} ${index + 1}`,
    description:
      'A programme made by and for the community: interviews, local events and what matters on our streets this week.',
    category: CATEGORIES[index % CATEGORIES.length],
    rating: 'TV-G',
    durationSec: 1800,
    tags: '[]',
    externalIds: '{}',
    created: stamp,
    updated: stamp,
  }));
  await db
    .insertInto('shows')
    .values(shows as never)
    .execute();

  const channels = Array.from({ length: options.channels }, (_, index) => ({
    id: newRecordId(),
    organization,
    name: `Channel ${index + 1} ${['Community', 'Education', 'Government', 'Arts'][index % 4]}`,
    slug: `channel-${index + 1}`,
    number: index + 1,
    sortOrder: index,
    timeZone: ZONE,
    public: true,
    archived: false,
    created: stamp,
    updated: stamp,
  }));
  for (let i = 0; i < channels.length; i += BATCH) {
    await db
      .insertInto('channels')
      .values(channels.slice(i, i + BATCH) as never)
      .execute();
  }

  const today = instantToLocal(now, ZONE).slice(0, 10);
  const count = await insertBackToBack(db, {
    organization,
    channels,
    shows,
    firstDay: addDays(today, -1),
    days: options.days + 1,
    zone: ZONE,
    lengths: LENGTHS,
    next,
  });
  return { timeslots: count, today };
}

// ---------------------------------------------------------------------------------------------
// The page

/** Installed before the app's scripts: collects long tasks and the first programme's paint. */
const PROBE = `
  // tsx compiles this file keeping function names through a __name helper, which the
  // functions handed to page.evaluate then call in the page.
  globalThis.__name = globalThis.__name || ((fn) => fn);
  window.__guide = { longTasks: [], firstPaint: null, paints: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__guide.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.identifier !== 'guide-programme') continue;
      const at = entry.renderTime || entry.loadTime;
      window.__guide.paints.push(at);
      if (window.__guide.firstPaint === null) window.__guide.firstPaint = at;
    }
  }).observe({ type: 'element', buffered: true });
`;

interface RunResult {
  firstRenderMs: number;
  nodesAtFirstRender: number;
  gridNodesAtFirstRender: number;
  programmesAtFirstRender: number;
  vertical: ScrollResult;
  horizontal: ScrollResult;
  nextDayMs: number;
  longTasksBeforeScrolling: number[];
}

interface ScrollResult {
  frames: number;
  longest: number;
  over50: number;
  maxNodes: number;
  maxGridNodes: number;
  maxProgrammes: number;
}

async function measure(url: string, options: Options): Promise<RunResult> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'airgrid-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript({ content: PROBE });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as GuideWindow).__guide.firstPaint !== null,
      null,
      {
        timeout: 30_000,
      },
    );
    const first = await page.evaluate(() => {
      const guide = (window as unknown as GuideWindow).__guide;
      const grid = document.querySelector('[data-testid="guide-grid"]');
      return {
        firstPaint: guide.firstPaint as number,
        nodes: document.getElementsByTagName('*').length,
        gridNodes: grid ? grid.getElementsByTagName('*').length : 0,
        programmes: document.querySelectorAll('[data-programme-id]').length,
        longTasks: guide.longTasks.map((task) => task.duration),
        timeline: [
          ...performance
            .getEntriesByType('resource')
            .filter((entry) => /\/assets\/|\/api\//.test(entry.name))
            .map(
              (entry) =>
                `${new URL(entry.name).pathname.replace(/-[\w-]{8}\.js$/, '.js')}${new URL(entry.name).search.includes('channels=') ? ' (channels)' : ''} ${Math.round(entry.startTime)}–${Math.round((entry as PerformanceResourceTiming).responseEnd)} ms`,
            ),
          ...guide.longTasks.map(
            (task) =>
              `long task ${Math.round(task.start)}–${Math.round(task.start + task.duration)} ms`,
          ),
        ],
      };
    });
    if (process.env.GUIDE_TIMELINE) console.log(first.timeline.join('\n'));
    // Scrolling starts once the whole day is in (the first screenful of channels is drawn
    // first; the grid is aria-busy until the rest has arrived) and the page has settled.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="guide-grid"]')?.getAttribute('aria-busy') === null,
      null,
      { timeout: 30_000 },
    );
    await page.waitForTimeout(500);

    const vertical = await scroll(page, 'vertical', options.step);
    const horizontal = await scroll(page, 'horizontal', options.step);

    // The next day: the button is hovered first, as a pointer would, which prefetches it.
    const label = await page.getByTestId('guide-grid').getAttribute('aria-label');
    const button = page.getByRole('button', { name: 'Next day' });
    await button.hover();
    const clicked = await page.evaluate(() => performance.now());
    await button.click();
    await page.waitForFunction(
      (previous) => {
        const grid = document.querySelector('[data-testid="guide-grid"]');
        return (
          grid !== null &&
          grid.getAttribute('aria-label') !== previous &&
          grid.getAttribute('aria-busy') === null &&
          grid.querySelector('[data-programme-id]') !== null
        );
      },
      label,
      { timeout: 30_000, polling: 'raf' },
    );
    const nextDayMs = (await page.evaluate(() => performance.now())) - clicked;

    return {
      firstRenderMs: first.firstPaint,
      nodesAtFirstRender: first.nodes,
      gridNodesAtFirstRender: first.gridNodes,
      programmesAtFirstRender: first.programmes,
      vertical,
      horizontal,
      nextDayMs,
      longTasksBeforeScrolling: first.longTasks,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

interface GuideWindow {
  __guide: {
    longTasks: { start: number; duration: number }[];
    firstPaint: number | null;
    paints: number[];
  };
}

/**
 * Scrolls the grid from one end to the other, `step` px each animation frame, sampling the DOM
 * every frame, and reports the long tasks that started meanwhile.
 */
async function scroll(
  page: import('@playwright/test').Page,
  direction: 'vertical' | 'horizontal',
  step: number,
): Promise<ScrollResult> {
  return page.evaluate(
    ({ direction, step }) =>
      new Promise<ScrollResult>((resolve) => {
        const guide = (window as unknown as GuideWindow).__guide;
        const grid = document.querySelector<HTMLElement>('[data-testid="guide-grid"]');
        if (!grid) throw new Error('No guide grid on the page.');
        if (direction === 'vertical') grid.scrollTop = 0;
        else grid.scrollLeft = 0;
        const started = performance.now();
        let frames = 0;
        let maxNodes = 0;
        let maxGridNodes = 0;
        let maxProgrammes = 0;
        const frame = () => {
          frames++;
          maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length);
          maxGridNodes = Math.max(maxGridNodes, grid.getElementsByTagName('*').length);
          maxProgrammes = Math.max(
            maxProgrammes,
            grid.querySelectorAll('[data-programme-id]').length,
          );
          const done =
            direction === 'vertical'
              ? grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1
              : grid.scrollLeft + grid.clientWidth >= grid.scrollWidth - 1;
          if (done || frames > 5000) {
            // Long tasks are reported after they end: give the last one a frame to arrive.
            setTimeout(() => {
              const tasks = guide.longTasks.filter((task) => task.start >= started);
              resolve({
                frames,
                longest: Math.max(0, ...tasks.map((task) => task.duration)),
                over50: tasks.filter((task) => task.duration > 50).length,
                maxNodes,
                maxGridNodes,
                maxProgrammes,
              });
            }, 100);
            return;
          }
          if (direction === 'vertical') grid.scrollTop += step;
          else grid.scrollLeft += step;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { direction, step },
  );
}

// ---------------------------------------------------------------------------------------------
// Main

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function main(): Promise<void> {
  exitOnSignals();
  const options = parseOptions(process.argv.slice(2));
  console.log(`machine: ${machine()}; load ${load()}`);
  const dist = webDist();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'airgrid-bench-guide-render-'));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: dist,
    }),
  );
  onCleanUp(() => server.close());

  const started = Date.now();
  const { timeslots, today } = await seed(server.database, options, Date.now());
  console.log(
    `  seeded ${options.channels} channels × ${options.days} days (+ yesterday): ${formatNumber(timeslots)} timeslots in ${formatNumber((Date.now() - started) / 1000, 1)} s`,
  );

  // The API's share of the first render: the day's guide as the page asks for it.
  const day = {
    from: localToInstant(`${today}T00:00`, ZONE),
    to: localToInstant(`${addDays(today, 1)}T00:00`, ZONE),
  };
  const apiTimes: number[] = [];
  let bytes = 0;
  let programmes = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const response = await fetch(
      `${server.url}/api/v1/guide?organization=${SLUG}&from=${new Date(day.from).toISOString()}&to=${new Date(day.to).toISOString()}`,
    );
    const body = await response.text();
    apiTimes.push(performance.now() - t0);
    if (!response.ok) throw new Error(`GET /api/v1/guide answered ${response.status}: ${body}`);
    bytes = body.length;
    programmes = (JSON.parse(body) as { timeslots: unknown[] }).timeslots.length;
  }
  console.log(
    `  GET /api/v1/guide for today: ${formatNumber(programmes)} programmes, ${formatNumber(bytes / 1024 / 1024, 1)} MB, median ${formatNumber(median(apiTimes))} ms`,
  );

  const url = `${server.url}/tvguide?organization=${SLUG}`;
  const results: RunResult[] = [];
  for (let run = 1; run <= options.runs; run++) {
    const result = await measure(url, options);
    results.push(result);
    console.log(
      `  run ${run}: first render ${formatNumber(result.firstRenderMs)} ms; scrolling: longest task ${formatNumber(result.vertical.longest)} ms down, ${formatNumber(result.horizontal.longest)} ms across`,
    );
  }

  const row = (name: string, pick: (result: RunResult) => number, unit = '') => [
    name,
    ...results.map((result) => `${formatNumber(pick(result))}${unit}`),
    `${formatNumber(median(results.map(pick)))}${unit}`,
  ];
  printTable(
    `/tvguide, ${options.channels} channels × ${options.days} days, ${formatNumber(timeslots)} timeslots, a day of ${formatNumber(programmes)} programmes`,
    [
      ['measure', ...results.map((_, index) => `run ${index + 1}`), 'median'],
      row('first render (navigation → first programme painted)', (r) => r.firstRenderMs, ' ms'),
      row('long tasks before scrolling (count)', (r) => r.longTasksBeforeScrolling.length),
      row('longest of those', (r) => Math.max(0, ...r.longTasksBeforeScrolling), ' ms'),
      row('DOM nodes at first render (page)', (r) => r.nodesAtFirstRender),
      row('DOM nodes at first render (grid)', (r) => r.gridNodesAtFirstRender),
      row('programmes in the DOM at first render', (r) => r.programmesAtFirstRender),
      row('scroll down: frames', (r) => r.vertical.frames),
      row('scroll down: longest task', (r) => r.vertical.longest, ' ms'),
      row(`scroll down: tasks over ${LONG_TASK_MS} ms`, (r) => r.vertical.over50),
      row('scroll down: most DOM nodes (page)', (r) => r.vertical.maxNodes),
      row('scroll down: most DOM nodes (grid)', (r) => r.vertical.maxGridNodes),
      row('scroll across: frames', (r) => r.horizontal.frames),
      row('scroll across: longest task', (r) => r.horizontal.longest, ' ms'),
      row(`scroll across: tasks over ${LONG_TASK_MS} ms`, (r) => r.horizontal.over50),
      row('scroll across: most DOM nodes (grid)', (r) => r.horizontal.maxGridNodes),
      row('most programmes in the DOM while scrolling', (r) =>
        Math.max(r.vertical.maxProgrammes, r.horizontal.maxProgrammes),
      ),
      row('next day (click → painted, prefetched on hover)', (r) => r.nextDayMs, ' ms'),
    ],
  );

  const firstRender = median(results.map((result) => result.firstRenderMs));
  const scrollTasks = results.reduce((sum, r) => sum + r.vertical.over50 + r.horizontal.over50, 0);
  console.log(
    `\ntargets: first render < ${FIRST_RENDER_TARGET_MS} ms: ${firstRender < FIRST_RENDER_TARGET_MS ? 'met' : 'MISSED'} (median ${formatNumber(firstRender)} ms); no long tasks while scrolling: ${scrollTasks === 0 ? 'met' : `MISSED (${scrollTasks})`}`,
  );
  console.log(`load at the end: ${load()}`);
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
