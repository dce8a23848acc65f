import { addDays, localToInstant, toRecordDate } from '@airgrid/domain';
import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { newRecordId } from '../apps/server/src/records/record-id.js';

// Seeding a big schedule straight into the database, for the browser benchmarks (guide-render,
// timeline): going through the API would take minutes for the thousands of timeslots they need.

/** Rows per insert statement. */
const BATCH = 500;

/** Deterministic numbers, so every run seeds the same schedule. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface BackToBack {
  organization: string;
  channels: readonly { id: string }[];
  shows: readonly { id: string }[];
  /** Each channel's schedule runs from midnight of this local date (YYYY-MM-DD) ... */
  firstDay: string;
  /** ... for this many days, with no gaps. */
  days: number;
  /** The IANA time zone the days are counted in. */
  zone: string;
  /** Minutes a timeslot may last, picked at random (repeat one to make it likelier). */
  lengths: readonly number[];
  next: () => number;
}

/** Fills each channel with back-to-back scheduled timeslots of random shows; returns how many. */
export async function insertBackToBack(
  db: DatabaseHandle['db'],
  { organization, channels, shows, firstDay, days, zone, lengths, next }: BackToBack,
): Promise<number> {
  const from = localToInstant(`${firstDay}T00:00`, zone);
  const to = localToInstant(`${addDays(firstDay, days)}T00:00`, zone);
  const stamp = toRecordDate(Date.now());
  let count = 0;
  let rows: Record<string, unknown>[] = [];
  const flush = async () => {
    if (rows.length === 0) return;
    await db
      .insertInto('timeslots')
      .values(rows as never)
      .execute();
    rows = [];
  };
  for (const channel of channels) {
    for (let cursor = from; cursor < to; ) {
      const minutes = lengths[Math.floor(next() * lengths.length)] as number;
      const durationSec = Math.min(minutes * 60, (to - cursor) / 1000);
      rows.push({
        id: newRecordId(),
        organization,
        channel: channel.id,
        show: (shows[Math.floor(next() * shows.length)] as { id: string }).id,
        start: toRecordDate(cursor),
        durationSec,
        status: 'scheduled',
        locked: false,
        source: 'manual',
        created: stamp,
        updated: stamp,
      });
      cursor += durationSec * 1000;
      count++;
      if (rows.length >= BATCH) await flush();
    }
  }
  await flush();
  return count;
}
