import type { PublicStation } from '@airgrid/schema';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useMatches } from 'react-router';
import { appConfigQuery } from '../../lib/app-config';
import { useAuth } from '../../lib/use-auth';
import { stationQueries } from './queries';
import { resolveStation, type StationSource } from './station-model';
import { stationPageOf } from './station-path';

export interface PublicStationState {
  /** The station the page shows; null while it loads, or when none is known or found. */
  station: PublicStation | null;
  /** True until it is known whether (and which) station the page shows. */
  isPending: boolean;
  /** What named the station; null when nothing does (the page offers the station picker). */
  source: StationSource | null;
  /** The id or slug looked up, when one was. */
  key: string | null;
  /** A station was named but none has that id or slug (or it is archived). */
  notFound: boolean;
  /** Why the lookup failed, when it failed for another reason than "no such station". */
  error: Error | null;
}

/** The deepest matched route's params: a layout sees the page's `:org` and `:channel` too. */
function useLeafParams(): Record<string, string | undefined> {
  const matches = useMatches();
  return matches[matches.length - 1]?.params ?? {};
}

/**
 * The organization a public page (guide, watch, multiview, landing) belongs to, from, in
 * order: the `/o/:org/...` path; `?organization=` (legacy links); the organization of the
 * channel a legacy `/watch/:channel` names; the signed-in member's organization; the
 * deployment's only public station (app-config). `source` is null when none of them names a
 * station: the page then shows `<StationPicker />`. Works in layouts as well as pages.
 */
export function usePublicStation(): PublicStationState {
  const params = useLeafParams();
  const { pathname, search } = useLocation();
  const { user } = useAuth();
  const own = typeof user?.organization === 'string' ? user.organization : '';
  const pathStation = params.org;
  const linkStation = new URLSearchParams(search).get('organization');
  const legacyChannel =
    !pathStation && !linkStation && stationPageOf(pathname) === 'watch'
      ? (params.channel ?? '')
      : '';

  const channelStation = useQuery({
    ...stationQueries.channelStation(legacyChannel, own),
    enabled: legacyChannel !== '',
  });
  // The only public station is the last resort: asked for only when nothing else names one.
  const needsConfig = !pathStation && !linkStation && own === '' && !channelStation.data;
  const config = useQuery({ ...appConfigQuery, enabled: needsConfig });

  const waiting =
    (legacyChannel !== '' && channelStation.isPending) || (needsConfig && config.isPending);
  const resolved = waiting
    ? null
    : resolveStation({
        pathStation,
        linkStation,
        channelStation: channelStation.data,
        ownStation: own,
        singleStation: config.data?.publicOrganization,
      });

  const lookup = useQuery({
    ...stationQueries.one(resolved?.key ?? ''),
    enabled: resolved !== null,
  });

  if (waiting) {
    return {
      station: null,
      isPending: true,
      source: null,
      key: null,
      notFound: false,
      error: null,
    };
  }
  if (!resolved) {
    return {
      station: null,
      isPending: false,
      source: null,
      key: null,
      notFound: false,
      error: null,
    };
  }
  const status = (lookup.error as { status?: number } | null)?.status;
  return {
    station: lookup.data ?? null,
    isPending: lookup.isPending,
    source: resolved.source,
    key: resolved.key,
    notFound: status === 404,
    error: lookup.error && status !== 404 ? lookup.error : null,
  };
}

/**
 * The signed-in member's own station (its name, logo and accent for the app's header), or
 * null when signed out, without an organization, or while it loads.
 */
export function useOwnStation(): PublicStation | null {
  const { isSignedIn, user } = useAuth();
  const own = isSignedIn && typeof user?.organization === 'string' ? user.organization : '';
  const station = useQuery({ ...stationQueries.one(own), enabled: own !== '' });
  return own !== '' ? (station.data ?? null) : null;
}
