/**
 * Sample data for the timeline chart's demo page (/views/BasicChartView): made-up channels and
 * a day of shows, the same on every load (a seeded generator), so the page can be a test bed.
 */
import { collides, QUARTER_HOUR_MS } from '@airgrid/domain';
import type { TimelineBar, TimelineChange, TimelineRow } from '../../ui/timeline';
import { formatChartSpan } from '../../ui/timeline/geometry';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Shows the generator picks from: title, category and length in quarter hours. */
const CATALOGUE: ReadonlyArray<readonly [string, string, number]> = [
  ['Evening News', 'News', 2],
  ['Local Sports Roundup', 'Sports', 4],
  ['Jazz at the Library', 'Music', 4],
  ['Kids Craft Corner', 'Kids', 2],
  ['Council Replay', 'Civic', 6],
  ['Cooking with Neighbours', 'Lifestyle', 3],
  ['Documentary Hour', 'Film', 4],
  ['Faith Matters', 'Faith', 2],
  ['Talk of the Town', 'Talk', 4],
  ['Weather Watch', 'News', 1],
];

/** mulberry32: a small seeded generator, so the sample is the same on every load. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Midnight UTC of the day holding the instant. */
export function utcDayStart(instant: number): number {
  return Math.floor(instant / DAY) * DAY;
}

export interface SampleSchedule {
  rows: TimelineRow[];
  bars: TimelineBar[];
  from: number;
  to: number;
}

/**
 * `channels` rows over `days` days from `dayStart`, each filled from 06:00 to midnight with
 * shows and gaps on the 15-minute grid. The first channel starts with a fixed morning the demo
 * and its tests rely on: Morning News 06:00–07:00 right before Garden Hour 07:00–08:00, a gap,
 * Council Meeting 09:00–10:30, and the locked Noon Bulletin 12:00–13:00.
 */
export function sampleSchedule(dayStart: number, channels = 4, days = 1, seed = 7): SampleSchedule {
  const random = seededRandom(seed);
  const rows: TimelineRow[] = [];
  const bars: TimelineBar[] = [];
  for (let c = 0; c < channels; c++) {
    const rowId = `ch${c + 1}`;
    rows.push({
      id: rowId,
      label: `Channel ${c + 1}`,
      sublabel: c === 0 ? 'Main' : `Sub-channel ${c}`,
    });
    for (let d = 0; d < days; d++) {
      const day = dayStart + d * DAY;
      let cursor = day + 6 * HOUR;
      if (c === 0 && d === 0) {
        bars.push(
          fixed(rowId, 'morning-news', 'Morning News', 'News', day + 6 * HOUR, 3600),
          fixed(rowId, 'garden-hour', 'Garden Hour', 'Lifestyle', day + 7 * HOUR, 3600),
          fixed(rowId, 'council-meeting', 'Council Meeting', 'Civic', day + 9 * HOUR, 5400),
          {
            ...fixed(rowId, 'noon-bulletin', 'Noon Bulletin', 'News', day + 12 * HOUR, 3600),
            locked: true,
          },
        );
        cursor = day + 13 * HOUR;
      }
      let n = 0;
      while (true) {
        const [label, category, quarters] = CATALOGUE[
          Math.floor(random() * CATALOGUE.length)
        ] as (typeof CATALOGUE)[number];
        const gap = [0, 0, 1, 2, 4][Math.floor(random() * 5)] as number;
        const start = cursor + gap * QUARTER_HOUR_MS;
        const end = start + quarters * QUARTER_HOUR_MS;
        if (end > day + DAY) break;
        bars.push({
          id: `${rowId}-d${d}-${n++}`,
          rowId,
          start,
          durationSec: quarters * 900,
          label,
          category,
        });
        cursor = end;
      }
    }
  }
  return { rows, bars, from: dayStart, to: dayStart + days * DAY };
}

function fixed(
  rowId: string,
  id: string,
  label: string,
  category: string,
  start: number,
  durationSec: number,
): TimelineBar {
  return { id, rowId, start, durationSec, label, category };
}

/** The bars with the changes applied; bars that did not change keep their identity. */
export function applyChanges(
  bars: readonly TimelineBar[],
  changes: readonly TimelineChange[],
): TimelineBar[] {
  const byId = new Map(changes.map((change) => [change.id, change]));
  return bars.map((bar) => {
    const change = byId.get(bar.id);
    return change
      ? { ...bar, rowId: change.rowId, start: change.start, durationSec: change.durationSec }
      : bar;
  });
}

/** One line per changed bar for the demo's log: "Morning News: 2026-05-04 06:30 to 07:30". */
export function describeChanges(
  bars: readonly TimelineBar[],
  changes: readonly TimelineChange[],
  timeZone: string,
): string[] {
  const labels = new Map(bars.map((bar) => [bar.id, bar.label]));
  return changes.map(
    (change) =>
      `${labels.get(change.id) ?? change.id}: ${formatChartSpan(change.start, change.durationSec, timeZone)}`,
  );
}

/** A show dragged from the demo's side list. */
export interface SampleShow {
  label: string;
  category: string;
  durationSec: number;
}

/** Reads a dropped payload; anything else than a sample show is refused with a reason. */
export function parseSampleShow(payload: string): SampleShow {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    throw new Error('The dropped item is not a show.');
  }
  const show = value as Partial<SampleShow>;
  if (
    typeof show?.label !== 'string' ||
    typeof show.category !== 'string' ||
    typeof show.durationSec !== 'number' ||
    show.durationSec <= 0
  ) {
    throw new Error('The dropped item is not a show.');
  }
  return { label: show.label, category: show.category, durationSec: show.durationSec };
}

/**
 * A new bar for a show dropped on a row, or the bar it would overlap. The demo never pushes on
 * a drop: a new timeslot goes into a free gap.
 */
export function placeShow(
  bars: readonly TimelineBar[],
  show: SampleShow,
  rowId: string,
  start: number,
  id: string,
): { ok: true; bar: TimelineBar } | { ok: false; blocking: TimelineBar } {
  const bar: TimelineBar = {
    id,
    rowId,
    start,
    durationSec: show.durationSec,
    label: show.label,
    category: show.category,
  };
  const blocking = collides(
    bar,
    bars.filter((other) => other.rowId === rowId),
  );
  return blocking ? { ok: false, blocking } : { ok: true, bar };
}
