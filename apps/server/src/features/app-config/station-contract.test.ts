import { STATION_MAX_PAGE, STATION_SEARCH_MAX } from '@airgrid/schema';
import { stationList } from '@airgrid/schema/contracts';
import { describe, expect, it } from 'vitest';
import { readEndpointInput } from '../../http/endpoint.js';

// The station list's query as the server reads it with its contract (http/endpoint.ts).
function parseStationQuery(query: Record<string, unknown>) {
  const read = readEndpointInput(stationList, { query });
  return read.ok ? { ok: true as const, query: read.value.query } : read;
}

describe('parseStationQuery', () => {
  it('defaults to the first page of every station', () => {
    expect(parseStationQuery({})).toEqual({ ok: true, query: { search: '', page: 1 } });
  });

  it('trims the search and reads the page', () => {
    expect(parseStationQuery({ search: '  river ', page: '3' })).toEqual({
      ok: true,
      query: { search: 'river', page: 3 },
    });
  });

  it('takes the first of repeated parameters', () => {
    expect(parseStationQuery({ search: ['a', 'b'], page: ['2', '5'] })).toEqual({
      ok: true,
      query: { search: 'a', page: 2 },
    });
  });

  it.each(['0', '-1', '1.5', 'two', String(STATION_MAX_PAGE + 1), '1e3', '99999999'])(
    'refuses page=%s with a field error',
    (page) => {
      const result = parseStationQuery({ page });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.errors.page?.code).toBe('validation_invalid_page');
        expect(result.message).toContain('page must be a whole number');
      }
    },
  );

  it('refuses a search longer than the limit, or one with a NUL', () => {
    for (const search of ['x'.repeat(STATION_SEARCH_MAX + 1), 'a\0b']) {
      const result = parseStationQuery({ search });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors.search?.code).toBe('validation_invalid_search');
    }
    expect(parseStationQuery({ search: 'x'.repeat(STATION_SEARCH_MAX) }).ok).toBe(true);
  });
});
