/**
 * Readiness before air (issue 39, item 4): what will not air as scheduled on a channel in a
 * window, so the station can fix it first. Four kinds, in time order:
 *
 * - `no-media`: the timeslot's show has no media to air (the fill airs instead);
 * - `not-packaged`: it has media, not yet packaged in the channel's profile (with the latest
 *   packaging job's state: until it is packaged the slot airs the fill);
 * - `too-long`: the media lasts longer than its slot, so it is cut at the slot's end;
 * - `gap`: at least `gapMinSec` with no programme (between timeslots, after a show that ends
 *   early within its slot, a cancelled timeslot), and how much of it the filler rotation covers
 *   before the slate loops.
 *
 * Gaps are found by the air plan itself (`airedBetween`), as if every media were packaged: a
 * slot whose show has no media counts as taken (its own issue says so), so a gap is time the
 * schedule leaves empty. Filler and slate are summed from the same fill the air uses (the
 * rotation restarts at 00:00 UTC), so what the report says is what will air.
 */
import { airedBetween } from './air-plan.js';
import type { AirSlot, Playout } from './playout.js';

/** Shorter empty stretches are not reported: a show a few minutes short is normal. */
export const READINESS_GAP_SEC = 15 * 60;

/** Where the packaging of a media stands when no package of it is ready. */
export type PackagingState = 'waiting' | 'queued' | 'packaging' | 'failed';

/** A timeslot as readiness reads it. */
export interface ReadinessSlot {
  id: string;
  /** Epoch ms, on the segment grid. */
  start: number;
  durationSec: number;
  showId: string;
  showTitle: string;
  /** A cancelled timeslot airs as a gap; it is named in the gap's issue. */
  cancelled?: boolean;
  /** The show's media, or null when it has none to air. */
  media: {
    /** The media's own length in seconds, when known (probed or packaged). */
    durationSec: number | null;
    /** Whether a package of this media in the channel's profile is ready. */
    packaged: boolean;
    /** When not packaged: the latest packaging job (none yet: `waiting`). */
    packaging?: { state: PackagingState; progress: number; error?: string };
  } | null;
}

export interface ReadinessInput {
  /** The window, epoch ms: [from, to). */
  from: number;
  to: number;
  /** The channel's segment length T. */
  segmentSec: number;
  /** Every timeslot overlapping the window (and the one before it), in any order. */
  slots: readonly ReadinessSlot[];
  /** The filler rotation's packaged clips, in segments each, in the station's order. */
  fillerSegments: readonly number[];
  /** The shortest gap reported, in seconds (`READINESS_GAP_SEC` by default). */
  gapMinSec?: number;
}

/** The timeslot an issue is about. */
interface SlotRef {
  slotId: string;
  showId: string;
  showTitle: string;
}

type SlotIssue = SlotRef & {
  /** The timeslot's start and end, epoch ms. */
  start: number;
  end: number;
};

export type ReadinessIssue =
  | (SlotIssue & { kind: 'no-media' })
  | (SlotIssue & {
      kind: 'not-packaged';
      state: PackagingState;
      /** 0–100, while packaging. */
      progress: number;
      /** Why the packaging failed, when it did. */
      error?: string;
    })
  | (SlotIssue & {
      kind: 'too-long' /** Seconds of the media that will not air. */;
      cutSec: number;
    })
  | {
      kind: 'gap';
      /** Epoch ms, clipped to the window. */
      start: number;
      end: number;
      /** Seconds of the gap the filler rotation covers; the slate airs the rest. */
      fillerSec: number;
      slateSec: number;
      /** The show that ends early within its slot, when the gap begins so. */
      endsEarly?: SlotRef;
      /** Cancelled timeslots within the gap. */
      cancelled: SlotRef[];
    };

export type ReadinessKind = ReadinessIssue['kind'];

const KIND_ORDER: Record<ReadinessKind, number> = {
  'no-media': 0,
  'not-packaged': 1,
  'too-long': 2,
  gap: 3,
};

/** The placeholder media of a slot whose show has none: its slot counts as taken. */
const NO_MEDIA_PREFIX = 'no-media:';

function refOf(slot: ReadinessSlot): SlotRef {
  return { slotId: slot.id, showId: slot.showId, showTitle: slot.showTitle };
}

function slotEnd(slot: ReadinessSlot): number {
  return slot.start + slot.durationSec * 1000;
}

/** The timeslot's own issues. */
function slotIssues(slot: ReadinessSlot): ReadinessIssue[] {
  const base = { ...refOf(slot), start: slot.start, end: slotEnd(slot) };
  const { media } = slot;
  if (!media) return [{ ...base, kind: 'no-media' }];
  const issues: ReadinessIssue[] = [];
  if (!media.packaged) {
    const packaging = media.packaging ?? { state: 'waiting', progress: 0 };
    const issue: ReadinessIssue = {
      ...base,
      kind: 'not-packaged',
      state: packaging.state,
      progress: Math.round(packaging.progress),
    };
    if (packaging.error) issue.error = packaging.error;
    issues.push(issue);
  }
  if (media.durationSec !== null && media.durationSec > slot.durationSec) {
    issues.push({
      ...base,
      kind: 'too-long',
      cutSec: Math.ceil(media.durationSec - slot.durationSec),
    });
  }
  return issues;
}

/** The air plan of the window as if every media were packaged. */
function plannedAir(input: ReadinessInput): Playout {
  const t = input.segmentSec;
  const slots: AirSlot[] = input.slots.map((slot) => {
    const slotSegments = Math.max(1, Math.ceil(slot.durationSec / t));
    const seconds = slot.media?.durationSec;
    const segments =
      slot.media && seconds != null ? Math.max(1, Math.ceil(seconds / t)) : slotSegments;
    return {
      id: slot.id,
      start: slot.start,
      durationSec: slot.durationSec,
      cancelled: slot.cancelled === true,
      media: { id: slot.media ? slot.id : `${NO_MEDIA_PREFIX}${slot.id}`, segments },
    };
  });
  return {
    segmentSec: t,
    slots,
    fills: [
      {
        from: 0,
        clips: input.fillerSegments
          .filter((segments) => segments >= 1)
          .map((segments, i) => ({ id: `filler:${i}`, segments: Math.floor(segments) })),
        // Only its total matters here: one long pass keeps the runs few.
        slate: { id: 'slate', segments: Math.max(1, Math.floor(3600 / t)) },
      },
    ],
  };
}

/** The stretches of the window with no programme, with what fills them. */
function gapIssues(input: ReadinessInput, minSec: number): ReadinessIssue[] {
  const byId = new Map(input.slots.map((slot) => [slot.id, slot]));
  // From the earliest slot given: a gap under way as the window opens knows what ended early.
  const since = Math.min(input.from, ...input.slots.map((slot) => slot.start));
  const items = airedBetween(plannedAir(input), since, input.to);
  const gaps: Extract<ReadinessIssue, { kind: 'gap' }>[] = [];
  let open: Extract<ReadinessIssue, { kind: 'gap' }> | undefined;
  let lastProgramme: (typeof items)[number] | undefined;
  for (const item of items) {
    if (item.kind === 'programme') {
      open = undefined;
      lastProgramme = item;
      continue;
    }
    const start = Math.max(item.start, input.from);
    const end = Math.min(item.end, input.to);
    if (end <= start) continue;
    if (!open) {
      open = { kind: 'gap', start, end, fillerSec: 0, slateSec: 0, cancelled: [] };
      const before = byId.get(lastProgramme?.slotId ?? '');
      if (before && lastProgramme && slotEnd(before) > lastProgramme.end) {
        open.endsEarly = refOf(before);
      }
      gaps.push(open);
    }
    open.end = end;
    if (item.kind === 'filler') open.fillerSec += (end - start) / 1000;
    else open.slateSec += (end - start) / 1000;
  }
  const reported = gaps.filter((gap) => gap.end - gap.start >= minSec * 1000);
  for (const gap of reported) {
    gap.fillerSec = Math.round(gap.fillerSec);
    gap.slateSec = Math.round(gap.slateSec);
    gap.cancelled = input.slots
      .filter((slot) => slot.cancelled && slot.start < gap.end && slotEnd(slot) > gap.start)
      .sort((a, b) => a.start - b.start)
      .map(refOf);
  }
  return reported;
}

/** What will not air as scheduled in [from, to), in time order. */
export function playoutReadiness(input: ReadinessInput): ReadinessIssue[] {
  const issues: ReadinessIssue[] = [];
  for (const slot of input.slots) {
    if (slot.cancelled || slot.start >= input.to || slotEnd(slot) <= input.from) continue;
    issues.push(...slotIssues(slot));
  }
  issues.push(...gapIssues(input, input.gapMinSec ?? READINESS_GAP_SEC));
  return issues.sort(
    (a, b) =>
      a.start - b.start ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      ('slotId' in a && 'slotId' in b ? a.slotId.localeCompare(b.slotId) : 0),
  );
}

/** How many issues of each kind (the dashboard's line per channel). */
export function readinessCounts(
  issues: readonly ReadinessIssue[],
): Record<ReadinessKind, number> & { total: number } {
  const counts = { 'no-media': 0, 'not-packaged': 0, 'too-long': 0, gap: 0, total: 0 };
  for (const issue of issues) {
    counts[issue.kind] += 1;
    counts.total += 1;
  }
  return counts;
}
