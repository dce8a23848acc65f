import type { ReactElement } from 'react';
import { Navigate, type RouteObject, redirect } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { TvGuidePage } from '../features/tvguide/tvguide-page';
import { WatchPage } from '../features/watch/watch-page';
import { NotBuiltYet } from '../ui/not-built-yet';
import { PRODUCT_NAME } from './document-title';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './not-found-page';
import { accessForArea } from './route-access';
import { RouteGuard } from './route-guard';
import { type RouteRule, resolveRedirect, routeRules } from './route-rules';

// Public pages a viewer lands on are in the main chunk: they render without a second round
// trip. Every other page loads its own chunk when first shown (see lazy-page.ts), inside the
// app root's Suspense boundary.
const ConfirmEmailChangePage = lazyPage(
  () => import('../features/auth/confirm-email-change-page'),
  (module) => module.ConfirmEmailChangePage,
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/forgot-password-page'),
  (module) => module.ForgotPasswordPage,
);
const LoginPage = lazyPage(
  () => import('../features/auth/login-page'),
  (module) => module.LoginPage,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/reset-password-page'),
  (module) => module.ResetPasswordPage,
);
const SignupPage = lazyPage(
  () => import('../features/auth/signup-page'),
  (module) => module.SignupPage,
);
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/verify-email-page'),
  (module) => module.VerifyEmailPage,
);
const WaitlistPage = lazyPage(
  () => import('../features/auth/waitlist-page'),
  (module) => module.WaitlistPage,
);
const ChannelPage = lazyPage(
  () => import('../features/channels/channel-page'),
  (module) => module.ChannelPage,
);
const ChannelsPage = lazyPage(
  () => import('../features/channels/channels-page'),
  (module) => module.ChannelsPage,
);
const DashboardPage = lazyPage(
  () => import('../features/dashboard/dashboard-page'),
  (module) => module.DashboardPage,
);
const BasicChartView = lazyPage(
  () => import('../features/debug/basic-chart-view'),
  (module) => module.BasicChartView,
);
const EmbedsPage = lazyPage(
  () => import('../features/embeds/embeds-page'),
  (module) => module.EmbedsPage,
);
const PrivacyPage = lazyPage(
  () => import('../features/legal/privacy-page'),
  (module) => module.PrivacyPage,
);
const TermsPage = lazyPage(
  () => import('../features/legal/terms-page'),
  (module) => module.TermsPage,
);
const OnboardingPage = lazyPage(
  () => import('../features/onboarding/onboarding-page'),
  (module) => module.OnboardingPage,
);
const OrganizationPage = lazyPage(
  () => import('../features/organization/organization-page'),
  (module) => module.OrganizationPage,
);
const ShowPage = lazyPage(
  () => import('../features/shows/show-page'),
  (module) => module.ShowPage,
);
const ShowsPage = lazyPage(
  () => import('../features/shows/shows-page'),
  (module) => module.ShowsPage,
);
const TimeslotsPage = lazyPage(
  () => import('../features/timeslots/timeslots-page'),
  (module) => module.TimeslotsPage,
);
const MembersPage = lazyPage(
  () => import('../features/members/members-page'),
  (module) => module.MembersPage,
);
const MemberPage = lazyPage(
  () => import('../features/members/member-page'),
  (module) => module.MemberPage,
);
const ProfilePage = lazyPage(
  () => import('../features/members/member-page'),
  (module) => module.ProfilePage,
);
const SettingsPage = lazyPage(
  () => import('../features/settings/settings-page'),
  (module) => module.SettingsPage,
);
const ArchivePage = lazyPage(
  () => import('../features/archive/archive-page'),
  (module) => module.ArchivePage,
);
const ArchiveSettingsPage = lazyPage(
  () => import('../features/archive/archive-settings-page'),
  (module) => module.ArchiveSettingsPage,
);
const MultiviewPage = lazyPage(
  () => import('../features/watch/multiview-page'),
  (module) => module.MultiviewPage,
);

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
  | 'debug';

/** One page of the app. Building an area means replacing its `element`. */
export interface AppRoute {
  /** React Router path pattern, e.g. `/channels/:channel`. */
  path: string;
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

function placeholder(title: string, summary: string): ReactElement {
  return <NotBuiltYet title={title} summary={summary} />;
}

/** Every route of PRODUCT.md, in its order. */
export const appRoutes: readonly AppRoute[] = [
  { path: '/', title: PRODUCT_NAME, area: 'landing', element: <LandingPage /> },
  {
    path: '/auth/login',
    title: 'Sign in',
    area: 'auth',
    element: <LoginPage />,
  },
  {
    path: '/auth/signup',
    title: 'Create an account',
    area: 'auth',
    element: <SignupPage />,
  },
  {
    path: '/auth/waitlist',
    title: 'Join the waitlist',
    area: 'auth',
    element: <WaitlistPage />,
  },
  {
    path: '/auth/forgot-password',
    title: 'Reset your password',
    area: 'auth',
    element: <ForgotPasswordPage />,
  },
  {
    path: '/auth/reset-password',
    title: 'Choose a new password',
    area: 'auth',
    element: <ResetPasswordPage />,
  },
  {
    path: '/auth/verify-email',
    title: 'Verify your email',
    area: 'auth',
    element: <VerifyEmailPage />,
  },
  {
    path: '/auth/confirm-email-change',
    title: 'Confirm your new email',
    area: 'auth',
    element: <ConfirmEmailChangePage />,
  },
  {
    path: '/onboarding',
    title: 'Get started',
    area: 'onboarding',
    element: <OnboardingPage />,
  },
  {
    path: '/dashboard',
    title: 'Dashboard',
    area: 'dashboard',
    element: <DashboardPage />,
  },
  {
    path: '/channels',
    title: 'Channels',
    area: 'channels',
    element: <ChannelsPage />,
  },
  {
    path: '/channels/:channel',
    title: 'Channel',
    area: 'channels',
    element: <ChannelPage />,
  },
  {
    path: '/shows',
    title: 'Shows',
    area: 'shows',
    element: <ShowsPage />,
  },
  {
    path: '/shows/:show',
    title: 'Show',
    area: 'shows',
    element: <ShowPage />,
  },
  {
    path: '/timeslots',
    title: 'Timeslots',
    area: 'timeslots',
    element: <TimeslotsPage />,
  },
  {
    path: '/tvguide',
    title: 'TV guide',
    area: 'tvguide',
    element: <TvGuidePage />,
  },
  {
    path: '/watch',
    title: 'Watch',
    area: 'watch',
    element: <WatchPage />,
  },
  {
    path: '/watch/:channel',
    title: 'Watch',
    area: 'watch',
    element: <WatchPage />,
  },
  {
    path: '/multiview',
    title: 'Multiview',
    area: 'multiview',
    element: <MultiviewPage />,
  },
  // A station's public, shareable URLs (docs/decisions/0017-public-station-urls.md).
  {
    path: '/o/:org',
    title: 'TV guide',
    area: 'tvguide',
    element: <Navigate to="tvguide" replace />,
  },
  {
    path: '/o/:org/tvguide',
    title: 'TV guide',
    area: 'tvguide',
    element: <TvGuidePage />,
  },
  {
    path: '/o/:org/watch',
    title: 'Watch',
    area: 'watch',
    element: <WatchPage />,
  },
  {
    path: '/o/:org/watch/:channel',
    title: 'Watch',
    area: 'watch',
    element: <WatchPage />,
  },
  {
    path: '/o/:org/multiview',
    title: 'Multiview',
    area: 'multiview',
    element: <MultiviewPage />,
  },
  {
    path: '/embeds',
    title: 'Embeds',
    area: 'embeds',
    element: <EmbedsPage />,
  },
  {
    path: '/ads',
    title: 'Ads',
    area: 'ads',
    element: placeholder(
      'Ads',
      'The spot library: media, duration and sponsor of each ad (often called underwriting at PEG stations).',
    ),
  },
  {
    path: '/campaigns',
    title: 'Campaigns',
    area: 'campaigns',
    element: placeholder(
      'Campaigns',
      'Campaigns with flight dates, channels, dayparts and frequency caps, placed into breaks, with a proof-of-play report and a CSV affidavit.',
    ),
  },
  {
    path: '/captions',
    title: 'Captions',
    area: 'captions',
    element: placeholder(
      'Captions',
      'Caption tracks per show: upload SRT or VTT, preview them against the media, edit cues, and see coverage per channel and week.',
    ),
  },
  {
    path: '/podcasts',
    title: 'Podcasts',
    area: 'podcasts',
    element: placeholder(
      'Podcasts',
      'Your podcasts and their episodes, each podcast with a valid RSS feed URL.',
    ),
  },
  {
    path: '/podcasts/:podcast',
    title: 'Podcast',
    area: 'podcasts',
    element: placeholder(
      'Podcast',
      "A podcast's episodes (audio, duration, season and episode), its RSS feed URL and transcripts from captions.",
    ),
  },
  {
    path: '/analytics',
    title: 'Analytics',
    area: 'analytics',
    element: placeholder(
      'Analytics',
      'Views, watch time and peak concurrent viewers per channel and show, embed traffic, rerun and never-aired reports and campaign delivery, with CSV export.',
    ),
  },
  {
    path: '/members',
    title: 'Members',
    area: 'members',
    element: <MembersPage />,
  },
  {
    path: '/members/:member',
    title: 'Member',
    area: 'members',
    element: <MemberPage />,
  },
  {
    path: '/organization',
    title: 'Organization',
    area: 'organization',
    element: <OrganizationPage />,
  },
  {
    path: '/equipment',
    title: 'Equipment',
    area: 'equipment',
    element: placeholder(
      'Equipment',
      'The equipment inventory, and reservations on a calendar with conflict checks, check-out and check-in, and the certifications needed to reserve.',
    ),
  },
  {
    path: '/integrations',
    title: 'Integrations',
    area: 'integrations',
    element: placeholder(
      'Integrations',
      'Connect Cablecast, test the connection and sync now; find your XMLTV, M3U and iCal feed URLs; manage API keys.',
    ),
  },
  {
    path: '/submission',
    title: 'Submit a show',
    area: 'submission',
    element: placeholder(
      'Submit a show',
      'A public form for producers to submit a show (title, description, category, file or link) for the station to review.',
    ),
  },
  {
    path: '/api-docs',
    title: 'API docs',
    area: 'api-docs',
    element: placeholder(
      'API docs',
      "The API reference, generated from the server's OpenAPI document, with examples using curl and the JS SDK.",
    ),
  },
  {
    path: '/api-docs/:endpoint',
    title: 'API endpoint',
    area: 'api-docs',
    element: placeholder(
      'API endpoint',
      "One endpoint's parameters, with examples using curl and the JS SDK.",
    ),
  },
  {
    path: '/profile',
    title: 'Profile',
    area: 'profile',
    element: <ProfilePage />,
  },
  {
    path: '/settings',
    title: 'Settings',
    area: 'settings',
    element: <SettingsPage />,
  },
  {
    path: '/settings/:section',
    title: 'Settings',
    area: 'settings',
    element: <SettingsPage />,
  },
  {
    path: '/archive/organization',
    title: 'Archive',
    area: 'archive',
    element: <ArchivePage />,
  },
  {
    path: '/archive/settings',
    title: 'Archive settings',
    area: 'archive',
    element: <ArchiveSettingsPage />,
  },
  { path: '/privacy', title: 'Privacy policy', area: 'legal', element: <PrivacyPage /> },
  { path: '/terms', title: 'Terms of use', area: 'legal', element: <TermsPage /> },
  {
    path: '/debug/playground',
    title: 'Component playground',
    area: 'debug',
    element: placeholder(
      'Component playground',
      "A gallery of the app's components, for developers.",
    ),
  },
  {
    path: '/debug/static',
    title: 'Static assets',
    area: 'debug',
    element: placeholder(
      'Static assets',
      'A check that the static assets of this build are served, for developers.',
    ),
  },
  {
    path: '/views/BasicChartView',
    title: 'Timeline chart',
    area: 'debug',
    element: <BasicChartView />,
  },
];

/** The app's routes as React Router objects, ending with the 404 catch-all. */
export function toRouteObjects(
  routes: readonly AppRoute[],
  rules: readonly RouteRule[] = routeRules,
): RouteObject[] {
  const notFound: RouteHandle = { title: 'Page not found', area: null, notFound: true };
  const redirecting: RouteHandle = { title: 'Redirecting', area: null };
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
