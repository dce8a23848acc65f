// The public organization URLs (docs/decisions/0017-public-station-urls.md): every page a
// viewer can share names its station in the path, so a link works for anyone, signed in or
// out, on a deployment with one station or many.

/** The public pages a station has. */
export type StationPage = 'tvguide' | 'watch' | 'multiview' | 'submission';

const STATION_PAGES: readonly StationPage[] = ['tvguide', 'watch', 'multiview', 'submission'];

/**
 * The path of a station's public page: `/o/{slug}/tvguide`, `/o/{slug}/watch`,
 * `/o/{slug}/watch/{channel}` (a channel's slug or id), `/o/{slug}/multiview`,
 * `/o/{slug}/submission` (the show submission form). A channel only
 * applies to the watch page. Segments are URL-encoded.
 */
export function stationPath(slug: string, page: StationPage, channel?: string): string {
  const base = `/o/${encodeURIComponent(slug)}/${page}`;
  return page === 'watch' && channel ? `${base}/${encodeURIComponent(channel)}` : base;
}

/** The public page a path shows (`/tvguide`, `/o/x/watch/y` ...), or null for other paths. */
export function stationPageOf(pathname: string): StationPage | null {
  const segments = pathname.split('/').filter(Boolean);
  const page = segments[0] === 'o' ? segments[2] : segments[0];
  return STATION_PAGES.find((candidate) => candidate === page) ?? null;
}

/** The station slug an `/o/{slug}/...` path names, or null. */
export function stationSlugOf(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== 'o' || !segments[1]) return null;
  try {
    return decodeURIComponent(segments[1]);
  } catch {
    return null;
  }
}

/**
 * Where a public page's link goes: the station's own URL when a station is known, else the
 * page itself (which then offers the station picker).
 */
export function publicPagePath(slug: string | null | undefined, page: StationPage): string {
  return slug ? stationPath(slug, page) : `/${page}`;
}

/** Where a station's logo is fetched from (anyone may read it), or null when it has none. */
export function stationLogoUrl(
  station: { id: string; logo: string },
  thumb?: string,
): string | null {
  if (!station.logo) return null;
  const url = `/api/files/organizations/${encodeURIComponent(station.id)}/${encodeURIComponent(station.logo)}`;
  return thumb ? `${url}?thumb=${encodeURIComponent(thumb)}` : url;
}
