import { STATION_MAX_PAGE, STATION_SEARCH_MAX } from '@airgrid/schema';
import type { FieldError } from '../../errors/api-error.js';

/** GET /api/v1/stations's query, checked. */
export interface StationQuery {
  /** Trimmed; "" lists every public station. */
  search: string;
  page: number;
}

export type StationQueryResult =
  | { ok: true; query: StationQuery }
  | { ok: false; message: string; errors: Record<string, FieldError> };

function text(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : null;
}

/** Checks ?search= and ?page=; each problem gets a field error under its parameter's name. */
export function parseStationQuery(raw: Readonly<Record<string, unknown>>): StationQueryResult {
  const errors: Record<string, FieldError> = {};
  const messages: string[] = [];

  const search = (text(raw.search) ?? '').trim();
  if (search.length > STATION_SEARCH_MAX || search.includes('\0')) {
    const message = `search must be at most ${STATION_SEARCH_MAX} characters of text.`;
    errors.search = { code: 'validation_invalid_search', message };
    messages.push(message);
  }

  const pageText = (text(raw.page) ?? '').trim();
  let page = 1;
  if (pageText !== '') {
    page = /^\d{1,7}$/.test(pageText) ? Number(pageText) : Number.NaN;
    if (!(page >= 1 && page <= STATION_MAX_PAGE)) {
      const message = `page must be a whole number from 1 to ${STATION_MAX_PAGE}.`;
      errors.page = { code: 'validation_invalid_page', message };
      messages.push(message);
    }
  }

  if (messages.length > 0) return { ok: false, message: messages.join(' '), errors };
  return { ok: true, query: { search, page } };
}
