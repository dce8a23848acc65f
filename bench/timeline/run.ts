// The functions handed to page.evaluate run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { addDays, instantToLocal, toRecordDate } from '@airgrid/domain';
import { chromium, type Page } from '@playwright/test';
import { loadConfig } from '../../apps/server/src/config.js';
import { startServer } from '../../apps/server/src/main.js';
import { newRecordId } from '../../apps/server/src/records/record-id.js';
import {
  cleanUp,
  exitOnSignals,
  formatNumber,
  load,
  machine,
  markdownTable,
  onCleanUp,
  parseWholeNumber,
  printTable,
} from '../common.js';
import { insertBackToBack, random } from '../seed-schedule.js';

// The scheduler (/timeslots) in a real browser on a big station: 50 channels × one week of
// timeslots of 15 minutes to 2 hours (about 8,000 bars), seeded with Kysely into the real
// server started in-process on a temp DATA_DIR. Headless Chromium signs in as the owner, opens
// the week and reports, from inside the page:
//   - open the week: choosing "Days (one week)" → the week's bars on screen, then the main
//     thread idle (the window is read from the API in that time, as a user would wait for it);
//   - frame time while dragging a bar, and while scrolling down and across;
//   - long animation frames (over 50 ms) in each phase.
//
//   npm run build && npm run bench:timeline [-- --runs 3] [--channels 50] [--days 7]
//
// How a frame is measured. Headless Chromium paces requestAnimationFrame at 60 Hz, so the
// interval between two frames is 16.7 ms however little work they hold, and a p95 "< 16 ms"
// could never be met. The browser runs with the frame-rate limit and vsync off instead: a frame
// starts as soon as the previous one is done, so the interval between two animation frames is
// what one frame costs (script, style, layout, paint, composite). Every frame of a phase carries
// a change (one pointer move, one scroll step), so every interval measures a changed frame.
// No CPU throttling; viewport 1366 × 768 at device scale factor 1; a fresh profile per run.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RESULTS_FILE = path.join(ROOT, 'bench/timeline/results.md');
const ZONE = 'America/New_York';
const PASSWORD = 'bench-password-1';
const FRAME_TARGET_MS = 16;
/** Minutes a timeslot runs, each as likely as it is listed: 15 min to 2 h, an hour on average. */
const LENGTHS = [15, 30, 30, 45, 60, 60, 60, 90, 90, 120];
const CATEGORIES = ['News', 'Talk', 'Sports', 'Community', 'Education', 'Kids', 'Music', 'Film'];
/** The precision whose window is one week, as the page's select names it. */
const WEEK_PRECISION = 'day';

interface Options {
  channels: number;
  days: number;
  runs: number;
  /** Pointer moves (one per frame) of the drag, and scroll steps' size in px. */
  dragFrames: number;
  step: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      channels: { type: 'string', default: '50' },
      days: { type: 'string', default: '7' },
      runs: { type: 'string', default: '3' },
      'drag-frames': { type: 'string', default: '240' },
      step: { type: 'string', default: '20' },
    },
  });
  return {
    channels: parseWholeNumber('channels', values.channels, 1, 200),
    days: parseWholeNumber('days', values.days, 1, 7),
    runs: parseWholeNumber('runs', values.runs, 1, 20),
    dragFrames: parseWholeNumber('drag-frames', values['drag-frames'], 30, 5000),
    step: parseWholeNumber('step', values.step, 1, 500),
  };
}

// ---------------------------------------------------------------------------------------------
// Server and seed

/** The built web app: WEB_DIST, else apps/web/dist, which `npm run build` writes. */
function webDist(): string {
  const dist = process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${dist} has no index.html: run \`npm run build\` first (or set WEB_DIST).`);
  }
  return dist;
}

async function call(
  url: string,
  pathname: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = token;
  const response = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${pathname} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** The Monday (YYYY-MM-DD) of the week holding `date`: where the page's week window starts. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T12:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

interface Seeded {
  /** The pocketbase_auth value the web app keeps in localStorage. */
  auth: string;
  monday: string;
  timeslots: number;
}

/**
 * Signs up an owner through the API, who creates the organization (so the rules make them its
 * owner); channels, shows and timeslots go straight into the tables, as the other benchmarks
 * seed: 8,000 creates through the API would take minutes and measure nothing of the page.
 */
async function seed(
  server: Awaited<ReturnType<typeof startServer>>,
  options: Options,
): Promise<Seeded> {
  const email = 'bench-timeline@example.org';
  await call(server.url, '/api/collections/users/records', {
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    name: 'Bench Scheduler',
  });
  const signIn = await call(server.url, '/api/collections/users/auth-with-password', {
    identity: email,
    password: PASSWORD,
  });
  const created = await call(
    server.url,
    '/api/collections/organizations/records',
    { name: 'Bench Timeline TV', slug: 'bench-timeline', timeZone: ZONE },
    String(signIn.token),
  );
  const organization = String(created.id);

  const { db } = server.database;
  const stamp = toRecordDate(Date.now());
  const next = random(7);
  const shows = Array.from({ length: 60 }, (_, index) => ({
    id: newRecordId(),
    organization,
    title: `${['Morning', 'Evening', 'Late', 'Weekend', 'Riverside'][index % 5]} ${['News', 'Hour', 'Forum', 'Matters', 'Showcase', 'Live'][index % 6]} ${index + 1}`,
    description: 'A programme made by and for the community.',
    category: CATEGORIES[index % CATEGORIES.length],
    durationSec: 3600,
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
    name: `Channel ${index + 1}`,
    slug: `channel-${index + 1}`,
    number: index + 1,
    sortOrder: index,
    timeZone: ZONE,
    public: true,
    archived: false,
    created: stamp,
    updated: stamp,
  }));
  await db
    .insertInto('channels')
    .values(channels as never)
    .execute();

  const monday = mondayOf(instantToLocal(Date.now(), ZONE).slice(0, 10));
  const count = await insertBackToBack(db, {
    organization,
    channels,
    shows,
    firstDay: monday,
    days: options.days,
    zone: ZONE,
    lengths: LENGTHS,
    next,
  });

  // Creating the organization made the user its owner: a refreshed token carries it.
  const refreshed = await call(
    server.url,
    '/api/collections/users/auth-refresh',
    undefined,
    String(signIn.token),
  );
  const auth = JSON.stringify({ token: refreshed.token, record: refreshed.record });
  return { auth, monday, timeslots: count };
}

// ---------------------------------------------------------------------------------------------
// The page

/** Installed before the app's scripts: collects long animation frames. */
const PROBE = `
  // tsx keeps function names through a __name helper, which the evaluated functions call.
  globalThis.__name = globalThis.__name || ((fn) => fn);
  window.__timeline = { longFrames: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__timeline.longFrames.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
`;

interface ProbeWindow {
  __timeline: { longFrames: { start: number; duration: number }[] };
}

/** Frame intervals of one phase (ms) and the long animation frames that started in it. */
interface Frames {
  intervals: number[];
  longFrames: number[];
  /** What the phase covered: bars in the DOM at most, px scrolled. */
  maxBars: number;
  distance: number;
}

interface RunResult {
  openDayMs: number;
  openWeekVisibleMs: number;
  openWeekIdleMs: number;
  barsInDom: number;
  domNodes: number;
  drag: Frames;
  vertical: Frames;
  horizontal: Frames;
}

async function measure(url: string, seeded: Seeded, options: Options): Promise<RunResult> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'airgrid-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1366, height: 768 },
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: ZONE,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A frame as soon as the last one is done: the frame interval is the frame's cost.
      '--disable-frame-rate-limit',
      '--disable-gpu-vsync',
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${url}/api/health`);
    await page.evaluate((auth) => localStorage.setItem('pocketbase_auth', auth), seeded.auth);
    await page.addInitScript({ content: PROBE });

    // The page opens on one day (hours); the toolbar's precision select widens it to the week.
    await page.goto(`${url}/timeslots?date=${seeded.monday}`, { waitUntil: 'commit' });
    await page.locator('[data-bar-id]').first().waitFor({ timeout: 30_000 });
    const openDayMs = await page.evaluate(() => performance.now());
    await page.waitForTimeout(500);
    const week = await choosePrecision(page, WEEK_PRECISION);
    await page.waitForTimeout(500);
    const drag = await traced(page, 'drag', () => dragFrames(page, options.dragFrames));
    await page.waitForTimeout(300);
    const vertical = await traced(page, 'scroll', () =>
      scrollFrames(page, 'vertical', options.step),
    );
    // A week fits the screen's width; the chart scrolls sideways at hours (one day, 240 px an
    // hour), so that is where scrolling across is measured.
    await choosePrecision(page, 'hour');
    await page.waitForTimeout(500);
    const horizontal = await scrollFrames(page, 'horizontal', options.step);
    return {
      openDayMs,
      openWeekVisibleMs: week.visibleMs,
      openWeekIdleMs: week.idleMs,
      barsInDom: week.barsInDom,
      domNodes: week.domNodes,
      drag,
      vertical,
      horizontal,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

interface Opened {
  visibleMs: number;
  idleMs: number;
  barsInDom: number;
  domNodes: number;
}

/**
 * Chooses `precision` in the toolbar's select and times, in the page, the moment the chart
 * shows the new window's bars (the frame after they are in the DOM and the chart is no longer
 * busy with the previous window's) and the moment the main thread is next idle
 * (requestIdleCallback).
 */
async function choosePrecision(page: Page, precision: string): Promise<Opened> {
  return page.evaluate(
    (precision) =>
      new Promise<Opened>((resolve, reject) => {
        const select = [...document.querySelectorAll('select')].find((one) =>
          [...one.options].some((option) => option.value === precision),
        );
        if (!select) throw new Error('No precision select on the page.');
        const started = performance.now();
        // React listens for the native change event; the value goes through the setter React
        // tracks, as a user's choice would.
        const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
        setter?.call(select, precision);
        select.dispatchEvent(new Event('change', { bubbles: true }));
        const deadline = started + 30_000;
        const check = () => {
          const chart = document.querySelector(`section[data-precision="${precision}"]`);
          const bars = chart?.querySelectorAll('[data-bar-id]').length ?? 0;
          if (chart && !chart.closest('[aria-busy="true"]') && bars > 0) {
            const visibleMs = performance.now() - started;
            requestIdleCallback(() =>
              resolve({
                visibleMs,
                idleMs: performance.now() - started,
                barsInDom: bars,
                domNodes: document.getElementsByTagName('*').length,
              }),
            );
            return;
          }
          if (performance.now() > deadline)
            reject(new Error(`The ${precision} view never showed.`));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    precision,
  );
}

/**
 * With TIMELINE_TRACE=<dir>, records a Chrome trace of the phase into <dir>/<name>.json (open
 * it in chrome://tracing or DevTools' Performance panel): where a frame's time goes.
 */
async function traced<T>(page: Page, name: string, phase: () => Promise<T>): Promise<T> {
  const dir = process.env.TIMELINE_TRACE;
  if (!dir) return phase();
  const session = await page.context().newCDPSession(page);
  const events: unknown[] = [];
  session.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise<void>((resolve) =>
    session.once('Tracing.tracingComplete', () => resolve()),
  );
  await session.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,v8.execute,disabled-by-default-v8.cpu_profiler',
    transferMode: 'ReportEvents',
  });
  const result = await phase();
  await session.send('Tracing.end');
  await complete;
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ traceEvents: events }));
  await session.detach();
  return result;
}

/**
 * Presses on a bar in the middle of the screen with the real mouse, then moves the pointer one
 * step each animation frame, right for half the frames and back left for the rest (the ghost
 * follows, snapping to 15 minutes), and cancels with Escape so the schedule stays as seeded
 * for the next run.
 */
async function dragFrames(page: Page, frames: number): Promise<Frames> {
  const target = await page.evaluate(() => {
    // The chart's rows start below the toolbar: scroll them up to the top of the screen first.
    const chart = document.querySelector<HTMLElement>('section[data-precision]');
    if (chart) window.scrollBy(0, chart.getBoundingClientRect().top - 80);
    const bars = [...document.querySelectorAll<HTMLElement>('[data-bar-id]')];
    const middle = { x: window.innerWidth / 2, y: window.innerHeight / 2 };
    const fits = bars
      .map((bar) => ({ bar, rect: bar.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 8 && rect.top > 0 && rect.bottom < window.innerHeight);
    fits.sort(
      (a, b) =>
        Math.hypot(a.rect.x - middle.x, a.rect.y - middle.y) -
        Math.hypot(b.rect.x - middle.x, b.rect.y - middle.y),
    );
    const chosen = fits[0];
    if (!chosen) throw new Error('No bar on screen to drag.');
    return { x: chosen.rect.x + chosen.rect.width / 2, y: chosen.rect.y + chosen.rect.height / 2 };
  });
  await page.mouse.move(target.x, target.y);
  await page.mouse.down();
  const result = await page.evaluate(
    ({ target, frames }) =>
      new Promise<Frames>((resolve) => {
        const probe = (window as unknown as ProbeWindow).__timeline;
        const intervals: number[] = [];
        let maxBars = 0;
        let frame = 0;
        let last = 0;
        const started = performance.now();
        const move = (x: number) =>
          window.dispatchEvent(
            new PointerEvent('pointermove', {
              clientX: x,
              clientY: target.y,
              pointerId: 1,
              pointerType: 'mouse',
              isPrimary: true,
              buttons: 1,
              bubbles: true,
            }),
          );
        const tick = (now: number) => {
          if (last > 0) intervals.push(now - last);
          last = now;
          frame++;
          if (frame % 30 === 0) {
            maxBars = Math.max(maxBars, document.querySelectorAll('[data-bar-id]').length);
          }
          if (frame > frames) {
            window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
            setTimeout(() => {
              const longFrames = probe.longFrames.filter((entry) => entry.start >= started);
              resolve({
                intervals,
                longFrames: longFrames.map((entry) => entry.duration),
                maxBars,
                distance: 0,
              });
            }, 100);
            return;
          }
          // 3 px a frame: right for the first half, back for the second.
          const half = frames / 2;
          const offset = frame <= half ? frame * 3 : (frames - frame) * 3;
          move(target.x + offset);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { target, frames },
  );
  await page.mouse.up();
  return result;
}

/**
 * Scrolls the page down (the chart's rows) or the chart across (its track), `step` px each
 * animation frame, from one end to the other.
 */
async function scrollFrames(
  page: Page,
  direction: 'vertical' | 'horizontal',
  step: number,
): Promise<Frames> {
  return page.evaluate(
    ({ direction, step }) =>
      new Promise<Frames>((resolve) => {
        const probe = (window as unknown as ProbeWindow).__timeline;
        const chart = document.querySelector<HTMLElement>('section[data-precision]');
        if (!chart) throw new Error('No chart on the page.');
        const scroller: { get(): number; set(value: number): void; end(): number } =
          direction === 'vertical'
            ? {
                get: () => window.scrollY,
                set: (value) => window.scrollTo(window.scrollX, value),
                end: () => document.documentElement.scrollHeight - window.innerHeight,
              }
            : {
                get: () => chart.scrollLeft,
                set: (value) => {
                  chart.scrollLeft = value;
                },
                end: () => chart.scrollWidth - chart.clientWidth,
              };
        scroller.set(0);
        const intervals: number[] = [];
        let maxBars = 0;
        let last = 0;
        let frame = 0;
        const started = performance.now();
        const tick = (now: number) => {
          if (last > 0) intervals.push(now - last);
          last = now;
          frame++;
          if (frame % 10 === 0) {
            maxBars = Math.max(maxBars, document.querySelectorAll('[data-bar-id]').length);
          }
          if (scroller.get() >= scroller.end() - 1 || frame > 20_000) {
            setTimeout(() => {
              resolve({
                intervals,
                longFrames: probe.longFrames
                  .filter((entry) => entry.start >= started)
                  .map((entry) => entry.duration),
                maxBars,
                distance: scroller.get(),
              });
            }, 100);
            return;
          }
          scroller.set(scroller.get() + step);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { direction, step },
  );
}

// ---------------------------------------------------------------------------------------------
// Report

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

const median = (values: number[]) => percentile(values, 0.5);
const ms = (value: number) => (Number.isNaN(value) ? '–' : `${formatNumber(value, 1)} ms`);
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

/** p50 / p95 / max of one phase over every run's frames together. */
function frameFigures(phases: Frames[]): { p50: number; p95: number; max: number; n: number } {
  const all = phases.flatMap((phase) => phase.intervals);
  return {
    p50: percentile(all, 0.5),
    p95: percentile(all, 0.95),
    max: all.length ? Math.max(...all) : Number.NaN,
    n: all.length,
  };
}

function report(
  results: RunResult[],
  seeded: Seeded,
  options: Options,
  loads: { start: string; end: string },
): void {
  const phases: [string, (r: RunResult) => Frames][] = [
    ['drag a bar in the week', (r) => r.drag],
    ['scroll down the week', (r) => r.vertical],
    ['scroll across a day (hours)', (r) => r.horizontal],
  ];
  const table: string[][] = [
    [
      'measure',
      'frames',
      'p50',
      'p95',
      'max',
      'long animation frames (> 50 ms)',
      'target',
      'verdict',
    ],
  ];
  const verdicts: boolean[] = [];
  for (const [name, pick] of phases) {
    const figures = frameFigures(results.map(pick));
    const longFrames = results.reduce((sum, r) => sum + pick(r).longFrames.length, 0);
    const met = figures.n === 0 || figures.p95 < FRAME_TARGET_MS;
    if (figures.n > 0) verdicts.push(met);
    table.push([
      `frame time: ${name}`,
      formatNumber(figures.n),
      ms(figures.p50),
      ms(figures.p95),
      ms(figures.max),
      formatNumber(longFrames),
      `p95 < ${FRAME_TARGET_MS} ms`,
      figures.n === 0 ? 'nothing to scroll' : verdict(met),
    ]);
  }
  const openRows: [string, (r: RunResult) => number][] = [
    ['open /timeslots (navigation → the day’s bars)', (r) => r.openDayMs],
    ['open the week (select → bars visible)', (r) => r.openWeekVisibleMs],
    ['open the week (select → bars visible, main thread idle)', (r) => r.openWeekIdleMs],
  ];
  for (const [name, pick] of openRows) {
    table.push([
      `${name}, median of ${results.length}`,
      '',
      ms(median(results.map(pick))),
      '',
      ms(Math.max(...results.map(pick))),
      '',
      '',
      '',
    ]);
  }
  const first = results[0] as RunResult;
  const title = `/timeslots, ${options.channels} channels × ${options.days} days: ${formatNumber(seeded.timeslots)} timeslots; ${formatNumber(first.barsInDom)} bars in the DOM after opening the week, ${formatNumber(Math.max(...results.map((r) => Math.max(r.vertical.maxBars, r.horizontal.maxBars))))} at most while scrolling; ${formatNumber(first.domNodes)} DOM nodes`;
  printTable(title, table);
  const all = verdicts.every(Boolean);
  console.log(`\nverdict: ${all ? 'all frame targets met' : 'a frame target MISSED'}`);
  const lines = [
    `# bench/timeline results`,
    '',
    `${new Date().toISOString()}, ${machine()}; load average ${loads.start} at the start, ${loads.end} at the end.`,
    `\`npm run bench:timeline -- --runs ${options.runs} --channels ${options.channels} --days ${options.days} --drag-frames ${options.dragFrames} --step ${options.step}\``,
    '',
    title,
    '',
    ...markdownTable(table),
    '',
    `Verdict: ${all ? 'all frame targets met' : 'a frame target missed'}.`,
    '',
  ];
  writeFileSync(RESULTS_FILE, lines.join('\n'));
  console.log(`results written to ${path.relative(ROOT, RESULTS_FILE)}`);
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  exitOnSignals();
  const options = parseOptions(process.argv.slice(2));
  const startLoad = load();
  console.log(`machine: ${machine()}; load ${startLoad}`);
  const dist = webDist();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'airgrid-bench-timeline-'));
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
  const seeded = await seed(server, options);
  console.log(
    `  seeded ${options.channels} channels × ${options.days} days from ${seeded.monday}: ${formatNumber(seeded.timeslots)} timeslots`,
  );

  const results: RunResult[] = [];
  for (let run = 1; run <= options.runs; run++) {
    const result = await measure(server.url, seeded, options);
    results.push(result);
    const p95 = (frames: Frames) => ms(percentile(frames.intervals, 0.95));
    console.log(
      `  run ${run}: open the week ${ms(result.openWeekVisibleMs)} (idle ${ms(result.openWeekIdleMs)}); frame p95: drag ${p95(result.drag)}, down ${p95(result.vertical)}, across ${p95(result.horizontal)}`,
    );
  }
  report(results, seeded, options, { start: startLoad, end: load() });
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
