/**
 * The as-run log's entries from what aired (decision 0045). The recorder asks `airedBetween`
 * for what aired since its last entry, a minute at a time; this turns those items into entries:
 * an item that continues the last entry (cut by the previous look's end) extends it instead of
 * making a second one, and passes of the slate that follow one another are one entry (a night
 * of slate would otherwise be thousands of 30-second lines) up to the end of the UTC day. Each
 * programme part (a programme resumed after a break is a new entry), spot and filler clip played
 * is one entry.
 */
import type { AiredItem } from './air-plan.js';
import type { AiringKind } from './playout.js';

const DAY_MS = 86_400_000;

/** One line of the as-run log (instants: epoch ms, on the segment grid; `end` exclusive). */
export interface AsRunEntry {
  kind: AiringKind;
  mediaId: string;
  /** The timeslot of a programme. */
  slotId?: string;
  /** The placement of a spot. */
  spotId?: string;
  start: number;
  end: number;
  /** Seconds into the media at `start`. */
  offsetSec: number;
}

/** What to write: the last entry with a later end (when it went on), and the new entries. */
export interface AsRunChanges {
  extended?: AsRunEntry;
  added: AsRunEntry[];
}

/** Whether the item carries on the entry: right after it, the same play of the same media. */
function continues(entry: AsRunEntry, item: AiredItem): boolean {
  return (
    entry.end === item.start &&
    entry.kind === item.kind &&
    entry.mediaId === item.mediaId &&
    entry.slotId === item.slotId &&
    entry.spotId === item.spotId &&
    // The slate's passes join up within a UTC day (where every fill starts again), so no entry
    // outlasts its day unless a programme does.
    (!item.starts || (item.kind === 'slate' && item.start % DAY_MS !== 0))
  );
}

/**
 * The changes to the log for `aired` (in order, as `airedBetween` answers), given the channel's
 * last entry. Neither input is changed.
 */
export function asRunChanges(
  last: AsRunEntry | undefined,
  aired: readonly AiredItem[],
): AsRunChanges {
  const added: AsRunEntry[] = [];
  // A copy of the last entry, so the caller's stays as it was.
  const previous = last && { ...last };
  let current = previous;
  for (const item of aired) {
    if (current && continues(current, item)) {
      current.end = item.end;
      continue;
    }
    current = {
      kind: item.kind,
      mediaId: item.mediaId,
      start: item.start,
      end: item.end,
      offsetSec: item.offsetSec,
    };
    if (item.slotId !== undefined) current.slotId = item.slotId;
    if (item.spotId !== undefined) current.spotId = item.spotId;
    added.push(current);
  }
  return previous && last && previous.end !== last.end ? { extended: previous, added } : { added };
}
