import { feedCalendar, feedXmltv } from '@airgrid/schema/contracts';
import { describe, expect, it } from 'vitest';
import { readEndpointInput } from '../../http/endpoint.js';

// A feed's `?days=` as the server reads it with the feeds' contracts (http/endpoint.ts).
function parseFeedDays(days: unknown) {
  const read = readEndpointInput(feedXmltv, {
    params: { organization: 'x' },
    query: days === undefined ? {} : { days },
  });
  return read.ok ? { ok: true as const, days: read.value.query.days } : read;
}

describe('parseFeedDays', () => {
  it('defaults to 14 days and accepts 1 to 14', () => {
    expect(parseFeedDays(undefined)).toEqual({ ok: true, days: 14 });
    expect(parseFeedDays('1')).toEqual({ ok: true, days: 1 });
    expect(parseFeedDays(' 7 ')).toEqual({ ok: true, days: 7 });
    expect(parseFeedDays(['3', '9'])).toEqual({ ok: true, days: 3 });
    expect(parseFeedDays('14')).toEqual({ ok: true, days: 14 });
  });

  it('refuses anything else with a message naming the parameter and its range', () => {
    const message = 'The days parameter must be a whole number of days ahead, from 1 to 14.';
    for (const raw of ['0', '15', '-1', '1.5', '', 'seven', '1e1', '007', ' ', {}]) {
      expect(parseFeedDays(raw), JSON.stringify(raw)).toEqual({
        ok: false,
        message,
        errors: { days: { code: 'validation_invalid_days', message } },
      });
    }
  });

  it('reads a calendar’s days the same way', () => {
    const read = readEndpointInput(feedCalendar, {
      params: { organization: 'x', file: 'y.ics' },
      query: { days: '15' },
    });
    expect(read.ok).toBe(false);
  });
});
