import type { TimeslotRecord } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  checkTimeslot,
  collisionLines,
  durationForShow,
  placeServerErrors,
  QUARTER_HOURS,
  seriesChanges,
  type TimeslotValues,
  valuesOf,
} from './timeslot-form';

const ZONE = 'America/New_York';

const record = {
  id: 'slot00000000001',
  organization: 'org',
  channel: 'ch1',
  show: 'show1',
  start: '2026-06-01 16:00:00.000Z',
  durationSec: 3600,
  status: 'scheduled',
  recurrence: '',
  locked: false,
  bundle: '',
  source: 'manual',
  note: '',
  occurrence: '',
} as unknown as TimeslotRecord;

const values: TimeslotValues = {
  show: 'show1',
  channel: 'ch1',
  date: '2026-06-01',
  time: '12:00',
  durationMin: 60,
  status: 'scheduled',
  note: '',
  locked: false,
};

describe('timeslot form', () => {
  it('reads a record on the zone’s clock', () => {
    expect(valuesOf(record, ZONE)).toEqual(values);
    expect(valuesOf(record, 'UTC')).toMatchObject({ time: '16:00' });
  });

  it('offers the 96 quarter hours with 12-hour labels', () => {
    expect(QUARTER_HOURS).toHaveLength(96);
    expect(QUARTER_HOURS[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(QUARTER_HOURS[50]).toEqual({ value: '12:30', label: '12:30 PM' });
    expect(QUARTER_HOURS[95]).toEqual({ value: '23:45', label: '11:45 PM' });
  });

  it('turns the values into the record’s fields, the start as a UTC record date', () => {
    const checked = checkTimeslot({ ...values, durationMin: '90', note: '  Live  ' }, ZONE);
    expect(checked).toEqual({
      ok: true,
      fields: {
        show: 'show1',
        channel: 'ch1',
        start: '2026-06-01 16:00:00.000Z',
        durationSec: 5400,
        status: 'scheduled',
        note: 'Live',
        locked: false,
      },
    });
  });

  it('names every mistake under its field', () => {
    const checked = checkTimeslot(
      { ...values, show: '', channel: '', date: 'soon', durationMin: 50 },
      ZONE,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        show: 'Choose a show.',
        channel: 'Choose a channel.',
        date: 'Give the date, e.g. 03/10/2026.',
        durationMin: 'Use 15-minute steps (15, 30, 45, 60, …).',
      },
    });
    expect(checkTimeslot({ ...values, durationMin: 0 }, ZONE)).toMatchObject({
      errors: { durationMin: 'A timeslot lasts at least 15 minutes.' },
    });
    expect(checkTimeslot({ ...values, durationMin: '' }, ZONE)).toMatchObject({
      errors: { durationMin: 'Give the duration in minutes.' },
    });
    expect(checkTimeslot({ ...values, time: '12:10' }, ZONE)).toMatchObject({
      errors: { time: 'Choose a start on a 15-minute step.' },
    });
  });

  it('refuses a time the clocks skip when daylight saving starts', () => {
    expect(checkTimeslot({ ...values, date: '2026-03-08', time: '02:30' }, ZONE)).toMatchObject({
      ok: false,
      errors: { time: expect.stringContaining('skip') },
    });
  });

  it('rounds a show’s running time up to 15 minutes for a new timeslot', () => {
    expect(durationForShow(3000)).toBe(60);
    expect(durationForShow(3600)).toBe(60);
    expect(durationForShow(3601)).toBe(75);
    expect(durationForShow(60)).toBe(15);
    expect(durationForShow(0)).toBe(60);
  });

  it('sends only what changed', () => {
    const checked = checkTimeslot({ ...values, durationMin: 45, locked: true }, ZONE);
    if (!checked.ok) throw new Error('valid values refused');
    expect(changedFields(record, checked.fields)).toEqual({ durationSec: 2700, locked: true });
    const same = checkTimeslot(values, ZONE);
    if (!same.ok) throw new Error('valid values refused');
    expect(changedFields(record, same.fields)).toEqual({});
  });

  it('places the server’s messages under the form’s fields', () => {
    expect(
      placeServerErrors({ start: 'Overlaps "News"', durationSec: 'Too long', organization: 'No' }),
    ).toEqual({ errors: { time: 'Overlaps "News"', durationMin: 'Too long' }, rest: ['No'] });
  });
});

describe('series changes', () => {
  const series = { ...record, recurrence: 'rec', occurrence: '2026-06-01T12:00' } as TimeslotRecord;

  it('turns a new start into a time of day on the channel’s clock', () => {
    expect(
      seriesChanges(series, { start: '2026-06-01 17:30:00.000Z', durationSec: 1800 }, ZONE),
    ).toEqual({ ok: true, changes: { time: '13:30', durationSec: 1800 } });
    expect(seriesChanges(series, { start: '2026-06-01 17:30:00.000Z' }, 'UTC')).toEqual({
      ok: true,
      changes: { time: '17:30' },
    });
  });

  it('keeps show, channel and note as they are', () => {
    expect(seriesChanges(series, { show: 's2', channel: 'c2', note: 'n' }, ZONE)).toEqual({
      ok: true,
      changes: { show: 's2', channel: 'c2', note: 'n' },
    });
  });

  it('refuses what belongs to one airing, under its field', () => {
    expect(
      seriesChanges(
        series,
        { start: '2026-06-02 16:00:00.000Z', status: 'cancelled', locked: true },
        ZONE,
      ),
    ).toEqual({
      ok: false,
      errors: {
        date: expect.stringContaining('keeps its days'),
        status: expect.stringContaining('one at a time'),
        locked: expect.stringContaining('one at a time'),
      },
    });
  });

  it('lists the collisions a series refusal names', () => {
    expect(collisionLines({ collisions: [{ message: 'Overlaps "News"' }, {}] })).toEqual([
      'Overlaps "News"',
    ]);
    expect(collisionLines({ start: { message: 'x' } })).toEqual([]);
    expect(collisionLines(null)).toEqual([]);
  });
});
