import { describe, expect, it } from 'vitest';
import { prepareTimeslotRow, readStart, TimeslotLookup } from './timeslot-rows.js';

const rctv = { id: 'c1', slug: 'rctv-1', number: 21, name: 'RCTV 1', timeZone: 'America/New_York' };
const london = {
  id: 'c2',
  slug: 'london',
  number: 0,
  name: 'London Live',
  timeZone: 'Europe/London',
};
const council = { id: 's1', title: 'Council Meeting', durationSec: 5400 };
const untimed = { id: 's2', title: 'Open Studio', durationSec: 0 };
const lookup = new TimeslotLookup([rctv, london], [council, untimed]);

describe('TimeslotLookup', () => {
  it('finds a channel by id, slug, number or name, ignoring case and spaces around', () => {
    for (const name of ['c1', 'rctv-1', 'RCTV-1', '21', ' rctv 1 ', 'RCTV 1'])
      expect(lookup.channel(name)).toEqual([rctv]);
    // A channel without a number is not found by "0".
    expect(lookup.channel('0')).toEqual([]);
  });

  it('finds a show by id or title', () => {
    expect(lookup.show('s1')).toEqual([council]);
    expect(lookup.show('COUNCIL MEETING')).toEqual([council]);
    expect(lookup.show('Council')).toEqual([]);
  });
});

describe('readStart', () => {
  it('reads wall times in the channel’s zone and explicit offsets as written', () => {
    expect(readStart('2026-07-01 19:00', london)).toEqual({
      ok: true,
      epochMs: Date.parse('2026-07-01T18:00Z'),
    });
    expect(readStart('2026-07-01T19:00:00+02:00', london)).toEqual({
      ok: true,
      epochMs: Date.parse('2026-07-01T17:00Z'),
    });
    expect(readStart('2026-07-01 19:00:00.000Z', rctv)).toEqual({
      ok: true,
      epochMs: Date.parse('2026-07-01T19:00Z'),
    });
  });

  it('refuses the hour London skips, naming the zone', () => {
    expect(readStart('2027-03-28 01:30', london)).toMatchObject({
      ok: false,
      problem: { code: 'validation_skipped_local_time' },
    });
  });
});

describe('prepareTimeslotRow', () => {
  it('resolves a row into the collection’s values, the show’s length by default', () => {
    expect(
      prepareTimeslotRow(
        { channel: '21', show: 'Council Meeting', start: '2026-12-01 19:00', note: 'Live' },
        lookup,
        'o1',
      ),
    ).toEqual({
      ok: true,
      values: {
        organization: 'o1',
        channel: 'c1',
        show: 's1',
        start: '2026-12-02 00:00:00.000Z',
        durationSec: 5400,
        source: 'import',
        note: 'Live',
      },
    });
  });

  it('reports every missing field at once', () => {
    const prepared = prepareTimeslotRow({}, lookup, 'o1');
    expect(prepared.ok).toBe(false);
    if (!prepared.ok)
      expect(Object.keys(prepared.errors).sort()).toEqual(['channel', 'show', 'start']);
  });

  it('asks for a duration when the show has none', () => {
    expect(
      prepareTimeslotRow(
        { channel: 'c1', show: 'Open Studio', start: '2026-12-01 19:00' },
        lookup,
        'o1',
      ),
    ).toEqual({
      ok: false,
      errors: {
        durationSec: {
          code: 'validation_required',
          message: 'Give a duration: "Open Studio" has no running time of its own.',
        },
      },
    });
  });
});
