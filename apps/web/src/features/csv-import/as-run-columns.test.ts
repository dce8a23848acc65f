import { describe, expect, it } from 'vitest';
import {
  AS_RUN_COLUMNS,
  airedAtCell,
  asRunBlockedReason,
  spotDurationCell,
} from './as-run-columns';
import { asRunLine, asRunReport, lineErrors } from './as-run-target';
import { autoMap, checkRows, parseCsv } from './csv-import';

describe('airedAtCell', () => {
  it('reads wall-clock dates and times to the second, and keeps instants as written', () => {
    const cases: [string, unknown][] = [
      ['2031-01-06 12:00:04', { local: '2031-01-06T12:00:04' }],
      ['2031-01-06T12:00:04.500', { local: '2031-01-06T12:00:04' }],
      ['2031-01-06 12:00', { local: '2031-01-06T12:00:00' }],
      ['1/6/2031 12:00:04 PM', { local: '2031-01-06T12:00:04' }],
      ['1/6/2031, 12:30:59 am', { local: '2031-01-06T00:30:59' }],
      ['2031-01-06T12:00:04Z', { instant: '2031-01-06T12:00:04Z' }],
      ['2031-01-06 07:00:04-05:00', { instant: '2031-01-06T07:00:04-05:00' }],
    ];
    for (const [text, value] of cases) expect(airedAtCell(text), text).toEqual({ value });
  });

  it('says what is wrong with a cell that is not a date and time', () => {
    expect(airedAtCell('yesterday')).toEqual({
      error:
        'must be a date and time such as 2031-01-06 12:00:04, 1/6/2031 12:00:04 PM or 2031-01-06T12:00:04Z',
    });
    expect(airedAtCell('2031-02-30 12:00:00')).toEqual({ error: 'has no such date: 2031-02-30' });
    expect(airedAtCell('2031-01-06 12:00:61')).toHaveProperty('error');
    expect(airedAtCell('1/6/2031 13:00:00 PM')).toHaveProperty('error');
  });
});

describe('spotDurationCell', () => {
  it('reads seconds, clocks and frames', () => {
    expect(spotDurationCell('30')).toEqual({ value: 30 });
    expect(spotDurationCell('29,97')).toEqual({ value: 29.97 });
    expect(spotDurationCell('0:30')).toEqual({ value: 30 });
    expect(spotDurationCell('00:00:30')).toEqual({ value: 30 });
    expect(spotDurationCell('00:00:29;15')).toEqual({ value: 29.5 });
    expect(spotDurationCell('half a minute')).toHaveProperty('error');
    expect(spotDurationCell('2:00:00')).toEqual({ error: 'must be at most an hour' });
  });
});

describe('the as-run columns', () => {
  it('map a playout’s log by its headers, the daily log’s own names included', () => {
    const table = parseCsv(
      'runDateTime,type,title,durationSec,spot\n2031-01-06T12:00:04Z,spot,Bread,3,abc\n',
    );
    if ('error' in table) throw new Error(table.error);
    const mapping = autoMap(AS_RUN_COLUMNS, table.header);
    // "Spot" takes the spot column (the id) before the title.
    expect(mapping).toEqual({ start: 0, spot: 4, duration: 3 });
    const checked = checkRows(AS_RUN_COLUMNS, table, mapping);
    expect(checked.valid).toEqual([
      { row: 2, values: { start: { instant: '2031-01-06T12:00:04Z' }, spot: 'abc', duration: 3 } },
    ]);
  });

  it('are for a channel’s editors', () => {
    const channel = new URLSearchParams('import=as-run-log&channel=abc');
    const editor = {
      id: 'u',
      collectionId: '',
      collectionName: 'users',
      organization: 'o',
      role: 'editor',
    };
    expect(asRunBlockedReason(editor, channel)).toBeNull();
    expect(asRunBlockedReason(null, channel)).toBe('Sign in to import an as-run log.');
    expect(asRunBlockedReason({ ...editor, role: 'viewer' }, channel)).toMatch(/^Only editors/);
    expect(asRunBlockedReason(editor, new URLSearchParams('import=as-run-log'))).toMatch(
      /^Open the as-run import from a channel’s page/,
    );
  });
});

describe('sending the log', () => {
  it('makes a wall-clock start an instant on the channel’s clock', () => {
    const row = { row: 7, values: { start: { local: '2031-01-06T07:00:04' }, spot: 'Bread' } };
    expect(asRunLine(row, 'America/New_York')).toEqual({
      line: 7,
      start: '2031-01-06T12:00:04.000Z',
      spot: 'Bread',
    });
    const instant = {
      row: 8,
      values: { start: { instant: '2031-01-06T12:00:04Z' }, spot: 'x', duration: 30 },
    };
    expect(asRunLine(instant, 'UTC')).toEqual({
      line: 8,
      start: '2031-01-06T12:00:04Z',
      spot: 'x',
      durationSec: 30,
    });
  });

  it('puts a refused line’s problem under its column', () => {
    expect(
      lineErrors({
        'lines.12.start': {
          code: 'validation_invalid_datetime',
          message:
            'Line 12: start must be a date and time with its zone, e.g. 2031-01-06T12:00:12Z.',
        },
        'lines.3.spot': {
          code: 'validation_required',
          message: 'Line 3: spot cannot be blank (the spot’s title or id).',
        },
        from: { code: 'x', message: 'Must be in the past.' },
      }),
    ).toEqual([
      { row: 3, column: 'Spot', message: 'cannot be blank (the spot’s title or id)' },
      {
        row: 12,
        column: 'Aired at',
        message: 'must be a date and time with its zone, e.g. 2031-01-06T12:00:12Z',
      },
    ]);
  });

  it('reports the counts, the period, and the missed, off-plan and skipped lines', () => {
    const report = asRunReport(
      {
        import: 'i',
        channel: 'c',
        periodStart: '2031-01-06T00:00:00.000Z',
        periodEnd: '2031-01-06T12:31:00.000Z',
        aired: 1,
        missed: 1,
        offPlan: 1,
        skipped: 1,
        lines: [
          {
            line: 2,
            status: 'aired',
            start: '2031-01-06T12:00:04.000Z',
            spot: 'Bread',
            ad: 'a',
            adTitle: 'Bread',
            placement: 'p1',
            plannedStart: '2031-01-06T12:00:00.000Z',
          },
          {
            line: 3,
            status: 'skipped',
            start: '2031-01-06T12:01:00.000Z',
            spot: 'Council Meeting',
            ad: null,
            adTitle: '',
            placement: null,
            plannedStart: null,
          },
          {
            line: 4,
            status: 'off-plan',
            start: '2031-01-06T12:10:00.000Z',
            spot: 'Bread',
            ad: 'a',
            adTitle: 'Bread',
            placement: null,
            plannedStart: null,
          },
        ],
        missedPlacements: [
          {
            placement: 'p2',
            campaign: 'k',
            campaignName: 'Bakery January',
            ad: 'a',
            adTitle: 'Bread',
            plannedStart: '2031-01-06T12:30:00.000Z',
          },
        ],
      },
      'UTC',
    );
    expect(report.summary).toBe(
      '1 aired, 1 missed, 1 off-plan, 1 skipped (not one of your spots). The log covers 01/06/2031 12:00:00 AM to 01/06/2031 12:31:00 PM.',
    );
    expect(report.sections).toEqual([
      {
        title: 'Missed: made good in later breaks while the flight has room',
        lines: ['01/06/2031 12:30:00 PM · Bread · Bakery January'],
      },
      {
        title: 'Aired off-plan: no spot was placed there',
        lines: ['Line 4: 01/06/2031 12:10:00 PM · Bread'],
      },
      { title: 'Skipped: not one of your spots', lines: ['Line 3: Council Meeting'] },
    ]);
  });
});
