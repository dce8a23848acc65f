import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  playoutReadiness,
  type ReadinessInput,
  type ReadinessIssue,
  type ReadinessSlot,
  readinessCounts,
} from './readiness.js';
import { at } from './test-playout.js';

const MIN = 60_000;

/** A slot from "HH:MM" lasting `minutes`; its show's media `mediaMin` minutes long, packaged. */
function slot(
  id: string,
  from: string,
  minutes: number,
  mediaMin: number | null,
  extra: Partial<ReadinessSlot> & { packaged?: boolean } = {},
): ReadinessSlot {
  const { packaged = true, ...rest } = extra;
  return {
    id,
    start: at(from),
    durationSec: minutes * 60,
    showId: `show-${id}`,
    showTitle: `Show ${id}`,
    media: mediaMin === null ? null : { durationSec: mediaMin * 60, packaged },
    ...rest,
  };
}

function input(slots: ReadinessSlot[], extra: Partial<ReadinessInput> = {}): ReadinessInput {
  return {
    from: at('10:00'),
    to: at('14:00'),
    segmentSec: 6,
    slots,
    fillerSegments: [],
    ...extra,
  };
}

/** Issues as short strings: "kind slot-or-range detail". */
function brief(issues: ReadinessIssue[]): string[] {
  const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
  return issues.map((issue) => {
    switch (issue.kind) {
      case 'gap':
        return `gap ${hhmm(issue.start)}-${hhmm(issue.end)} filler ${issue.fillerSec}s slate ${issue.slateSec}s${issue.endsEarly ? ` after ${issue.endsEarly.slotId}` : ''}${issue.cancelled.length ? ` cancelled ${issue.cancelled.map((c) => c.slotId).join(',')}` : ''}`;
      case 'not-packaged':
        return `not-packaged ${issue.slotId} ${issue.state} ${issue.progress}%`;
      case 'too-long':
        return `too-long ${issue.slotId} cut ${issue.cutSec}s`;
      default:
        return `${issue.kind} ${issue.slotId}`;
    }
  });
}

describe('playoutReadiness', () => {
  it('is all clear when every slot airs its packaged media back to back', () => {
    const slots = [0, 1, 2, 3].map((h) => slot(`s${h}`, `${10 + h}:00`, 60, 60));
    expect(playoutReadiness(input(slots))).toEqual([]);
  });

  it('names a show with no media, and does not count its slot as a gap', () => {
    const slots = [slot('a', '10:00', 120, 120), slot('b', '12:00', 120, null)];
    expect(brief(playoutReadiness(input(slots)))).toEqual(['no-media b']);
  });

  it('says where the packaging stands: waiting for a job, queued, packaging, failed', () => {
    const slots = [
      slot('a', '10:00', 60, 60, { packaged: false }),
      slot('b', '11:00', 60, 60, {
        media: { durationSec: 3600, packaged: false, packaging: { state: 'queued', progress: 0 } },
      }),
      slot('c', '12:00', 60, 60, {
        media: {
          durationSec: 3600,
          packaged: false,
          packaging: { state: 'packaging', progress: 42.4 },
        },
      }),
      slot('d', '13:00', 60, 60, {
        media: {
          durationSec: 3600,
          packaged: false,
          packaging: { state: 'failed', progress: 10, error: 'ffmpeg could not read it' },
        },
      }),
    ];
    const issues = playoutReadiness(input(slots));
    expect(brief(issues)).toEqual([
      'not-packaged a waiting 0%',
      'not-packaged b queued 0%',
      'not-packaged c packaging 42%',
      'not-packaged d failed 10%',
    ]);
    expect(issues[3]).toMatchObject({ error: 'ffmpeg could not read it' });
  });

  it('says how much of a media longer than its slot is cut', () => {
    const slots = [slot('a', '10:00', 60, 60.5), slot('b', '11:00', 180, 180, { packaged: false })];
    slots[1] = {
      ...(slots[1] as ReadinessSlot),
      media: { durationSec: 3 * 3600 + 0.2, packaged: false },
    };
    expect(brief(playoutReadiness(input(slots)))).toEqual([
      'too-long a cut 30s',
      'not-packaged b waiting 0%',
      'too-long b cut 1s',
    ]);
  });

  it('finds gaps of 15 minutes or more: between slots, after a short show, a cancelled slot', () => {
    const slots = [
      // A 40-minute show in an hour: 20 minutes of fill.
      slot('a', '10:00', 60, 40),
      // With 11:00–11:10 empty: one gap of 30 minutes.
      slot('b', '11:10', 50, 50),
      slot('c', '12:00', 30, 30, { cancelled: true }),
      // 12:00–13:00 empty, the cancelled slot in it.
      slot('d', '13:00', 40, 35),
      // 13:35–13:50: 15 minutes, reported; 13:55–14:00, too short.
      slot('e', '13:50', 5, 5),
    ];
    expect(brief(playoutReadiness(input(slots)))).toEqual([
      'gap 10:40-11:10 filler 0s slate 1800s after a',
      'gap 12:00-13:00 filler 0s slate 3600s cancelled c',
      'gap 13:35-13:50 filler 0s slate 900s after d',
    ]);
  });

  it('says how much of a gap the filler covers and how long the slate airs', () => {
    // Two clips of 5 minutes (50 segments each): ten minutes of filler, then the slate.
    const slots = [slot('a', '10:00', 60, 60), slot('b', '11:30', 150, 150)];
    const issues = playoutReadiness(input(slots, { fillerSegments: [50, 50] }));
    expect(brief(issues)).toEqual(['gap 11:00-11:30 filler 600s slate 1200s']);
    // A rotation longer than the gap covers it all.
    const covered = playoutReadiness(input(slots, { fillerSegments: [300, 300] }));
    expect(covered).toMatchObject([{ kind: 'gap', fillerSec: 1800, slateSec: 0 }]);
  });

  it('clips to the window: a gap under way at its start, a slot on air, slots outside it', () => {
    const slots = [
      slot('early', '08:00', 60, 30),
      slot('on-air', '09:30', 60, null),
      slot('later', '14:00', 60, null),
    ];
    // 10:30–14:00 empty; the slot on air since 09:30 has no media.
    expect(brief(playoutReadiness(input(slots)))).toEqual([
      'no-media on-air',
      'gap 10:30-14:00 filler 0s slate 12600s',
    ]);
    // The window opening within a show's early end still names the show.
    const within = playoutReadiness(
      input([slot('a', '09:00', 120, 30)], { from: at('10:00'), to: at('11:00') }),
    );
    expect(brief(within)).toEqual(['gap 10:00-11:00 filler 0s slate 3600s after a']);
  });

  it('takes a gap through midnight as one, the filler restarting at 00:00 UTC as it airs', () => {
    const slots = [slot('a', '23:00', 30, 30), slot('b', '00:30', 30, 30)].map((s, i) =>
      i === 1 ? { ...s, start: s.start + 86_400_000 } : s,
    );
    const issues = playoutReadiness(
      input(slots, { from: at('23:00'), to: at('01:00', 1), fillerSegments: [100] }),
    );
    // 23:30–00:30: ten minutes of filler, again at midnight; slate the rest.
    expect(issues).toMatchObject([
      { kind: 'gap', start: at('23:30'), end: at('00:30', 1), fillerSec: 1200, slateSec: 2400 },
    ]);
  });

  it('puts issues in time order, a slot’s own before a gap that starts with it', () => {
    const slots = [slot('b', '12:00', 60, 90, { packaged: false }), slot('a', '10:00', 60, null)];
    expect(brief(playoutReadiness(input(slots, { gapMinSec: 3600 })))).toEqual([
      'no-media a',
      'gap 11:00-12:00 filler 0s slate 3600s',
      'not-packaged b waiting 0%',
      'too-long b cut 1800s',
      'gap 13:00-14:00 filler 0s slate 3600s',
    ]);
  });

  it('counts issues per kind', () => {
    const slots = [slot('a', '10:00', 60, null), slot('b', '12:00', 60, 90, { packaged: false })];
    expect(readinessCounts(playoutReadiness(input(slots)))).toEqual({
      'no-media': 1,
      'not-packaged': 1,
      'too-long': 1,
      gap: 2,
      total: 5,
    });
  });
});

describe('playoutReadiness properties', () => {
  const T = 6;
  const FROM = at('00:00');
  const HOURS = 30;
  const TO = FROM + HOURS * 3_600_000;

  const arbitrarySlots = fc.array(
    fc.record({
      startQuarter: fc.integer({ min: -8, max: HOURS * 4 + 4 }),
      quarters: fc.integer({ min: 1, max: 12 }),
      mediaSec: fc.option(fc.integer({ min: 1, max: 4 * 3600 }), { nil: null }),
      cancelled: fc.boolean(),
    }),
    { maxLength: 25 },
  );

  type Generated = typeof arbitrarySlots extends fc.Arbitrary<infer T> ? T : never;

  function slotsOf(generated: Generated): ReadinessSlot[] {
    return generated.map((g, i) => ({
      id: `s${String(i).padStart(2, '0')}`,
      start: FROM + g.startQuarter * 15 * MIN,
      durationSec: g.quarters * 900,
      showId: `show${i}`,
      showTitle: `Show ${i}`,
      cancelled: g.cancelled && i % 3 === 0,
      media: g.mediaSec === null ? null : { durationSec: g.mediaSec, packaged: true },
    }));
  }

  /** The oracle, a minute at a time: does a programme (or a slot without media) air at t? */
  function taken(slots: readonly ReadinessSlot[], t: number): boolean {
    let winner: ReadinessSlot | undefined;
    for (const s of slots) {
      if (s.cancelled || s.start > t || s.start + s.durationSec * 1000 <= t) continue;
      if (!winner || s.start > winner.start || (s.start === winner.start && s.id > winner.id)) {
        winner = s;
      }
    }
    if (!winner) return false;
    const seconds = winner.media?.durationSec;
    const airs = seconds == null ? winner.durationSec : Math.ceil(seconds / T) * T;
    return t < winner.start + airs * 1000;
  }

  it('reports gaps exactly where nothing is scheduled to air, never overlapping', () => {
    fc.assert(
      fc.property(
        arbitrarySlots,
        fc.array(fc.integer({ min: 1, max: 200 }), { maxLength: 4 }),
        (g, filler) => {
          const slots = slotsOf(g);
          const issues = playoutReadiness({
            from: FROM,
            to: TO,
            segmentSec: T,
            slots,
            fillerSegments: filler,
            gapMinSec: 60,
          });
          const gaps = issues.filter((issue) => issue.kind === 'gap');
          for (const [i, gap] of gaps.entries()) {
            expect(gap.start).toBeGreaterThanOrEqual(FROM);
            expect(gap.end).toBeLessThanOrEqual(TO);
            expect(gap.end - gap.start).toBeGreaterThanOrEqual(60_000);
            expect(gap.fillerSec + gap.slateSec).toBe((gap.end - gap.start) / 1000);
            const next = gaps[i + 1];
            if (next) expect(next.start).toBeGreaterThan(gap.end);
          }
          // Every minute (all slots and media here are whole minutes or segments): in a gap
          // exactly when the oracle says nothing is taken, or the empty stretch is too short.
          for (let t = FROM; t < TO; t += MIN) {
            const inGap = gaps.some((gap) => gap.start <= t && t < gap.end);
            if (inGap) expect(taken(slots, t)).toBe(false);
            else if (!taken(slots, t)) {
              // Not reported: the empty stretch around t, a segment at a time, is under a minute.
              let start = t;
              while (
                start - T * 1000 >= FROM &&
                !taken(slots, start - T * 1000) &&
                t - start <= MIN
              )
                start -= T * 1000;
              let end = t + T * 1000;
              while (end < TO && !taken(slots, end) && end - t <= MIN) end += T * 1000;
              expect(end - start).toBeLessThan(MIN);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('lists every slot issue once, in time order, for slots overlapping the window only', () => {
    fc.assert(
      fc.property(arbitrarySlots, (g) => {
        const slots = slotsOf(g);
        const issues = playoutReadiness({
          from: FROM,
          to: TO,
          segmentSec: T,
          slots,
          fillerSegments: [],
        });
        for (let i = 1; i < issues.length; i++) {
          expect((issues[i] as ReadinessIssue).start).toBeGreaterThanOrEqual(
            (issues[i - 1] as ReadinessIssue).start,
          );
        }
        const expected = slots.filter(
          (s) => !s.cancelled && s.start < TO && s.start + s.durationSec * 1000 > FROM,
        );
        const noMedia = issues.flatMap((i) => (i.kind === 'no-media' ? [i.slotId] : []));
        expect(noMedia.sort()).toEqual(
          expected
            .filter((s) => !s.media)
            .map((s) => s.id)
            .sort(),
        );
        const tooLong = issues.flatMap((i) => (i.kind === 'too-long' ? [i.slotId] : []));
        expect(tooLong.sort()).toEqual(
          expected
            .filter((s) => s.media?.durationSec != null && s.media.durationSec > s.durationSec)
            .map((s) => s.id)
            .sort(),
        );
      }),
      { numRuns: 150 },
    );
  });
});
