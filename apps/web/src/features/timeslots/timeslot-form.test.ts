import type { TimeslotRecord } from '@airgrid/schema';
import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import {
  cablecastTiming,
  changedFields,
  checkedFields,
  checkTimeslot,
  collisionLines,
  durationForShow,
  explainTimeslotFailure,
  isImported,
  placeServerErrors,
  planPanelSave,
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

  it('explains a refusal: field messages under the fields, the server’s own only when none is', () => {
    const refusal = (message: string, data: Record<string, { message: string }>) =>
      new ClientResponseError({ status: 400, response: { message, data } });
    expect(
      explainTimeslotFailure(refusal('Refused.', { start: { message: 'Overlaps "News"' } })),
    ).toEqual({ errors: { time: 'Overlaps "News"' }, formError: null });
    expect(
      explainTimeslotFailure(
        refusal('Refused.', { start: { message: 'Overlaps' }, organization: { message: 'No' } }),
      ),
    ).toEqual({ errors: { time: 'Overlaps' }, formError: 'No' });
    expect(explainTimeslotFailure(refusal('Refused.', {}))).toEqual({
      errors: {},
      formError: 'Refused.',
    });
  });

  it('hands a save the checked fields, and fails it on values that are wrong after all', () => {
    expect(checkedFields(values, ZONE).start).toBe('2026-06-01 16:00:00.000Z');
    expect(() => checkedFields({ ...values, show: '' }, ZONE)).toThrow();
  });
});

describe('the side panel’s save', () => {
  const options = { zone: ZONE, scope: 'this' as const, channelZone: () => ZONE };
  const series = { ...record, recurrence: 'rec', occurrence: '2026-06-01T12:00' } as TimeslotRecord;

  it('sends nothing when nothing changed, else what changed to the one airing', () => {
    expect(planPanelSave(record, values, options)).toEqual({ ok: true, save: { kind: 'none' } });
    expect(planPanelSave(record, { ...values, durationMin: 45 }, options)).toEqual({
      ok: true,
      save: { kind: 'one', changed: { durationSec: 2700 } },
    });
    // An airing of a series saved for itself only is one airing's change.
    expect(planPanelSave(series, { ...values, note: 'n' }, options)).toEqual({
      ok: true,
      save: { kind: 'one', changed: { note: 'n' } },
    });
  });

  it('sends a series edit on the clock of the channel the airing ends up on', () => {
    const zones: string[] = [];
    const planned = planPanelSave(
      series,
      { ...values, channel: 'ch2', time: '13:30' },
      {
        zone: ZONE,
        scope: 'following',
        channelZone: (id) => {
          zones.push(id);
          return 'UTC';
        },
      },
    );
    expect(zones).toEqual(['ch2']);
    expect(planned).toEqual({
      ok: true,
      save: { kind: 'series', scope: 'following', changes: { channel: 'ch2', time: '17:30' } },
    });
  });

  it('names each mistake under its field, the form’s and the series’ alike', () => {
    expect(planPanelSave(record, { ...values, show: '' }, options)).toEqual({
      ok: false,
      errors: { show: expect.any(String) },
    });
    expect(
      planPanelSave(series, { ...values, locked: true }, { ...options, scope: 'series' }),
    ).toEqual({ ok: false, errors: { locked: expect.stringContaining('one at a time') } });
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

describe('a timeslot imported from Cablecast', () => {
  const imported = {
    ...record,
    locked: true,
    source: 'import',
    cablecastId: 900001,
    // 19:00:30 in New York, 58 min 30 s long: the grid made it 19:00 for an hour.
    sourceStart: '2026-06-01 23:00:30.000Z',
    sourceDurationSec: 3510,
    start: '2026-06-01 23:00:00.000Z',
  } as TimeslotRecord;
  const importedValues = valuesOf(imported, ZONE);
  const options = { zone: ZONE, scope: 'this' as const, channelZone: () => ZONE };

  it('is told apart by its Cablecast id', () => {
    expect(isImported(imported)).toBe(true);
    expect(isImported(record)).toBe(false);
    expect(isImported({ cablecastId: 0 })).toBe(false);
  });

  it('sends only its note, whatever else the form holds', () => {
    expect(planPanelSave(imported, importedValues, options)).toEqual({
      ok: true,
      save: { kind: 'none' },
    });
    expect(
      planPanelSave(
        imported,
        { ...importedValues, note: ' Captioned live ', time: '20:00', locked: false },
        options,
      ),
    ).toEqual({ ok: true, save: { kind: 'one', changed: { note: 'Captioned live' } } });
  });

  it('says when and how long it airs in Cablecast, to the second', () => {
    expect(cablecastTiming(imported, ZONE)).toBe(
      'Airs 06/01/2026 at 7:00:30 PM for 58 min 30 s in Cablecast.',
    );
    expect(cablecastTiming(imported, ZONE, '24h')).toBe(
      'Airs 06/01/2026 at 19:00:30 for 58 min 30 s in Cablecast.',
    );
    expect(cablecastTiming({ ...imported, sourceStart: '' }, ZONE)).toBeNull();
    expect(cablecastTiming(record, ZONE)).toBeNull();
  });
});
