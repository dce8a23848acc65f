// Stations as viewers find them (GET /api/v1/stations, GET /api/v1/stations/:key) and the
// organization block of the guide API: what a guest may know of an organization, nothing more.

/** Stations one page of GET /api/v1/stations holds. */
export const STATIONS_PER_PAGE = 12;

/** Longest search text GET /api/v1/stations accepts. */
export const STATION_SEARCH_MAX = 100;

/** Highest page GET /api/v1/stations serves (keeps the OFFSET bounded). */
export const STATION_MAX_PAGE = 1000;

/** The accent colour an organization's branding may carry: "#rrggbb". */
export const ACCENT_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * An organization as its public pages show it. `logo` is a file name, fetched by anyone at
 * /api/files/organizations/{id}/{logo} ("" when none); `accentColor` is "#rrggbb" or "".
 */
export interface PublicStation {
  id: string;
  slug: string;
  name: string;
  timeZone: string;
  logo: string;
  accentColor: string;
  /**
   * The channel (id) the station's bare /watch opens, when it chose one that is public and on
   * air (not archived); absent or '' for the channel on now. Sent by GET /api/v1/stations/:key.
   */
  landingChannel?: string;
}

/** Body of GET /api/v1/stations?search=&page=: public stations by name, one page at a time. */
export interface StationList {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: PublicStation[];
}

/** The accent colour of an organization's `branding` JSON, or "" when it has none or a bad one. */
export function accentColorOf(branding: unknown): string {
  let value = branding;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return '';
    }
  }
  if (typeof value !== 'object' || value === null) return '';
  const color = (value as Record<string, unknown>).accentColor;
  return typeof color === 'string' && ACCENT_COLOR_PATTERN.test(color) ? color.toLowerCase() : '';
}
