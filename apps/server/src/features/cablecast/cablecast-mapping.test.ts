import { isOnQuarterHour, QUARTER_HOUR_MS } from '@airgrid/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CablecastShowLookups,
  decideRun,
  gridPlacement,
  mapShow,
  planTimeslots,
  readRunDateTime,
  showRuntime,
  showTitle,
} from './cablecast-mapping.js';
import type { CablecastReel, CablecastScheduleItem, CablecastShow } from './cablecast-records.js';

const NEW_YORK = 'America/New_York';
const ms = (iso: string) => Date.parse(iso);

function buildShow(overrides: Partial<CablecastShow> = {}): CablecastShow {
  return { id: 4321, title: 'CC 2024-06-01', reels: [], vods: [], ...overrides };
}

function buildRun(overrides: Partial<CablecastScheduleItem> = {}): CablecastScheduleItem {
  return {
    id: 900001,
    channel: 1,
    show: 4321,
    runDateTime: '2024-06-01T19:00:00-04:00',
    idType: 1,
    cgExempt: false,
    filler: false,
    deleted: false,
    ...overrides,
  };
}

const lookups: CablecastShowLookups = {
  reels: [
    { id: 77, show: 4321, length: 3510 },
    { id: 78, show: 4500, length: 1200 },
    { id: 79, show: 4500, length: 1200 },
    { id: 80, show: undefined, length: 900 },
  ],
  categories: [{ id: 7, name: 'Government' }],
  producers: [{ id: 3, name: ' City Clerk ' }],
};

describe('showTitle', () => {
  it.each([
    [{ cgTitle: 'City Council – June 1', title: 'CC 2024-06-01' }, 'City Council – June 1'],
    [{ cgTitle: '  Arts Hour  ', title: 'x' }, 'Arts Hour'],
    [{ cgTitle: '   ', title: ' CC 2024-06-01 ' }, 'CC 2024-06-01'],
    [{ cgTitle: undefined, title: 'Library Talk' }, 'Library Talk'],
    [{ cgTitle: '', title: '' }, 'Cablecast show 4321'],
    [{ cgTitle: undefined, title: undefined }, 'Cablecast show 4321'],
  ])('names %o as %s', (fields, title) => {
    expect(showTitle(buildShow(fields))).toBe(title);
  });
});

describe('showRuntime', () => {
  it('sums every reel of the show, named by the show or naming it', () => {
    // 78 and 79 name the show; 80 is listed by the show only.
    const show = buildShow({ id: 4500, reels: [78, 80], totalRunTime: 1000 });
    expect(showRuntime(show, lookups.reels)).toEqual({ seconds: 3300, source: 'reels' });
  });

  it('counts a reel once even when it is listed twice', () => {
    const show = buildShow({ reels: [77, 77] });
    expect(showRuntime(show, [...lookups.reels, { id: 77, show: 4321, length: 3510 }])).toEqual({
      seconds: 3510,
      source: 'reels',
    });
  });

  it('falls back to totalRunTime without reel lengths, then to unknown', () => {
    expect(showRuntime(buildShow({ id: 1, totalRunTime: 1740 }), lookups.reels)).toEqual({
      seconds: 1740,
      source: 'totalRunTime',
    });
    const zeroReel: CablecastReel[] = [{ id: 5, show: 1, length: 0 }];
    expect(showRuntime(buildShow({ id: 1, reels: [5], totalRunTime: 60 }), zeroReel)).toEqual({
      seconds: 60,
      source: 'totalRunTime',
    });
    expect(showRuntime(buildShow({ id: 1, totalRunTime: 0 }), [])).toBeNull();
    expect(showRuntime(buildShow({ id: 1 }), [])).toBeNull();
  });
});

describe('mapShow', () => {
  it('maps every field of a documented show', () => {
    const show = buildShow({
      cgTitle: 'City Council – June 1',
      comments: ' Regular meeting\n',
      category: 7,
      producer: 3,
      reels: [77],
      totalRunTime: 3510,
      cgExempt: false,
      lastModified: '2024-06-01T21:10:00',
      thumbnailImage: { url: 'https://cc.example.org/cablecastapi/dynamicthumbnails/4321' },
    });
    expect(mapShow(show, lookups)).toEqual({
      externalId: '4321',
      title: 'City Council – June 1',
      description: 'Regular meeting',
      category: 'Government',
      producerName: 'City Clerk',
      durationSec: 3510,
      runtimeSource: 'reels',
      thumbnailUrl: 'https://cc.example.org/cablecastapi/dynamicthumbnails/4321',
      cgExempt: false,
      lastModified: '2024-06-01T21:10:00',
    });
  });

  it('leaves out what Cablecast does not say or the lookups do not know', () => {
    const mapped = mapShow(
      buildShow({ id: 9, title: 'Bare', category: 99, cgExempt: true }),
      lookups,
    );
    expect(mapped).toEqual({
      externalId: '9',
      title: 'Bare',
      description: '',
      category: null,
      producerName: null,
      durationSec: null,
      runtimeSource: null,
      thumbnailUrl: null,
      cgExempt: true,
      lastModified: null,
    });
  });
});

describe('readRunDateTime', () => {
  it.each([
    ['2024-06-01T19:00:00Z', '2024-06-01T19:00:00.000Z'],
    ['2024-06-01T19:00:00.000Z', '2024-06-01T19:00:00.000Z'],
    ['2024-06-01T19:00:00.25z', '2024-06-01T19:00:00.250Z'],
    ['2024-06-01T19:00:00-04:00', '2024-06-01T23:00:00.000Z'],
    ['2024-06-01T19:00:00+0530', '2024-06-01T13:30:00.000Z'],
    ['2024-06-01T19:00:00+01', '2024-06-01T18:00:00.000Z'],
    ['2024-06-01 19:00:00-04:00', '2024-06-01T23:00:00.000Z'],
    ['2024-06-01T19:00Z', '2024-06-01T19:00:00.000Z'],
  ])('reads %s as written (%s)', (text, iso) => {
    expect(readRunDateTime(text, NEW_YORK)).toEqual({
      ok: true,
      epochMs: ms(iso),
      rule: 'explicit',
    });
  });

  it.each([
    ['2024-06-01T19:00:00', NEW_YORK, '2024-06-01T23:00:00.000Z'],
    ['2024-01-15 19:00:00', NEW_YORK, '2024-01-16T00:00:00.000Z'],
    ['2024-06-01T19:00', 'Europe/Paris', '2024-06-01T17:00:00.000Z'],
    ['2024-06-01T19:00:00.5', 'UTC', '2024-06-01T19:00:00.500Z'],
    ['2024-03-09T19:00:00', NEW_YORK, '2024-03-10T00:00:00.000Z'],
    ['2024-03-10T19:00:00', NEW_YORK, '2024-03-10T23:00:00.000Z'],
    ['2024-03-10T01:59:59', NEW_YORK, '2024-03-10T06:59:59.000Z'],
    ['2024-03-10T03:00:00', NEW_YORK, '2024-03-10T07:00:00.000Z'],
  ])('reads offset-less %s in %s (%s)', (text, zone, iso) => {
    expect(readRunDateTime(text, zone)).toEqual({ ok: true, epochMs: ms(iso), rule: 'local' });
  });

  it('reads a time the spring-forward jump skips with the offset from before it', () => {
    // 10 March 2024, New York: 02:00 EST becomes 03:00 EDT; 02:30 never shows on a clock.
    expect(readRunDateTime('2024-03-10T02:30:00', NEW_YORK)).toEqual({
      ok: true,
      epochMs: ms('2024-03-10T07:30:00Z'), // 02:30 EST = 03:30 EDT
      rule: 'local-skipped',
    });
    expect(readRunDateTime('2024-03-10T02:00:00', NEW_YORK)).toMatchObject({
      epochMs: ms('2024-03-10T07:00:00Z'),
      rule: 'local-skipped',
    });
  });

  it('reads a time the fall-back night shows twice as the first of the two', () => {
    // 3 November 2024, New York: 02:00 EDT becomes 01:00 EST; 01:30 happens twice.
    expect(readRunDateTime('2024-11-03T01:30:00', NEW_YORK)).toEqual({
      ok: true,
      epochMs: ms('2024-11-03T05:30:00Z'), // 01:30 EDT, not 06:30Z (01:30 EST)
      rule: 'local-repeated',
    });
    expect(readRunDateTime('2024-11-03T00:59:00', NEW_YORK)).toMatchObject({ rule: 'local' });
    expect(readRunDateTime('2024-11-03T02:00:00', NEW_YORK)).toEqual({
      ok: true,
      epochMs: ms('2024-11-03T07:00:00Z'),
      rule: 'local',
    });
    // With an offset, the second 01:30 is expressible and read as written.
    expect(readRunDateTime('2024-11-03T01:30:00-05:00', NEW_YORK)).toMatchObject({
      epochMs: ms('2024-11-03T06:30:00Z'),
      rule: 'explicit',
    });
  });

  it.each([
    '',
    'tomorrow',
    '2024-06-01',
    '19:00',
    '2024-06-01T19',
    '2024-02-30T10:00:00Z',
    '2024-02-30T10:00:00',
    '2024-06-01T25:00:00',
    '2024-06-01T19:00:00+25:00',
    '1 June 2024 19:00',
  ])('refuses %j with a reason', (text) => {
    const reading = readRunDateTime(text, NEW_YORK);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.reason).toContain(`"${text}"`);
  });

  it('always agrees with the offset it reads when one is written', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01Z'),
          max: new Date('2090-01-01Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -12 * 4, max: 14 * 4 }),
        (date, quarters) => {
          const instant = Math.floor(date.getTime() / 1000) * 1000;
          const offsetMin = quarters * 15;
          const local = new Date(instant + offsetMin * 60_000).toISOString().slice(0, 19);
          const sign = offsetMin < 0 ? '-' : '+';
          const abs = Math.abs(offsetMin);
          const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
          expect(readRunDateTime(`${local}${offset}`, NEW_YORK)).toEqual({
            ok: true,
            epochMs: instant,
            rule: 'explicit',
          });
        },
      ),
    );
  });
});

describe('decideRun', () => {
  const show = buildShow();
  it('keeps a public show run', () => {
    expect(decideRun(buildRun(), show)).toEqual({ action: 'keep' });
  });

  it.each([
    [{ deleted: true, idType: 2, cgExempt: true }, 'remove', 'Deleted in Cablecast.'],
    [{ idType: 2 }, 'skip', 'A media run (idType 2)'],
    [{ idType: undefined }, 'skip', 'idType missing'],
    [{ show: undefined }, 'skip', 'The run names no show.'],
    [{ cgExempt: true, filler: true }, 'skip', 'CG exempt run'],
    [{ filler: true }, 'skip', 'Filler: airtime between programmes'],
  ])('decides %o: %s', (overrides, action, reason) => {
    const decision = decideRun(buildRun(overrides), show);
    expect(decision.action).toBe(action);
    expect(decision.action === 'keep' ? '' : decision.reason).toContain(reason);
  });

  it('hides the runs of a CG exempt show, naming it', () => {
    const hidden = buildShow({ cgExempt: true, cgTitle: 'Station ID loop' });
    expect(decideRun(buildRun(), hidden)).toEqual({
      action: 'skip',
      reason: 'Hidden from public listings in Cablecast: its show "Station ID loop" is CG exempt.',
    });
  });
});

describe('gridPlacement', () => {
  it.each([
    ['2024-06-01T23:00:00Z', 3510, '2024-06-01T23:00:00Z', 3600],
    ['2024-06-01T23:00:00Z', 3600, '2024-06-01T23:00:00Z', 3600],
    ['2024-06-01T23:00:00Z', 3601, '2024-06-01T23:00:00Z', 4500],
    ['2024-06-01T23:58:30Z', 90, '2024-06-02T00:00:00Z', 900],
    ['2024-06-01T23:07:00Z', 50 * 60, '2024-06-01T23:00:00Z', 3600],
    ['2024-06-01T23:08:00Z', 50 * 60, '2024-06-01T23:15:00Z', 2700],
    ['2024-06-01T23:07:30Z', 60, '2024-06-01T23:15:00Z', 900],
    ['2024-06-01T23:00:00Z', null, '2024-06-01T23:00:00Z', 900],
  ])('places %s for %s s at %s for %i s', (source, seconds, start, durationSec) => {
    expect(gridPlacement(ms(source), seconds)).toEqual({ start: ms(start), durationSec });
  });
});

describe('planTimeslots', () => {
  const shows = [
    buildShow({ id: 4321, reels: [77] }),
    buildShow({ id: 4400, cgExempt: true, totalRunTime: 90 }),
    buildShow({ id: 4500, title: 'Arts Hour', totalRunTime: 3300 }),
    buildShow({ id: 4600, title: 'Library Talk', totalRunTime: 1740 }),
    buildShow({ id: 4700, title: 'Untitled upload' }),
  ];
  const reels: CablecastReel[] = [{ id: 77, show: 4321, length: 3510 }];
  const plan = (items: CablecastScheduleItem[], timeZone = NEW_YORK) =>
    planTimeslots({ items, shows, reels, timeZone });

  it('keeps the exact run beside its grid timeslot', () => {
    const result = plan([buildRun({ id: 1, runDateTime: '2024-06-01T19:02:10-04:00' })]);
    expect(result).toEqual({
      timeslots: [
        {
          externalId: '1',
          channelExternalId: '1',
          showExternalId: '4321',
          start: ms('2024-06-01T23:00:00Z'),
          // It airs until 20:00:40, so the grid covers it to 20:15 (nothing follows it here).
          durationSec: 4500,
          sourceStart: ms('2024-06-01T23:02:10Z'),
          sourceRunDateTime: '2024-06-01T19:02:10-04:00',
          sourceTimeRule: 'explicit',
          sourceDurationSec: 3510,
          sourceDurationFrom: 'reels',
        },
      ],
      removed: [],
      skipped: [],
    });
  });

  it('sorts the fixture evening into timeslots, tombstones and skips with reasons', () => {
    const result = plan([
      buildRun({ id: 900001, show: 4321 }),
      buildRun({ id: 900002, show: 4400, runDateTime: '2024-06-01T19:58:30-04:00' }),
      buildRun({ id: 900003, show: 4500, runDateTime: '2024-06-01T20:00:00-04:00', deleted: true }),
      buildRun({ id: 900004, show: 4600, runDateTime: '2024-06-01T21:00:00-04:00', filler: true }),
      buildRun({
        id: 900005,
        show: undefined,
        runDateTime: '2024-06-01T21:30:00-04:00',
        idType: 2,
      }),
      buildRun({ id: 900006, show: 4500, runDateTime: '2024-06-02T09:00:00' }),
      buildRun({ id: 900009, show: 5555, runDateTime: '2024-06-02T10:00:00' }),
      buildRun({ id: 900010, show: 4500, runDateTime: 'soon' }),
    ]);
    expect(
      result.timeslots.map((t) => [t.externalId, new Date(t.start).toISOString(), t.durationSec]),
    ).toEqual([
      ['900001', '2024-06-01T23:00:00.000Z', 3600],
      ['900006', '2024-06-02T13:00:00.000Z', 3600],
    ]);
    expect(result.removed).toEqual([{ externalId: '900003', reason: 'Deleted in Cablecast.' }]);
    expect(result.skipped.map((s) => s.externalId)).toEqual([
      '900002',
      '900004',
      '900005',
      '900009',
      '900010',
    ]);
    expect(result.skipped[3]?.reason).toBe(
      'Its show (Cablecast id 5555) was not sent with the schedule.',
    );
    expect(result.skipped[4]?.reason).toContain('Its start cannot be read: "soon"');
  });

  it('clips a run that overruns the next one on the grid, never its source length', () => {
    const result = plan([
      buildRun({ id: 2, show: 4500, runDateTime: '2024-06-01T20:00:00-04:00' }),
      buildRun({ id: 1, show: 4500, runDateTime: '2024-06-01T19:00:00-04:00' }),
    ]);
    // 3300 s from 19:00 ends 19:55, rounded up to 20:00: exactly where the next one starts.
    expect(result.timeslots.map((t) => [t.externalId, t.durationSec, t.sourceDurationSec])).toEqual(
      [
        ['1', 3600, 3300],
        ['2', 3600, 3300],
      ],
    );
    const bumped = plan([
      buildRun({ id: 1, show: 4321, runDateTime: '2024-06-01T19:00:00-04:00' }),
      buildRun({ id: 2, show: 4600, runDateTime: '2024-06-01T19:50:00-04:00' }),
    ]);
    expect(bumped.timeslots.map((t) => [t.externalId, t.durationSec, t.sourceDurationSec])).toEqual(
      [
        ['1', 2700, 3510],
        ['2', 2700, 1740],
      ],
    );
  });

  it('skips a run that shares its quarter hour with the run before it', () => {
    const result = plan([
      buildRun({ id: 1, show: 4600, runDateTime: '2024-06-01T19:00:00-04:00' }),
      buildRun({ id: 2, show: 4600, runDateTime: '2024-06-01T19:05:00-04:00' }),
    ]);
    expect(result.timeslots.map((t) => t.externalId)).toEqual(['1']);
    expect(result.skipped).toEqual([
      {
        externalId: '2',
        reason:
          'Starts within the same 15 minutes as run 1 on this channel; the 15-minute grid holds one of them.',
      },
    ]);
  });

  it('keeps channels apart', () => {
    const result = plan([
      buildRun({ id: 1, channel: 1, show: 4600 }),
      buildRun({ id: 2, channel: 2, show: 4600 }),
    ]);
    expect(result.timeslots.map((t) => [t.channelExternalId, t.start])).toEqual([
      ['1', ms('2024-06-01T23:00:00Z')],
      ['2', ms('2024-06-01T23:00:00Z')],
    ]);
  });

  it('gives a show of unknown length the time until the next run, or one step', () => {
    const result = plan([
      buildRun({ id: 1, show: 4700, runDateTime: '2024-06-01T19:00:00-04:00' }),
      buildRun({ id: 2, show: 4700, runDateTime: '2024-06-01T19:40:00-04:00' }),
    ]);
    expect(
      result.timeslots.map((t) => [t.durationSec, t.sourceDurationSec, t.sourceDurationFrom]),
    ).toEqual([
      [2700, 2400, 'next-run'],
      [900, null, 'unknown'],
    ]);
  });

  it('places the March DST week in New York at 19:00 local every evening', () => {
    const texts = [
      '2024-03-07T19:00:00-05:00',
      '2024-03-08T19:00:00',
      '2024-03-09T19:00:00',
      '2024-03-10T19:00:00',
      '2024-03-11T19:00:00-04:00',
      '2024-03-12T23:00:00Z',
      '2024-03-13T19:00:00',
    ];
    const result = plan(
      texts.map((runDateTime, i) => buildRun({ id: i + 1, show: 4600, runDateTime })),
    );
    const starts = result.timeslots.map((t) => new Date(t.start).toISOString());
    expect(starts).toEqual([
      '2024-03-08T00:00:00.000Z',
      '2024-03-09T00:00:00.000Z',
      '2024-03-10T00:00:00.000Z',
      '2024-03-10T23:00:00.000Z',
      '2024-03-11T23:00:00.000Z',
      '2024-03-12T23:00:00.000Z',
      '2024-03-13T23:00:00.000Z',
    ]);
    // The 23-hour day: from Saturday's 19:00 to Sunday's is 23 hours.
    const [, , saturday, sunday] = result.timeslots;
    expect((sunday?.start ?? 0) - (saturday?.start ?? 0)).toBe(23 * 3_600_000);
  });

  it('places the spring-forward and fall-back nights by the documented rules', () => {
    const spring = plan([
      buildRun({ id: 1, show: 4600, runDateTime: '2024-03-10T01:30:00' }),
      buildRun({ id: 2, show: 4600, runDateTime: '2024-03-10T02:30:00' }),
    ]);
    expect(
      spring.timeslots.map((t) => [t.sourceTimeRule, new Date(t.sourceStart).toISOString()]),
    ).toEqual([
      ['local', '2024-03-10T06:30:00.000Z'],
      ['local-skipped', '2024-03-10T07:30:00.000Z'],
    ]);
    // The offset-less 01:30 reads as the first (EDT); the second can only be written with -05:00.
    const autumn = plan([
      buildRun({ id: 3, show: 4600, runDateTime: '2024-11-03T00:30:00' }),
      buildRun({ id: 4, show: 4600, runDateTime: '2024-11-03T01:30:00' }),
      buildRun({ id: 5, show: 4600, runDateTime: '2024-11-03T01:30:00-05:00' }),
      buildRun({ id: 6, show: 4600, runDateTime: '2024-11-03T03:00:00' }),
    ]);
    expect(autumn.timeslots.map((t) => [t.externalId, new Date(t.start).toISOString()])).toEqual([
      ['3', '2024-11-03T04:30:00.000Z'],
      ['4', '2024-11-03T05:30:00.000Z'],
      ['5', '2024-11-03T06:30:00.000Z'],
      ['6', '2024-11-03T08:00:00.000Z'],
    ]);
    // The fall-back day lasts 25 hours: 00:30 to 03:00 local is 3.5 hours.
    expect((autumn.timeslots[3]?.start ?? 0) - (autumn.timeslots[0]?.start ?? 0)).toBe(
      3.5 * 3_600_000,
    );
  });

  it('refuses an unknown zone', () => {
    expect(() => plan([], 'Mars/Olympus')).toThrow('Unknown time zone "Mars/Olympus".');
  });

  it('never overlaps on a channel, stays on the grid and keeps the source exact', () => {
    const base = ms('2024-06-01T00:00:00Z');
    const run = fc.record({
      channel: fc.integer({ min: 1, max: 3 }),
      show: fc.constantFrom(4321, 4400, 4500, 4600, 4700),
      offsetSec: fc.integer({ min: 0, max: 2 * 86_400 }),
      flags: fc.record({ filler: fc.boolean(), cgExempt: fc.boolean(), deleted: fc.boolean() }),
    });
    fc.assert(
      fc.property(fc.array(run, { maxLength: 60 }), (runs) => {
        const items = runs.map((r, i) =>
          buildRun({
            id: i + 1,
            channel: r.channel,
            show: r.show,
            runDateTime: new Date(base + r.offsetSec * 1000).toISOString(),
            ...r.flags,
          }),
        );
        const result = plan(items);
        expect(result.timeslots.length + result.removed.length + result.skipped.length).toBe(
          items.length,
        );
        for (const slot of result.timeslots) {
          expect(isOnQuarterHour(slot.start)).toBe(true);
          expect(slot.durationSec % 900).toBe(0);
          expect(slot.durationSec).toBeGreaterThanOrEqual(900);
          expect(Math.abs(slot.start - slot.sourceStart)).toBeLessThanOrEqual(QUARTER_HOUR_MS / 2);
          const item = items.find((i) => String(i.id) === slot.externalId);
          expect(slot.sourceStart).toBe(ms(item?.runDateTime ?? ''));
        }
        for (const channel of ['1', '2', '3']) {
          const slots = result.timeslots
            .filter((t) => t.channelExternalId === channel)
            .sort((a, b) => a.start - b.start);
          for (let i = 1; i < slots.length; i++) {
            const before = slots[i - 1];
            const after = slots[i];
            if (before && after)
              expect(before.start + before.durationSec * 1000).toBeLessThanOrEqual(after.start);
          }
        }
      }),
    );
  });
});
