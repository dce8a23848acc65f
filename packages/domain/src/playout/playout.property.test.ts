import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantToLocal, lengthOfLocalDay, localToInstant } from '../time.js';
import { airedBetween, itemAt, itemStartsInDay } from './air-plan.js';
import { livePlaylist } from './live-playlist.js';
import { splitOnAir } from './on-air-edit.js';
import type { AirSlot, FillVersion, PackagedMedia, Playout } from './playout.js';
import { nextSegmentBoundary, segmentAt, utcDay } from './segment-grid.js';
import { DAY, oracle, parsePlaylist, uri } from './test-playout.js';

// Properties of the live playlist over generated channels: timeslots on the 15-minute grid
// (some back to back, some apart, some double-booked, cancelled or unpackaged), shows shorter and
// longer than their slots, a filler rotation or none, segment lengths of 6 to 60 s, and any
// instant from four hours before the test day to thirty after. The expected content of every
// segment comes from the per-segment oracle of test-playout.ts.

const Q = 900_000;
const HOUR = 3_600_000;
const ANCHOR_DAY = utcDay(DAY) - 1;
const RUNS = 60;

interface Generated {
  playout: Playout;
  /** Fresh ids for new media in edits. */
  spare: PackagedMedia;
}

function arbitraryPlayout(options: { overlaps: boolean }): fc.Arbitrary<Generated> {
  return fc
    .record({
      segmentSec: fc.constantFrom(6, 10, 30, 60),
      startQuarters: fc.integer({ min: -12, max: 8 }),
      slots: fc.array(
        fc.record({
          gap: fc.integer({ min: options.overlaps ? -3 : 0, max: 6 }),
          quarters: fc.integer({ min: 1, max: 10 }),
          percent: fc.integer({ min: 1, max: 160 }),
          status: fc.constantFrom(
            'airing',
            'airing',
            'airing',
            'airing',
            'cancelled',
            'unpackaged',
            'late',
          ),
          // A late slot's media was ready this far into it (any instant, on the grid or not).
          lateMs: fc.integer({ min: 1, max: 10 * 900_000 }),
          // Break points: where in the media (percent) and for how many segments.
          pauses: fc.array(
            fc.record({
              percent: fc.integer({ min: 1, max: 99 }),
              segments: fc.integer({ min: 1, max: 30 }),
            }),
            { maxLength: 2 },
          ),
        }),
        { maxLength: 10 },
      ),
      clips: fc.array(fc.integer({ min: 6, max: 900 }), { maxLength: 3 }),
      slateSec: fc.integer({ min: 6, max: 120 }),
      laterFill: fc.option(fc.integer({ min: 0, max: 30 * 4 }), { nil: undefined }),
      spareSec: fc.integer({ min: 6, max: 3600 }),
      // Placed spots: a quarter hour of the test day (or around it), segments into it, length.
      spots: fc.array(
        fc.record({
          quarter: fc.integer({ min: -12, max: 70 }),
          segment: fc.integer({ min: 0, max: 40 }),
          segments: fc.integer({ min: 1, max: 12 }),
        }),
        { maxLength: 8 },
      ),
    })
    .map((g) => {
      const t = g.segmentSec;
      const segs = (sec: number) => Math.max(1, Math.round(sec / t));
      let cursor = DAY + g.startQuarters * Q;
      const slots = g.slots.map((s, i): AirSlot => {
        const start = cursor + s.gap * Q;
        cursor = start + s.quarters * Q;
        const durationSec = s.quarters * 900;
        const slot: AirSlot = { id: `s${i}`, start, durationSec };
        if (s.status !== 'unpackaged') {
          const media = { id: `m${i}`, segments: segs((durationSec * s.percent) / 100) };
          slot.media = media;
          const at = [
            ...new Set(s.pauses.map((b) => Math.floor((media.segments * b.percent) / 100))),
          ]
            .filter((a) => a > 0 && a < media.segments)
            .sort((a, b) => a - b);
          if (at.length > 0) {
            slot.pauses = at.map((atSegment, k) => ({
              atSegment,
              segments: s.pauses[k]?.segments ?? 1,
            }));
          }
        }
        if (s.status === 'cancelled') slot.cancelled = true;
        if (s.status === 'late') slot.mediaReadyAt = start + s.lateMs;
        return slot;
      });
      const clips = g.clips.map((sec, i) => ({ id: `c${i}`, segments: segs(sec) }));
      const fills: FillVersion[] = [
        { from: 0, clips, slate: { id: 'slate', segments: segs(g.slateSec) } },
      ];
      if (g.laterFill !== undefined) {
        fills.push({
          from: DAY + g.laterFill * Q,
          clips: clips.slice(1),
          slate: { id: 'slate2', segments: 1 },
        });
      }
      const spots = g.spots.map((sp, i) => ({
        id: `p${i}`,
        start: DAY + sp.quarter * Q + sp.segment * t * 1000,
        media: { id: `ad${i % 3}`, segments: sp.segments },
      }));
      return {
        playout: { segmentSec: t, slots, fills, spots },
        spare: { id: 'spare', segments: segs(g.spareSec) },
      };
    });
}

const arbitraryInstant = fc.integer({ min: -4 * HOUR, max: 30 * HOUR }).map((ms) => DAY + ms);
const arbitraryWindow = fc.integer({ min: 1, max: 12 });

/** Item starts per UTC day from the anchor, memoised as the server would. */
function startsBeforeDay(p: Playout) {
  const days = new Map<number, number>();
  return (day: number) => {
    let sum = 0;
    for (let d = ANCHOR_DAY; d < day; d++) {
      let count = days.get(d);
      if (count === undefined) {
        count = itemStartsInDay(p, d);
        days.set(d, count);
      }
      sum += count;
    }
    return sum;
  };
}

function playlistAt(p: Playout, now: number, windowSegments: number) {
  return livePlaylist(p, {
    now,
    windowSegments,
    startsBeforeDay: startsBeforeDay(p),
    segmentUri: uri,
  });
}

/** The oracle's discontinuity number of segment n: its item starts from the anchor through n. */
function oracleDiscontinuity(p: Playout) {
  const at = oracle(p);
  const prefix = new Map<number, number>();
  return (n: number) => {
    const from = ANCHOR_DAY * (86_400 / p.segmentSec);
    let count = 0;
    let m = from;
    for (const [k, c] of prefix) if (k <= n && k >= m) [m, count] = [k + 1, c];
    for (; m <= n; m++) if (at(m).starts) count++;
    prefix.set(n, count);
    return count;
  };
}

describe('the live playlist (properties)', () => {
  it('lists what the schedule airs at every segment: content, date-time, discontinuity, live edge', () => {
    fc.assert(
      fc.property(
        arbitraryPlayout({ overlaps: true }),
        arbitraryInstant,
        arbitraryWindow,
        (g, now, w) => {
          const p = g.playout;
          const t = p.segmentSec;
          const playlist = playlistAt(p, now, w);
          const parsed = parsePlaylist(playlist.text);
          const expected = oracle(p);
          const discontinuity = oracleDiscontinuity(p);
          const last = segmentAt(now, t);
          expect(parsed.first).toBe('#EXTM3U');
          expect(parsed.targetDuration).toBe(t);
          expect(parsed.mediaSequence).toBe(last - w + 1);
          expect(parsed.segments).toHaveLength(w);
          parsed.segments.forEach((segment, k) => {
            const n = parsed.mediaSequence + k;
            const o = expected(n);
            expect(segment.uri).toBe(uri(o.mediaId, o.mediaSegment));
            expect(segment.pdt).toBe(n * t * 1000);
            expect(segment.duration).toBe(t);
            expect(segment.tagged).toBe(o.starts && k > 0);
            expect(segment.discontinuity).toBe(discontinuity(n));
            const listed = playlist.segments[k];
            expect(listed).toMatchObject({ sequence: n, kind: o.kind, startsItem: o.starts });
            if (o.kind === 'programme') {
              const slot = p.slots.find((s) => s.id === o.slotId) as AirSlot;
              const paused = (slot.pauses ?? [])
                .filter((pause) => pause.atSegment <= o.mediaSegment)
                .reduce((sum, pause) => sum + pause.segments, 0);
              const scheduled = slot.start + (o.mediaSegment + paused) * t * 1000;
              expect(Math.abs(segment.pdt - scheduled)).toBeLessThan(t * 1000);
            }
          });
          // Tune-in: the live edge is the segment that contains now, at its scheduled position.
          const edge = parsed.segments[w - 1];
          expect(edge && edge.pdt <= now && now < edge.pdt + t * 1000).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('grows the media sequence by one per segment leaving the window, the rest unchanged', () => {
    fc.assert(
      fc.property(
        arbitraryPlayout({ overlaps: true }),
        arbitraryInstant,
        fc.integer({ min: 0, max: 200_000 }),
        arbitraryWindow,
        (g, now, delta, w) => {
          const p = g.playout;
          const one = playlistAt(p, now, w);
          const two = playlistAt(p, now + delta, w);
          const left = one.segments.filter((s) => s.sequence < two.mediaSequence).length;
          const gone = segmentAt(now + delta, p.segmentSec) - segmentAt(now, p.segmentSec);
          expect(two.mediaSequence - one.mediaSequence).toBe(gone);
          if (gone <= w) expect(left).toBe(gone);
          const a = parsePlaylist(one.text).segments.slice(gone);
          const b = parsePlaylist(two.text).segments.slice(0, Math.max(0, w - gone));
          // A segment still listed keeps its URI, date-time and discontinuity number.
          expect(b.map(({ tagged: _, ...s }) => s)).toEqual(a.map(({ tagged: _, ...s }) => s));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('gives a segment the same discontinuity number at every instant that lists it', () => {
    fc.assert(
      fc.property(
        arbitraryPlayout({ overlaps: true }),
        arbitraryInstant,
        arbitraryWindow,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 4 }),
        (g, instant, w, fractions) => {
          const p = g.playout;
          const t = p.segmentSec * 1000;
          const n = segmentAt(instant, p.segmentSec);
          const numbers = fractions.map((f) => {
            const now = n * t + Math.min(w * t - 1, Math.floor(f * w * t));
            const parsed = parsePlaylist(playlistAt(p, now, w).text);
            return parsed.segments[n - parsed.mediaSequence]?.discontinuity;
          });
          expect(new Set(numbers).size).toBe(1);
          expect(numbers[0]).toBeTypeOf('number');
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('returns the same bytes for the same inputs, whatever their order', () => {
    fc.assert(
      fc.property(
        arbitraryPlayout({ overlaps: true }),
        arbitraryInstant,
        arbitraryWindow,
        fc.nat(),
        (g, now, w, seed) => {
          const p = g.playout;
          const rotate = <T>(items: readonly T[]) => {
            const k = items.length === 0 ? 0 : seed % items.length;
            return [...items.slice(k), ...items.slice(0, k)].map(
              (item) => JSON.parse(JSON.stringify(item)) as T,
            );
          };
          const shuffled: Playout = {
            ...p,
            slots: rotate(p.slots).reverse(),
            fills: rotate(p.fills),
          };
          const one = playlistAt(p, now, w);
          expect(playlistAt(shuffled, now, w)).toEqual(one);
          expect(playlistAt(p, now, w).text).toBe(one.text);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('counts item starts per UTC day from that day’s schedule alone, adding up to the whole', () => {
    fc.assert(
      fc.property(
        arbitraryPlayout({ overlaps: true }),
        fc.integer({ min: -1, max: 1 }),
        (g, offset) => {
          const p = g.playout;
          const day = utcDay(DAY) + offset;
          const perDay = 86_400 / p.segmentSec;
          const expected = oracle(p);
          let starts = 0;
          for (let n = day * perDay; n < (day + 1) * perDay; n++) if (expected(n).starts) starts++;
          expect(itemStartsInDay(p, day)).toBe(starts);
          const dayStart = day * 86_400_000;
          // The day's slots, and those a spot running into the day began in.
          const ofTheDay = p.slots.filter(
            (s) =>
              s.start < dayStart + 86_400_000 && s.start + s.durationSec * 1000 >= dayStart - HOUR,
          );
          const spotsOfTheDay = (p.spots ?? []).filter(
            (s) =>
              s.start < dayStart + 86_400_000 &&
              s.start + s.media.segments * p.segmentSec * 1000 > dayStart - p.segmentSec * 1000,
          );
          expect(itemStartsInDay({ ...p, slots: ofTheDay, spots: spotsOfTheDay }, day)).toBe(
            starts,
          );
        },
      ),
      { numRuns: RUNS },
    );
  });
});

type FutureEdit =
  | { kind: 'add'; quarters: number; length: number }
  | { kind: 'remove' | 'cancel' | 'replace' | 'move'; pick: number; quarters: number }
  | { kind: 'fill'; quarters: number };

const arbitraryFutureEdit: fc.Arbitrary<FutureEdit> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    quarters: fc.integer({ min: 1, max: 40 }),
    length: fc.integer({ min: 1, max: 8 }),
  }),
  fc.record({
    kind: fc.constantFrom(
      'remove' as const,
      'cancel' as const,
      'replace' as const,
      'move' as const,
    ),
    pick: fc.nat(),
    quarters: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({ kind: fc.constant('fill' as const), quarters: fc.integer({ min: 0, max: 40 }) }),
);

/** The playout after an edit that only touches what starts after `boundary`, or null. */
function applyFutureEdit(g: Generated, edit: FutureEdit, boundary: number): Playout | null {
  const p = g.playout;
  const later = Math.ceil(boundary / Q) * Q; // the first quarter hour at or after the boundary
  if (edit.kind === 'add') {
    const slot = {
      id: 'new',
      start: later + edit.quarters * Q,
      durationSec: edit.length * 900,
      media: g.spare,
    };
    return { ...p, slots: [...p.slots, slot] };
  }
  if (edit.kind === 'fill') {
    const fill = {
      from: later + edit.quarters * Q,
      clips: [g.spare],
      slate: { id: 'slate3', segments: 1 },
    };
    // Versions start at distinct instants (the server stores one per instant).
    if (p.fills.some((version) => version.from === fill.from)) return null;
    return { ...p, fills: [...p.fills, fill] };
  }
  const future = p.slots.filter((s) => s.start >= boundary);
  const target = future[edit.pick % Math.max(1, future.length)];
  if (!target) return null;
  const others = p.slots.filter((s) => s !== target);
  const changed: AirSlot[] = {
    remove: [],
    cancel: [{ ...target, cancelled: true }],
    replace: [{ ...target, media: g.spare, cancelled: false }],
    move: [{ ...target, start: Math.max(later, target.start + (edit.quarters - 20) * Q) }],
  }[edit.kind];
  return { ...p, slots: [...others, ...changed] };
}

describe('edits (properties)', () => {
  it('leaves the listed window unchanged by edits to the future, which then take effect', () => {
    fc.assert(
      fc.property(
        arbitraryPlayout({ overlaps: true }),
        arbitraryInstant,
        arbitraryWindow,
        arbitraryFutureEdit,
        fc.integer({ min: 0, max: 12 * HOUR }),
        (g, now, w, edit, later) => {
          const boundary = nextSegmentBoundary(now, g.playout.segmentSec);
          const edited = applyFutureEdit(g, edit, boundary);
          fc.pre(edited !== null);
          if (!edited) return;
          expect(playlistAt(edited, now, w).text).toBe(playlistAt(g.playout, now, w).text);
          // Later, the playlist follows the edited schedule.
          const expected = oracle(edited);
          for (const segment of playlistAt(edited, now + later, w).segments) {
            const o = expected(segment.sequence);
            expect([segment.mediaId, segment.mediaSegment]).toEqual([o.mediaId, o.mediaSegment]);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('applies an edit to the programme on air at the next segment boundary', () => {
    const arbitraryEdit = fc.oneof(
      fc.constant({ media: 'spare' as const }),
      fc.constant({ cancelled: true }),
      fc.integer({ min: -8, max: 8 }).map((quarters) => ({ endQuarters: quarters })),
    );
    fc.assert(
      fc.property(
        arbitraryPlayout({ overlaps: false }),
        fc.nat(),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        arbitraryWindow,
        arbitraryEdit,
        (g, pick, fraction, w, raw) => {
          const p = g.playout;
          fc.pre(p.slots.length > 0);
          const slot = p.slots[pick % p.slots.length] as AirSlot;
          const now = slot.start + Math.floor(fraction * slot.durationSec * 1000);
          const t = p.segmentSec;
          const boundary = nextSegmentBoundary(now, t);
          const edit =
            'media' in raw
              ? { media: g.spare }
              : 'cancelled' in raw
                ? { cancelled: true }
                : { end: slot.start + slot.durationSec * 1000 + raw.endQuarters * Q };
          const parts = splitOnAir(slot, edit, now, t, `${slot.id}-after`);
          const edited: Playout = { ...p, slots: [...p.slots.filter((s) => s !== slot), ...parts] };
          // What was listed keeps its content and numbers.
          expect(playlistAt(edited, now, w).text).toBe(playlistAt(p, now, w).text);
          // From the boundary on, the edit airs.
          const b = boundary / (t * 1000);
          const slotEnd = (slot.start + slot.durationSec * 1000) / (t * 1000);
          if (b >= slotEnd) return;
          const atBoundary = itemAt(edited, b);
          if ('media' in edit && !slot.cancelled) {
            expect(atBoundary).toMatchObject({ kind: 'programme', offset: 0, starts: true });
            expect(atBoundary.media.id).toBe('spare');
          } else if ('cancelled' in edit || slot.cancelled) {
            expect(atBoundary.kind).not.toBe('programme');
          } else if ((edit.end as number) <= boundary) {
            expect(atBoundary.slotId).not.toBe(slot.id);
          } else {
            const before = itemAt(p, b);
            if (before.kind === 'programme') expect(atBoundary).toEqual(before);
          }
          const expected = oracle(edited);
          for (const segment of playlistAt(edited, boundary + w * t * 1000, w).segments) {
            const o = expected(segment.sequence);
            expect([segment.mediaId, segment.mediaSegment]).toEqual([o.mediaId, o.mediaSegment]);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('days of 23 and 25 hours (America/New_York)', () => {
  const ZONE = 'America/New_York';
  /** Back-to-back hourly slots by local time over three local days around a transition. */
  function localSchedule(firstDate: string, percents: number[]): Playout {
    const slots: AirSlot[] = [];
    const starts: number[] = [];
    const date = new Date(`${firstDate}T00:00:00Z`);
    for (let d = 0; d <= 3; d++) {
      const iso = new Date(date.getTime() + d * 86_400_000).toISOString().slice(0, 10);
      for (let h = 0; h < 24; h++)
        starts.push(localToInstant(`${iso}T${String(h).padStart(2, '0')}:00`, ZONE));
    }
    for (let i = 0; i + 1 < starts.length; i++) {
      const start = starts[i] as number;
      const durationSec = ((starts[i + 1] as number) - start) / 1000;
      if (durationSec === 0) continue; // 02:00 on the spring day does not exist
      const percent = percents[i % percents.length] as number;
      const segments = Math.max(1, Math.round((durationSec / 6) * (percent / 100)));
      slots.push({
        id: `h${String(i).padStart(3, '0')}`,
        start,
        durationSec,
        media: { id: `m${i}`, segments },
      });
    }
    return {
      segmentSec: 6,
      slots,
      fills: [
        { from: 0, clips: [{ id: 'clip', segments: 25 }], slate: { id: 'slate', segments: 2 } },
      ],
    };
  }

  for (const [name, firstDate, day, hours] of [
    ['spring forward', '2026-03-07', '2026-03-08', 23],
    ['fall back', '2026-10-31', '2026-11-01', 25],
  ] as const) {
    it(`airs the ${hours}-hour local day of the ${name} at its scheduled positions`, () => {
      expect(lengthOfLocalDay(day, ZONE)).toBe(hours * 3600);
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 50, max: 130 }), { minLength: 1, maxLength: 5 }),
          fc.integer({ min: 0, max: hours * HOUR - 1 }),
          (percents, offset) => {
            const p = localSchedule(firstDate, percents);
            const dayStart = localToInstant(`${day}T00:00`, ZONE);
            const now = dayStart + offset;
            const slot = p.slots.find(
              (s) => s.start <= now && now < s.start + s.durationSec * 1000,
            ) as AirSlot;
            const edge = livePlaylist(p, {
              now,
              windowSegments: 3,
              startsBeforeDay: () => 0,
              segmentUri: uri,
            }).segments[2];
            const position = Math.floor((now - slot.start) / 6000);
            const media = slot.media as PackagedMedia;
            if (position < media.segments) {
              expect(edge).toMatchObject({
                kind: 'programme',
                slotId: slot.id,
                mediaSegment: position,
              });
            } else {
              expect(['filler', 'slate']).toContain(edge?.kind);
            }
            // Its programme date-time is the live instant's segment, in any local hour.
            expect(now - (edge?.start as number)).toBeLessThan(6000);
            expect(instantToLocal(edge?.start as number, ZONE).slice(0, 10)).toBe(day);
            // The local day airs whole: its hours, back to back, no more, no less.
            const aired = airedBetween(
              p,
              dayStart,
              localToInstant(`${day}T00:00`, ZONE) + hours * HOUR,
            );
            const total = aired.reduce((sum, item) => sum + item.end - item.start, 0);
            expect(total).toBe(hours * HOUR);
            const programmes = new Set(
              aired.filter((i) => i.kind === 'programme').map((i) => i.slotId),
            );
            expect(programmes.size).toBe(hours === 23 ? 23 : 24);
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});
