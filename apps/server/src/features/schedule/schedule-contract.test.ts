import { scheduleExpand, scheduleMove, seriesDelete, seriesEdit } from '@airgrid/schema/contracts';
import { describe, expect, it } from 'vitest';
import { readEndpointInput } from '../../http/endpoint.js';

// The move and expand contracts as the server reads a body with them (http/endpoint.ts).

function parseMoveRequest(body: Record<string, unknown>) {
  const read = readEndpointInput(scheduleMove, { body });
  return read.ok ? { ok: true, value: read.value.body } : read;
}

function parseSeriesEdit(body: Record<string, unknown>) {
  const read = readEndpointInput(seriesEdit, { params: { id: 'r' }, body });
  return read.ok ? { ok: true as const, value: read.value.body } : read;
}

function parseSeriesDelete(body: Record<string, unknown>) {
  const read = readEndpointInput(seriesDelete, { params: { id: 'r' }, body });
  return read.ok ? { ok: true as const, value: read.value.body } : read;
}

function parseExpandRequest(body: Record<string, unknown>) {
  const read = readEndpointInput(scheduleExpand, { params: { id: 'r' }, body });
  return read.ok ? { ok: true, value: read.value.body } : read;
}

describe('parseMoveRequest', () => {
  it('reads a move and a resize', () => {
    expect(
      parseMoveRequest({ timeslot: 'abc', start: '2026-03-10T23:00:00Z', mode: 'push' }),
    ).toEqual({
      ok: true,
      value: {
        timeslot: 'abc',
        change: { kind: 'move', start: Date.UTC(2026, 2, 10, 23) },
        mode: 'push',
      },
    });
    expect(
      parseMoveRequest({
        timeslot: 'abc',
        edge: 'end',
        end: '2026-03-10 23:00:00.000Z',
        mode: 'no-overlap',
      }),
    ).toMatchObject({
      ok: true,
      value: { change: { kind: 'resize', edge: 'end', instant: Date.UTC(2026, 2, 10, 23) } },
    });
  });

  it('refuses an instant without a zone and an edge without its instant', () => {
    expect(
      parseMoveRequest({ timeslot: 'a', start: '2026-03-10T23:00', mode: 'push' }),
    ).toMatchObject({ ok: false, errors: { start: { code: 'validation_invalid_datetime' } } });
    expect(
      parseMoveRequest({ timeslot: 'a', edge: 'end', start: '2026-03-10T23:00Z', mode: 'push' }),
    ).toMatchObject({
      ok: false,
      errors: {
        end: {
          code: 'validation_required',
          message: 'Give the instant the end of the timeslot moves to.',
        },
      },
    });
    expect(parseMoveRequest({ timeslot: 'a', mode: 'push' })).toMatchObject({
      ok: false,
      errors: {
        start: {
          message:
            'Give the new start to move the timeslot, or an edge and its instant to resize it.',
        },
      },
    });
  });
});

describe('parseExpandRequest', () => {
  it('accepts a window of up to 366 days', () => {
    expect(
      parseExpandRequest({ from: '2028-01-01T00:00:00Z', to: '2029-01-01T00:00:00Z' }),
    ).toEqual({ ok: true, value: { from: Date.UTC(2028, 0, 1), to: Date.UTC(2029, 0, 1) } });
  });

  it('refuses a backwards window, a longer one and missing ends', () => {
    expect(
      parseExpandRequest({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }),
    ).toMatchObject({ ok: false, errors: { to: { message: 'Must be after from.' } } });
    expect(
      parseExpandRequest({ from: '2026-01-01T00:00:00Z', to: '2027-01-02T00:00:01Z' }),
    ).toMatchObject({ ok: false, errors: { to: { code: 'validation_invalid_range' } } });
    expect(parseExpandRequest({})).toMatchObject({
      ok: false,
      errors: {
        from: { code: 'validation_required', message: 'Cannot be blank.' },
        to: { code: 'validation_required', message: 'Cannot be blank.' },
      },
    });
  });
});

describe('instants outside years 1 to 9999', () => {
  const RANGE = {
    code: 'validation_invalid_datetime',
    message: 'Must be an instant from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.',
  };

  it('are refused with the range in the message, for a move, a resize and an expand', () => {
    for (const start of [
      '+275760-09-13T00:00:00Z',
      '-000001-01-01T00:00:00Z',
      '0000-12-31T23:00Z',
    ]) {
      expect(parseMoveRequest({ timeslot: 'a', mode: 'push', start })).toEqual({
        ok: false,
        message: 'An error occurred while validating the submitted data.',
        errors: { start: RANGE },
      });
    }
    expect(
      parseMoveRequest({ timeslot: 'a', mode: 'push', edge: 'end', end: '+010000-01-01T00:00Z' }),
    ).toMatchObject({ ok: false, errors: { end: RANGE } });
    expect(
      parseExpandRequest({ from: '9999-12-31T00:00:00Z', to: '+010000-01-02T00:00:00Z' }),
    ).toMatchObject({ ok: false, errors: { to: RANGE } });
    expect(
      parseMoveRequest({ timeslot: 'a', mode: 'push', start: '9999-12-31T23:59:59.999Z' }),
    ).toMatchObject({ ok: true });
  });
});

describe('series request bodies', () => {
  it('reads a scope, an occurrence or a date, and the changes', () => {
    expect(
      parseSeriesEdit({
        scope: 'following',
        occurrence: '2026-03-10T19:00',
        changes: { time: '20:15' },
      }),
    ).toEqual({
      ok: true,
      value: {
        scope: 'following',
        pivot: { kind: 'key', key: '2026-03-10T19:00' },
        changes: { time: '20:15' },
      },
    });
    expect(parseSeriesDelete({ scope: 'following', occurrence: '2026-03-10' })).toMatchObject({
      ok: true,
      value: { pivot: { kind: 'date', date: '2026-03-10' } },
    });
  });

  it('names every field that is wrong', () => {
    const parsed = parseSeriesEdit({
      scope: 'all',
      occurrence: '2026-02-30T19:00',
      changes: { show: 'x', durationSec: 1000, note: 5 },
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual([
      'durationSec',
      'note',
      'occurrence',
      'scope',
      'show',
    ]);
    const empty = parseSeriesEdit({ scope: 'series', changes: {} });
    expect(empty.ok ? '' : empty.errors.changes?.message).toMatch(/^Nothing to change/);
  });
});

describe('a series body with nothing in it', () => {
  it('names the scope as missing, in the words the API always used', () => {
    expect(parseSeriesDelete({})).toMatchObject({
      ok: false,
      errors: {
        scope: {
          code: 'validation_required',
          message:
            'Must be "following" (this airing and the later ones) or "series" (the whole series).',
        },
      },
    });
  });
});
