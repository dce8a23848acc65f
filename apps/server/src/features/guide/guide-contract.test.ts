import { guide, parseInstant } from '@airgrid/schema/contracts';
import { describe, expect, it } from 'vitest';
import { readEndpointInput } from '../../http/endpoint.js';

// The guide's query as the server reads it with its contract (http/endpoint.ts).
function parseGuideQuery(query: Record<string, unknown>) {
  const read = readEndpointInput(guide, { query });
  return read.ok ? { ok: true, query: read.value.query } : read;
}

const FROM = '2026-03-08T05:00:00Z';
const TO = '2026-03-09T04:00:00Z';

describe('parseInstant', () => {
  it('reads ISO instants with Z or an offset, seconds and fractions optional', () => {
    expect(parseInstant('2026-03-08T05:00:00Z')).toBe(Date.UTC(2026, 2, 8, 5));
    expect(parseInstant('2026-03-08T00:00-05:00')).toBe(Date.UTC(2026, 2, 8, 5));
    expect(parseInstant('2026-03-08 05:00:00.123456Z')).toBe(Date.UTC(2026, 2, 8, 5, 0, 0, 123));
  });

  it('refuses wall-clock times and dates, which name no instant', () => {
    expect(parseInstant('2026-03-08T05:00:00')).toBeNull();
    expect(parseInstant('2026-03-08')).toBeNull();
    expect(parseInstant('2026-02-30T05:00:00Z')).toBeNull();
    expect(parseInstant('2026-03-08T24:00:00Z')).toBeNull();
    expect(parseInstant('yesterday')).toBeNull();
  });
});

describe('parseGuideQuery', () => {
  it('accepts a window with optional channels and organization', () => {
    expect(
      parseGuideQuery({
        from: FROM,
        to: TO,
        channels: ' aaaaaaaaaaaaaaa, bbbbbbbbbbbbbbb,aaaaaaaaaaaaaaa,',
        organization: 'riverside',
      }),
    ).toEqual({
      ok: true,
      query: {
        from: Date.UTC(2026, 2, 8, 5),
        to: Date.UTC(2026, 2, 9, 4),
        channels: ['aaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbb'],
        organization: 'riverside',
      },
    });
    expect(parseGuideQuery({ from: FROM, to: TO })).toMatchObject({
      ok: true,
      query: { channels: null, organization: null },
    });
  });

  it('reports each missing bound under its name, the first as the message', () => {
    expect(parseGuideQuery({})).toEqual({
      ok: false,
      message: 'The from parameter is required: an ISO 8601 instant such as 2026-03-08T05:00:00Z.',
      errors: {
        from: {
          code: 'validation_required',
          message:
            'The from parameter is required: an ISO 8601 instant such as 2026-03-08T05:00:00Z.',
        },
        to: {
          code: 'validation_required',
          message:
            'The to parameter is required: an ISO 8601 instant such as 2026-03-08T05:00:00Z.',
        },
      },
    });
  });

  it('keeps the window forward and at most 14 days long', () => {
    expect(parseGuideQuery({ from: TO, to: FROM })).toMatchObject({
      ok: false,
      message: 'The to parameter must be later than from.',
    });
    expect(parseGuideQuery({ from: FROM, to: '2026-03-22T05:00:00Z' })).toMatchObject({
      ok: true,
    });
    expect(parseGuideQuery({ from: FROM, to: '2026-03-22T05:00:00.001Z' })).toMatchObject({
      ok: false,
      errors: { to: { code: 'validation_guide_window_too_long' } },
    });
  });

  it('refuses channel lists that are not record ids, or too many of them', () => {
    expect(parseGuideQuery({ from: FROM, to: TO, channels: 'RCTV-1' })).toMatchObject({
      ok: false,
      errors: { channels: { code: 'validation_invalid_channels' } },
    });
    const many = Array.from({ length: 201 }, (_, i) => String(i).padStart(15, '0')).join(',');
    expect(parseGuideQuery({ from: FROM, to: TO, channels: many })).toMatchObject({
      ok: false,
      message: 'The channels parameter can name at most 200 channels.',
    });
  });
});

describe('a window outside years 1 to 9999', () => {
  it('is refused, an offset that crosses the range included', () => {
    expect(parseInstant('0000-12-31T22:00:00Z')).toBeNull();
    expect(parseInstant('9999-12-31T23:00:00-02:00')).toBeNull();
    expect(parseInstant('0001-01-01T00:00:00Z')).toBe(-62_135_596_800_000);
    expect(
      parseGuideQuery({ from: '9999-12-31T20:00:00Z', to: '9999-12-31T23:00:00-02:00' }),
    ).toMatchObject({
      ok: false,
      errors: {
        to: {
          code: 'validation_invalid_date',
          message:
            'The to parameter must be an instant from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.',
        },
      },
    });
  });
});
