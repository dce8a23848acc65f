import { type RouteObject, redirect } from 'react-router';
import { adsRoutes } from '../features/ads/routes';
import { analyticsRoutes } from '../features/analytics/routes';
import { apiDocsRoutes } from '../features/api-docs/routes';
import { archiveRoutes } from '../features/archive/routes';
import { authRoutes } from '../features/auth/routes';
import { campaignsRoutes } from '../features/campaigns/routes';
import { captionsRoutes } from '../features/captions/routes';
import { channelsRoutes } from '../features/channels/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { debugRoutes } from '../features/debug/routes';
import { embedsRoutes } from '../features/embeds/routes';
import { equipmentRoutes } from '../features/equipment/routes';
import { landingRoutes } from '../features/landing/routes';
import { legalRoutes } from '../features/legal/routes';
import { membersRoutes } from '../features/members/routes';
import { onboardingRoutes } from '../features/onboarding/routes';
import { operatorRoutes } from '../features/operator/routes';
import { organizationRoutes } from '../features/organization/routes';
import { podcastsRoutes } from '../features/podcasts/routes';
import { settingsRoutes } from '../features/settings/routes';
import { showsRoutes } from '../features/shows/routes';
import { submissionRoutes } from '../features/submissions/routes';
import { timeslotsRoutes } from '../features/timeslots/routes';
import { tvguideRoutes } from '../features/tvguide/routes';
import { waitlistRoutes } from '../features/waitlist/routes';
import { watchRoutes } from '../features/watch/routes';
import { messages } from '../i18n/messages';
import type { AppRoute, RouteHandle } from './app-route';
import { integrationsRoutes } from './integrations-routes';
import { NotFoundPage } from './not-found-page';
import { accessForArea } from './route-access';
import { RouteGuard } from './route-guard';
import { type RouteRule, resolveRedirect, routeRules } from './route-rules';

// Each area exports its pages (features/<area>/routes.tsx): this file only merges them. The
// public pages a viewer lands on (the landing page, the guide, the watch page) are static
// imports of their areas' routes, in the main chunk: they render without a second round trip.
// Every other page loads its own chunk when first shown (see lazy-page.ts).

/** Every route of PRODUCT.md. */
export const appRoutes: readonly AppRoute[] = [
  ...landingRoutes,
  ...authRoutes,
  ...waitlistRoutes,
  ...onboardingRoutes,
  ...dashboardRoutes,
  ...channelsRoutes,
  ...showsRoutes,
  ...timeslotsRoutes,
  ...tvguideRoutes,
  ...watchRoutes,
  ...podcastsRoutes,
  ...submissionRoutes,
  ...embedsRoutes,
  ...captionsRoutes,
  ...membersRoutes,
  ...organizationRoutes,
  ...equipmentRoutes,
  ...adsRoutes,
  ...campaignsRoutes,
  ...analyticsRoutes,
  ...integrationsRoutes,
  ...settingsRoutes,
  ...archiveRoutes,
  ...legalRoutes,
  ...apiDocsRoutes,
  ...operatorRoutes,
  ...debugRoutes,
];

/** The app's routes as React Router objects, ending with the 404 catch-all. */
export function toRouteObjects(
  routes: readonly AppRoute[],
  rules: readonly RouteRule[] = routeRules,
): RouteObject[] {
  const t = messages();
  const notFound: RouteHandle = { title: t.routes.pageNotFound, area: null, notFound: true };
  const redirecting: RouteHandle = { title: t.routes.redirecting, area: null };
  return [
    ...routes.map(({ path, title, area, element }) => {
      const handle: RouteHandle = { title, area };
      const access = accessForArea(area);
      return {
        path,
        element: access === 'public' ? element : <RouteGuard access={access}>{element}</RouteGuard>,
        handle,
      };
    }),
    // A refused rule throws, and the page's error boundary shows why.
    ...rules.map((rule) => ({
      path: rule.path,
      handle: redirecting,
      loader: ({ request }: { request: Request }) => {
        const target = resolveRedirect(rule, new URL(request.url).search);
        return redirect(target.kind === 'app' ? target.to : target.url);
      },
    })),
    { path: '*', element: <NotFoundPage />, handle: notFound },
  ];
}
