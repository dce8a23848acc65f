import {
  formatTime,
  formatUsDate,
  isOnQuarterHour,
  moveBar,
  QUARTER_HOUR_MS,
  resizeBar,
} from '@airgrid/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AVG_CHAR_PX,
  assertPrecision,
  assertWindow,
  axisTicks,
  BAR_CHROME_PX,
  clockTime,
  DEFAULT_PRECISION,
  dragPreview,
  dropInstant,
  formatBarSpan,
  formatBarTimes,
  formatChartDateTime,
  formatChartSpan,
  fractionToTime,
  isoWeekNumber,
  LABEL_WIDTH_PX,
  labelFit,
  MIN_CELL_PX,
  MIN_LABEL_CHARS,
  minTrackWidth,
  PRECISIONS,
  ROW_HEIGHT_PX,
  spanToPercent,
  TOOLTIP_COLOR,
  TOOLTIP_DELAY_MS,
  timeToFraction,
  timeToX,
  tooltipLines,
  VALIDATION_DEBOUNCE_MS,
  xToTime,
} from './geometry';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MAY_4 = Date.UTC(2026, 4, 4); // a Monday

describe('chart constants (seed-spec §9)', () => {
  it('match the seed', () => {
    expect(DEFAULT_PRECISION).toBe('day');
    expect(ROW_HEIGHT_PX).toBe(40);
    expect(LABEL_WIDTH_PX).toBe(150);
    expect(TOOLTIP_DELAY_MS).toBe(800);
    expect(TOOLTIP_COLOR).toBe('cadetblue');
    expect(VALIDATION_DEBOUNCE_MS).toBe(5);
    expect(PRECISIONS).toEqual(['hour', 'day', 'date', 'week', 'month']);
  });
});

describe('assertPrecision', () => {
  it.each(PRECISIONS)('accepts %s', (precision) => {
    expect(assertPrecision(precision)).toBe(precision);
  });

  it.each([
    ['minute', 'Invalid precision: "minute". Use one of hour, day, date, week or month.'],
    ['Day', 'Invalid precision: "Day". Use one of hour, day, date, week or month.'],
    ['', 'Invalid precision: "". Use one of hour, day, date, week or month.'],
    [undefined, 'Invalid precision: undefined. Use one of hour, day, date, week or month.'],
    [3, 'Invalid precision: 3. Use one of hour, day, date, week or month.'],
  ])('throws for %j', (value, message) => {
    expect(() => assertPrecision(value)).toThrow(new Error(message));
  });
});

describe('assertWindow', () => {
  it('accepts a window that ends after it starts', () => {
    expect(() => assertWindow(MAY_4, MAY_4 + 1)).not.toThrow();
  });

  it.each([
    [MAY_4, MAY_4],
    [MAY_4, MAY_4 - DAY],
    [Number.NaN, MAY_4],
    [MAY_4, Number.POSITIVE_INFINITY],
  ])('refuses from %d to %d', (from, to) => {
    expect(() => assertWindow(from, to)).toThrow(/must end after it starts/);
  });
});

describe('time ↔ position', () => {
  it('puts from at 0, to at 1 and the middle at 0.5', () => {
    expect(timeToFraction(MAY_4, MAY_4, MAY_4 + DAY)).toBe(0);
    expect(timeToFraction(MAY_4 + DAY, MAY_4, MAY_4 + DAY)).toBe(1);
    expect(timeToFraction(MAY_4 + 12 * HOUR, MAY_4, MAY_4 + DAY)).toBe(0.5);
    expect(timeToX(MAY_4 + 6 * HOUR, 960, MAY_4, MAY_4 + DAY)).toBe(240);
    expect(xToTime(240, 960, MAY_4, MAY_4 + DAY)).toBe(MAY_4 + 6 * HOUR);
  });

  it('gives a bar its span in percent of the window', () => {
    expect(spanToPercent(MAY_4 + 6 * HOUR, 3 * 3600, MAY_4, MAY_4 + DAY)).toEqual({
      left: 25,
      width: 12.5,
    });
  });

  const arbitraryWindow = fc
    .tuple(fc.integer({ min: -1e12, max: 4e12 }), fc.integer({ min: 60_000, max: 400 * DAY }))
    .map(([from, length]) => ({ from, to: from + length }));

  it('time → fraction → time round-trips to the millisecond', () => {
    fc.assert(
      fc.property(arbitraryWindow, fc.double({ min: -1, max: 2, noNaN: true }), (w, f) => {
        const instant = Math.round(fractionToTime(f, w.from, w.to));
        const back = fractionToTime(timeToFraction(instant, w.from, w.to), w.from, w.to);
        expect(Math.abs(back - instant)).toBeLessThan(1e-3 * (w.to - w.from) + 1);
        // `===`, not toBe: rounding may give -0 where the instant is 0, and that is the same time.
        expect(Math.round(back) === instant).toBe(true);
      }),
    );
  });

  it('x → time → x round-trips within a thousandth of a pixel', () => {
    fc.assert(
      fc.property(
        arbitraryWindow,
        fc.integer({ min: 100, max: 20_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (w, width, f) => {
          const x = f * width;
          const back = timeToX(xToTime(x, width, w.from, w.to), width, w.from, w.to);
          expect(Math.abs(back - x)).toBeLessThan(1e-3);
        },
      ),
    );
  });
});

describe('dragPreview', () => {
  const bar = { start: MAY_4 + 6 * HOUR, durationSec: 3600 };

  it('snaps a move to the nearest 15 minutes', () => {
    expect(dragPreview(bar, 'move', 7 * 60_000)).toEqual({ start: bar.start, durationSec: 3600 });
    expect(dragPreview(bar, 'move', 8 * 60_000)).toEqual({
      start: bar.start + QUARTER_HOUR_MS,
      durationSec: 3600,
    });
    expect(dragPreview(bar, 'move', -53 * 60_000)).toEqual({
      start: bar.start - HOUR,
      durationSec: 3600,
    });
  });

  it('moves the end edge and keeps the start', () => {
    expect(dragPreview(bar, 'end', 31 * 60_000)).toEqual({ start: bar.start, durationSec: 5400 });
  });

  it('moves the start edge and keeps the end', () => {
    expect(dragPreview(bar, 'start', 29 * 60_000)).toEqual({
      start: bar.start + 30 * 60_000,
      durationSec: 1800,
    });
  });

  it('never shrinks a bar below 15 minutes', () => {
    expect(dragPreview(bar, 'end', -5 * HOUR)).toEqual({ start: bar.start, durationSec: 900 });
    expect(dragPreview(bar, 'start', 5 * HOUR)).toEqual({
      start: bar.start + 45 * 60_000,
      durationSec: 900,
    });
  });

  const arbitraryBar = fc
    .tuple(fc.integer({ min: 0, max: 4 * 96 }), fc.integer({ min: 1, max: 16 }))
    .map(([q, quarters]) => ({
      id: 'a',
      start: MAY_4 + q * QUARTER_HOUR_MS,
      durationSec: quarters * 900,
    }));
  const arbitraryDelta = fc.integer({ min: -8 * HOUR, max: 8 * HOUR });

  it('shows exactly where moveBar puts the bar on release', () => {
    fc.assert(
      fc.property(arbitraryBar, arbitraryDelta, (b, delta) => {
        const ghost = dragPreview(b, 'move', delta);
        expect(isOnQuarterHour(ghost.start)).toBe(true);
        const result = moveBar([b], 'a', b.start + delta, 'push');
        const moved = result.ok ? (result.changed[0] ?? b) : b;
        expect({ start: moved.start, durationSec: moved.durationSec }).toEqual(ghost);
      }),
    );
  });

  it('shows exactly where resizeBar puts either edge on release', () => {
    fc.assert(
      fc.property(
        arbitraryBar,
        arbitraryDelta,
        fc.constantFrom('start' as const, 'end' as const),
        (b, delta, edge) => {
          const ghost = dragPreview(b, edge, delta);
          const end = b.start + b.durationSec * 1000;
          const result = resizeBar(
            [b],
            'a',
            edge,
            (edge === 'end' ? end : b.start) + delta,
            'push',
          );
          const resized = result.ok ? (result.changed[0] ?? b) : b;
          expect({ start: resized.start, durationSec: resized.durationSec }).toEqual(ghost);
          expect(ghost.durationSec).toBeGreaterThanOrEqual(900);
        },
      ),
    );
  });
});

describe('dropInstant', () => {
  it('lands a drop on the 15-minute grid', () => {
    // 1000 px for a day: 10 px ≈ 14.4 minutes.
    expect(dropInstant(250, 1000, MAY_4, MAY_4 + DAY)).toBe(MAY_4 + 6 * HOUR);
    expect(dropInstant(260, 1000, MAY_4, MAY_4 + DAY)).toBe(MAY_4 + 6 * HOUR + QUARTER_HOUR_MS);
  });
});

describe('formatChartDateTime / formatChartSpan', () => {
  it('writes year-month-day hour:minute on the wall clock of the zone', () => {
    expect(formatChartDateTime(MAY_4 + 13 * HOUR + 5 * 60_000, 'UTC')).toBe('2026-05-04 13:05');
    expect(formatChartDateTime(MAY_4 + 13 * HOUR, 'America/New_York')).toBe('2026-05-04 09:00');
  });

  it('drops the repeated date of a span within one day', () => {
    expect(formatChartSpan(MAY_4 + 6 * HOUR, 5400, 'UTC')).toBe('2026-05-04 06:00 to 07:30');
    expect(formatChartSpan(MAY_4 + 23 * HOUR, 7200, 'UTC')).toBe(
      '2026-05-04 23:00 to 2026-05-05 01:00',
    );
  });
});

describe('isoWeekNumber', () => {
  it.each([
    ['2026-05-04', 19],
    ['2026-01-01', 1],
    ['2027-01-01', 53],
    ['2024-12-30', 1],
    ['2021-01-03', 53],
  ])('%s is in week %d', (date, week) => {
    expect(isoWeekNumber(date)).toBe(week);
  });
});

describe('axisTicks', () => {
  it('hour: 24 hour cells grouped by the day', () => {
    const axis = axisTicks(MAY_4, MAY_4 + DAY, 'hour', 'UTC', '24h');
    expect(axis.minor).toHaveLength(24);
    expect(axis.minor[0]).toEqual({ start: MAY_4, end: MAY_4 + HOUR, label: '00:00' });
    expect(axis.minor[13]?.label).toBe('13:00');
    expect(axis.major).toEqual([{ start: MAY_4, end: MAY_4 + DAY, label: 'Mon 4 May 2026' }]);
  });

  it('hour: cells follow the wall hours of a zone at +05:30', () => {
    const axis = axisTicks(MAY_4, MAY_4 + 3 * HOUR, 'hour', 'Asia/Kolkata', '24h');
    // 00:00 UTC is 05:30 there: a half cell, then whole hours from 06:00 (00:30 UTC).
    expect(axis.minor.map((t) => t.label)).toEqual(['05:00', '06:00', '07:00', '08:00']);
    expect(axis.minor[0]).toEqual({ start: MAY_4, end: MAY_4 + HOUR / 2, label: '05:00' });
    expect(axis.minor[3]?.end).toBe(MAY_4 + 3 * HOUR);
  });

  it('hour: a DST spring-forward day has 23 cells and skips 02:00', () => {
    const from = Date.UTC(2026, 2, 8, 5); // 2026-03-08 00:00 in New York (EST)
    const to = Date.UTC(2026, 2, 9, 4); // 2026-03-09 00:00 EDT
    const axis = axisTicks(from, to, 'hour', 'America/New_York', '24h');
    expect(axis.minor).toHaveLength(23);
    expect(axis.minor.map((t) => t.label)).not.toContain('02:00');
    expect(axis.minor.every((t) => t.end - t.start === HOUR)).toBe(true);
  });

  it('hour: a DST fall-back night repeats 01:00 as a cell of its own', () => {
    const from = Date.UTC(2026, 10, 1, 4); // 2026-11-01 00:00 EDT
    const axis = axisTicks(from, from + 4 * HOUR, 'hour', 'America/New_York', '24h');
    expect(axis.minor.map((t) => t.label)).toEqual(['00:00', '01:00', '01:00', '02:00']);
  });

  it('day: a week of days labelled with weekday and day, grouped by month', () => {
    const from = Date.UTC(2026, 3, 27); // Mon 27 April
    const axis = axisTicks(from, from + 7 * DAY, 'day', 'UTC');
    expect(axis.minor.map((t) => t.label)).toEqual([
      'Mon 27',
      'Tue 28',
      'Wed 29',
      'Thu 30',
      'Fri 1',
      'Sat 2',
      'Sun 3',
    ]);
    expect(axis.major.map((t) => t.label)).toEqual(['Apr 2026', 'May 2026']);
    expect(axis.major[0]?.end).toBe(Date.UTC(2026, 4, 1));
  });

  it('date: days labelled with the day of the month alone', () => {
    const axis = axisTicks(MAY_4, MAY_4 + 3 * DAY, 'date', 'UTC');
    expect(axis.minor.map((t) => t.label)).toEqual(['04', '05', '06']);
  });

  it('week: ISO weeks starting on Monday, the first one clipped', () => {
    const from = Date.UTC(2026, 4, 6); // a Wednesday
    const axis = axisTicks(from, from + 14 * DAY, 'week', 'UTC');
    expect(axis.minor.map((t) => t.label)).toEqual(['W19 · May 4', 'W20 · May 11', 'W21 · May 18']);
    expect(axis.minor[0]).toEqual({
      start: from,
      end: Date.UTC(2026, 4, 11),
      label: 'W19 · May 4',
    });
  });

  it('month: months grouped by year', () => {
    const from = Date.UTC(2026, 10, 1);
    const axis = axisTicks(from, Date.UTC(2027, 2, 1), 'month', 'UTC');
    expect(axis.minor.map((t) => t.label)).toEqual([
      'Nov 2026',
      'Dec 2026',
      'Jan 2027',
      'Feb 2027',
    ]);
    expect(axis.major.map((t) => t.label)).toEqual(['2026', '2027']);
  });

  it('throws for an unknown precision, as the seed says', () => {
    expect(() => axisTicks(MAY_4, MAY_4 + DAY, 'minute' as never, 'UTC')).toThrow(
      'Invalid precision: "minute"',
    );
  });

  it('refuses a window with too many cells for the precision', () => {
    expect(() => axisTicks(MAY_4, MAY_4 + 400 * DAY, 'hour', 'UTC')).toThrow(
      /too long for this precision/,
    );
  });

  it('cells tile the window exactly, for any precision, window and zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }).map((h) => MAY_4 + h * HOUR + 7 * 60_000),
        fc.integer({ min: 1, max: 60 * 24 }).map((h) => h * HOUR),
        fc.constantFrom(...PRECISIONS),
        fc.constantFrom('UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'),
        (from, length, precision, zone) => {
          const to = from + length;
          const axis = axisTicks(from, to, precision, zone);
          for (const ticks of [axis.major, axis.minor]) {
            expect(ticks[0]?.start).toBe(from);
            expect(ticks.at(-1)?.end).toBe(to);
            for (let i = 0; i < ticks.length; i++) {
              const tick = ticks[i] as (typeof ticks)[number];
              expect(tick.end).toBeGreaterThan(tick.start);
              if (i > 0) expect(tick.start).toBe(ticks[i - 1]?.end);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('minTrackWidth', () => {
  it('gives each whole cell its minimum width', () => {
    const axis = axisTicks(MAY_4, MAY_4 + 7 * DAY, 'hour', 'UTC');
    expect(minTrackWidth(axis, 'hour', MAY_4, MAY_4 + 7 * DAY)).toBe(168 * MIN_CELL_PX.hour);
  });

  it('counts a partial cell pro rata', () => {
    const axis = axisTicks(MAY_4, MAY_4 + 36 * HOUR, 'day', 'UTC');
    expect(minTrackWidth(axis, 'day', MAY_4, MAY_4 + 36 * HOUR)).toBe(1.5 * MIN_CELL_PX.day);
  });
});

describe('the user clock', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['07:30', '7:30 AM'],
    ['12:00', '12:00 PM'],
    ['19:30', '7:30 PM'],
    ['23:45', '11:45 PM'],
  ])('%s reads %s on the 12-hour clock and itself on the 24-hour one', (hhmm, twelve) => {
    expect(clockTime(hhmm, '12h')).toBe(twelve);
    expect(clockTime(hhmm, '24h')).toBe(hhmm);
  });

  it('hour cells are labelled on the clock given, 12-hour by default', () => {
    expect(axisTicks(MAY_4, MAY_4 + DAY, 'hour', 'UTC').minor[19]?.label).toBe('7:00 PM');
    expect(axisTicks(MAY_4, MAY_4 + DAY, 'hour', 'UTC', '24h').minor[19]?.label).toBe('19:00');
  });

  it('a span reads in US dates and the clock, the end date only across midnight', () => {
    const start = MAY_4 + 19.5 * HOUR;
    expect(formatBarSpan(start, 1800, 'UTC', '12h')).toBe('05/04/2026 7:30 PM to 8:00 PM');
    expect(formatBarSpan(start, 1800, 'UTC', '24h')).toBe('05/04/2026 19:30 to 20:00');
    expect(formatBarSpan(MAY_4 + 23 * HOUR, 7200, 'UTC', '12h')).toBe(
      '05/04/2026 11:00 PM to 05/05/2026 1:00 AM',
    );
    // On the zone's wall clock: 23:30 UTC is 7:30 PM in New York (EDT).
    expect(formatBarSpan(MAY_4 + 23.5 * HOUR, 1800, 'America/New_York', '12h')).toBe(
      '05/04/2026 7:30 PM to 8:00 PM',
    );
    expect(formatBarTimes(start, 1800, 'UTC', '12h')).toBe('7:30 PM–8:00 PM');
  });

  it('a bar span read again (from the remembered wall clock) says what the domain says', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 * 366 * 96 }),
        fc.integer({ min: 1, max: 96 }),
        fc.constantFrom('UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe'),
        fc.constantFrom('12h' as const, '24h' as const),
        (quarter, quarters, zone, clock) => {
          const start = Date.UTC(2025, 0, 1) + quarter * QUARTER_HOUR_MS;
          const end = start + quarters * QUARTER_HOUR_MS;
          const to = formatTime(end, zone, clock);
          const sameDay = formatUsDate(start, zone) === formatUsDate(end, zone);
          const expected = `${formatUsDate(start, zone)} ${formatTime(start, zone, clock)} to ${sameDay ? to : `${formatUsDate(end, zone)} ${to}`}`;
          for (let read = 0; read < 2; read++) {
            expect(formatBarSpan(start, quarters * 900, zone, clock)).toBe(expected);
            expect(formatBarTimes(start, quarters * 900, zone, clock)).toBe(
              `${formatTime(start, zone, clock)}–${to}`,
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a tooltip carries title, channel, span and duration, and never an ISO string', () => {
    const lines = tooltipLines(
      { label: 'Riverbend Today', start: MAY_4 + 19.5 * HOUR, durationSec: 1800 },
      'Riverbend 1',
      'UTC',
      '12h',
    );
    expect(lines).toEqual([
      'Riverbend Today',
      'Riverbend 1',
      '05/04/2026 7:30 PM to 8:00 PM',
      '30 min',
    ]);
    expect(lines.join(' ')).not.toMatch(/\d{4}-\d\d-\d\d|T\d\d:/);
    expect(
      tooltipLines({ label: 'A', start: MAY_4, durationSec: 5400 }, undefined, 'UTC', '24h'),
    ).toEqual(['A', '05/04/2026 00:00 to 01:30', '1 h 30 min']);
  });
});

describe('labelFit', () => {
  const threshold = BAR_CHROME_PX + MIN_LABEL_CHARS * AVG_CHAR_PX;

  it('hides the label of a bar too narrow for a few characters, shows it otherwise', () => {
    expect(labelFit(3)).toBe('none');
    expect(labelFit(threshold - 1)).toBe('none');
    expect(labelFit(threshold)).toBe('text');
    expect(labelFit(400)).toBe('text');
  });

  it('a 30-minute bar at hour precision has room for a dozen characters', () => {
    const halfHourPx = MIN_CELL_PX.hour / 2;
    expect(labelFit(halfHourPx)).toBe('text');
    expect(Math.floor((halfHourPx - BAR_CHROME_PX) / AVG_CHAR_PX)).toBeGreaterThanOrEqual(10);
  });

  it('a 30-minute bar in a week of days is hidden, not an "R…"', () => {
    const halfHourPx = MIN_CELL_PX.day / 48;
    expect(labelFit(halfHourPx)).toBe('none');
  });
});
