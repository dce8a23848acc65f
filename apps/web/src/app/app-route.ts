import type { AppPath } from '@airgrid/schema';
import type { ReactElement } from 'react';

/** The product areas of PRODUCT.md; each owns a folder under `src/features/`. */
export type AreaId =
  | 'landing'
  | 'auth'
  | 'onboarding'
  | 'dashboard'
  | 'channels'
  | 'shows'
  | 'timeslots'
  | 'tvguide'
  | 'watch'
  | 'multiview'
  | 'embeds'
  | 'ads'
  | 'campaigns'
  | 'captions'
  | 'podcasts'
  | 'listen'
  | 'analytics'
  | 'members'
  | 'organization'
  | 'equipment'
  | 'integrations'
  | 'submission'
  | 'api-docs'
  | 'profile'
  | 'settings'
  | 'archive'
  | 'legal'
  | 'operator'
  | 'debug';

/** One page of the app. Building an area means replacing its `element`. */
export interface AppRoute {
  /**
   * React Router path pattern, e.g. `/channels/:channel`: one of @airgrid/schema's APP_PATHS,
   * which the server reads to answer 404 for any other path.
   */
  path: AppPath;
  /** The page title: its heading, and the browser tab as `{title} · Airgrid TV`. */
  title: string;
  area: AreaId;
  element: ReactElement;
}

/** What every matched route carries in `handle`, read by the app root (`useMatches`). */
export interface RouteHandle {
  title: string;
  area: AreaId | null;
  /** The catch-all route: the 404 page renders in the default layout. */
  notFound?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value;
}
