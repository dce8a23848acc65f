import { timeslots } from '@airgrid/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoMap, checkRows, parseCsv } from './csv-import';
import {
  startCell,
  TIMESLOT_COLUMNS,
  timeslotsBlockedReason,
  timeslotValues,
} from './timeslots-columns';

describe('startCell', () => {
  it('reads ISO, 12-hour and US dates as a wall-clock "YYYY-MM-DD HH:mm"', () => {
    const cases: [string, string][] = [
      ['2026-12-01 19:00', '2026-12-01 19:00'],
      ['2026-12-01T19:00:00', '2026-12-01 19:00'],
      ['2026-12-1 7:05 PM', '2026-12-01 19:05'],
      ['2026-12-01 12:30 am', '2026-12-01 00:30'],
      ['2026-12-01 12:00 p.m.', '2026-12-01 12:00'],
      ['12/1/2026 7:00 PM', '2026-12-01 19:00'],
      ['2/29/2028, 06:15', '2028-02-29 06:15'],
    ];
    for (const [text, value] of cases) expect(startCell(text), text).toEqual({ value });
  });

  it('keeps an instant with an explicit offset as written', () => {
    expect(startCell('2026-12-02T00:00:00Z')).toEqual({ value: '2026-12-02T00:00:00Z' });
    expect(startCell('2026-12-01 19:00-05:00')).toEqual({ value: '2026-12-01 19:00-05:00' });
  });

  it('says what is wrong with anything else', () => {
    expect(startCell('2026-02-29 10:00')).toEqual({ error: 'has no such date: 2026-02-29' });
    expect(startCell('13/1/2026 10:00')).toEqual({ error: 'has no such date: 2026-13-01' });
    expect(startCell('2026-12-01 13:00 PM')).toEqual({
      error: 'has 13 before AM/PM, which must be 1 to 12',
    });
    for (const text of ['tomorrow', '2026-12-01', '19:00', '2026-12-01 24:00', '2026-12-01 10:60'])
      expect(startCell(text)).toHaveProperty('error');
  });

  it('gives back any wall time it is shown, written ISO or US style', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString();
          const wall = `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
          const [year, month, day] = [
            date.getUTCFullYear(),
            date.getUTCMonth() + 1,
            date.getUTCDate(),
          ];
          const hour = date.getUTCHours();
          const us = `${month}/${day}/${year} ${hour % 12 || 12}:${iso.slice(14, 16)} ${hour < 12 ? 'AM' : 'PM'}`;
          return (
            JSON.stringify(startCell(wall)) === JSON.stringify({ value: wall }) &&
            JSON.stringify(startCell(us)) === JSON.stringify({ value: wall })
          );
        },
      ),
    );
  });
});

describe('the timeslots import’s columns', () => {
  it('each fill a field of timeslots, or the channel and show the server resolves', () => {
    const fields = new Set(timeslots.fields.map((field) => field.name));
    for (const column of TIMESLOT_COLUMNS) expect(fields).toContain(column.field ?? column.key);
  });

  it('map a typical schedule export and send what the server reads', () => {
    const table = parseCsv(
      'Channel Name,Title,Air Time,Length,Notes\r\nRCTV 1,Council Meeting,12/1/2026 7:00 PM,1:30,Live',
    );
    if ('error' in table) throw new Error(table.error);
    const checked = checkRows(TIMESLOT_COLUMNS, table, autoMap(TIMESLOT_COLUMNS, table.header));
    expect(checked.errors).toEqual([]);
    const [row] = checked.valid;
    if (!row) throw new Error('no row');
    expect(timeslotValues(row)).toEqual({
      channel: 'RCTV 1',
      show: 'Council Meeting',
      start: '2026-12-01 19:00',
      durationSec: 5400,
      note: 'Live',
    });
  });

  it('are for editors and above', () => {
    expect(timeslotsBlockedReason(null)).toBe('Sign in to import timeslots.');
    const member = { id: 'u', collectionId: '', collectionName: 'users', organization: 'o' };
    expect(timeslotsBlockedReason({ ...member, role: 'editor' })).toBeNull();
    expect(timeslotsBlockedReason({ ...member, role: 'producer' })).toMatch(/^Only editors/);
    expect(timeslotsBlockedReason({ ...member, organization: '' })).toMatch(/^Create or join/);
  });
});
