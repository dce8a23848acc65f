import type { AppPath } from '@airgrid/schema';
import type { ReactElement } from 'react';
import { Navigate, type RouteObject, redirect } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { TvGuidePage } from '../features/tvguide/tvguide-page';
import { WatchPage } from '../features/watch/watch-page';
import { messages } from '../i18n/messages';
import { NotBuiltYet } from '../ui/not-built-yet';
import { PRODUCT_NAME } from './document-title';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './not-found-page';
import { accessForArea } from './route-access';
import { RouteGuard } from './route-guard';
import { type RouteRule, resolveRedirect, routeRules } from './route-rules';

const t = messages();

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
const PodcastsPage = lazyPage(
  () => import('../features/podcasts/podcasts-page'),
  (module) => module.PodcastsPage,
);
const PodcastPage = lazyPage(
  () => import('../features/podcasts/podcast-page'),
  (module) => module.PodcastPage,
);
const PublicPodcastPage = lazyPage(
  () => import('../features/podcasts/public-podcast-page'),
  (module) => module.PublicPodcastPage,
);
const CaptionsPage = lazyPage(
  () => import('../features/captions/captions-page'),
  (module) => module.CaptionsPage,
);
const CueEditorPage = lazyPage(
  () => import('../features/captions/cue-editor-page'),
  (module) => module.CueEditorPage,
);
const EquipmentPage = lazyPage(
  () => import('../features/equipment/equipment-page'),
  (module) => module.EquipmentPage,
);
const IntegrationsPage = lazyPage(
  () => import('../features/integrations/integrations-page'),
  (module) => module.IntegrationsPage,
);
const OrganizationPage = lazyPage(
  () => import('../features/organization/organization-page'),
  (module) => module.OrganizationPage,
);
const SubmissionPage = lazyPage(
  () => import('../features/submission/submission-page'),
  (module) => module.SubmissionPage,
);
const SubmissionStatusPage = lazyPage(
  () => import('../features/submission/submission-status-page'),
  (module) => module.SubmissionStatusPage,
);
const ShowPage = lazyPage(
  () => import('../features/shows/show-page'),
  (module) => module.ShowPage,
);
const ShowsPage = lazyPage(
  () => import('../features/shows/shows-page'),
  (module) => module.ShowsPage,
);
const SubmissionsPage = lazyPage(
  () => import('../features/shows/submissions-page'),
  (module) => module.SubmissionsPage,
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

function placeholder(title: string, summary: string): ReactElement {
  return <NotBuiltYet title={title} summary={summary} />;
}

/** Every route of PRODUCT.md, in its order. */
export const appRoutes: readonly AppRoute[] = [
  { path: '/', title: PRODUCT_NAME, area: 'landing', element: <LandingPage /> },
  {
    path: '/auth/login',
    title: t.routes.signIn,
    area: 'auth',
    element: <LoginPage />,
  },
  {
    path: '/auth/signup',
    title: t.routes.createAnAccount,
    area: 'auth',
    element: <SignupPage />,
  },
  {
    path: '/auth/waitlist',
    title: t.routes.joinTheWaitlist,
    area: 'auth',
    element: <WaitlistPage />,
  },
  {
    path: '/auth/forgot-password',
    title: t.routes.resetYourPassword,
    area: 'auth',
    element: <ForgotPasswordPage />,
  },
  {
    path: '/auth/reset-password',
    title: t.routes.chooseANewPassword,
    area: 'auth',
    element: <ResetPasswordPage />,
  },
  {
    path: '/auth/verify-email',
    title: t.routes.verifyYourEmail,
    area: 'auth',
    element: <VerifyEmailPage />,
  },
  {
    path: '/auth/confirm-email-change',
    title: t.routes.confirmYourNewEmail,
    area: 'auth',
    element: <ConfirmEmailChangePage />,
  },
  {
    path: '/onboarding',
    title: t.routes.getStarted,
    area: 'onboarding',
    element: <OnboardingPage />,
  },
  {
    path: '/dashboard',
    title: t.routes.dashboard,
    area: 'dashboard',
    element: <DashboardPage />,
  },
  {
    path: '/channels',
    title: t.routes.channels,
    area: 'channels',
    element: <ChannelsPage />,
  },
  {
    path: '/channels/:channel',
    title: t.routes.channel,
    area: 'channels',
    element: <ChannelPage />,
  },
  {
    path: '/shows',
    title: t.routes.shows,
    area: 'shows',
    element: <ShowsPage />,
  },
  {
    path: '/shows/submissions',
    title: t.routes.submissions,
    area: 'shows',
    element: <SubmissionsPage />,
  },
  {
    path: '/shows/:show',
    title: t.routes.show,
    area: 'shows',
    element: <ShowPage />,
  },
  {
    path: '/timeslots',
    title: t.routes.timeslots,
    area: 'timeslots',
    element: <TimeslotsPage />,
  },
  {
    path: '/tvguide',
    title: t.routes.tvGuide,
    area: 'tvguide',
    element: <TvGuidePage />,
  },
  {
    path: '/watch',
    title: t.routes.watch,
    area: 'watch',
    element: <WatchPage />,
  },
  {
    path: '/watch/:channel',
    title: t.routes.watch,
    area: 'watch',
    element: <WatchPage />,
  },
  {
    path: '/multiview',
    title: t.routes.multiview,
    area: 'multiview',
    element: <MultiviewPage />,
  },
  // A station's public, shareable URLs (docs/decisions/0017-public-station-urls.md).
  {
    path: '/o/:org',
    title: t.routes.tvGuide,
    area: 'tvguide',
    element: <Navigate to="tvguide" replace />,
  },
  {
    path: '/o/:org/tvguide',
    title: t.routes.tvGuide,
    area: 'tvguide',
    element: <TvGuidePage />,
  },
  {
    path: '/o/:org/watch',
    title: t.routes.watch,
    area: 'watch',
    element: <WatchPage />,
  },
  {
    path: '/o/:org/watch/:channel',
    title: t.routes.watch,
    area: 'watch',
    element: <WatchPage />,
  },
  {
    path: '/o/:org/podcasts/:podcast',
    title: t.routes.podcast,
    area: 'listen',
    element: <PublicPodcastPage />,
  },
  {
    path: '/o/:org/multiview',
    title: t.routes.multiview,
    area: 'multiview',
    element: <MultiviewPage />,
  },
  {
    path: '/o/:org/submission',
    title: t.routes.submitAShow,
    area: 'submission',
    element: <SubmissionPage />,
  },
  {
    path: '/embeds',
    title: t.routes.embeds,
    area: 'embeds',
    element: <EmbedsPage />,
  },
  {
    path: '/ads',
    title: t.routes.ads,
    area: 'ads',
    element: placeholder(t.routes.ads, t.routes.theSpotLibraryMediaDuration),
  },
  {
    path: '/campaigns',
    title: t.routes.campaigns,
    area: 'campaigns',
    element: placeholder(t.routes.campaigns, t.routes.campaignsWithFlightDatesChannels),
  },
  {
    path: '/captions',
    title: t.routes.captions,
    area: 'captions',
    element: <CaptionsPage />,
  },
  {
    path: '/captions/:track',
    title: t.routes.captions,
    area: 'captions',
    element: <CueEditorPage />,
  },
  {
    path: '/podcasts',
    title: t.routes.podcasts,
    area: 'podcasts',
    element: <PodcastsPage />,
  },
  {
    path: '/podcasts/:podcast',
    title: t.routes.podcast,
    area: 'podcasts',
    element: <PodcastPage />,
  },
  {
    path: '/analytics',
    title: t.routes.analytics,
    area: 'analytics',
    element: placeholder(t.routes.analytics, t.routes.viewsWatchTimeAndPeak),
  },
  {
    path: '/members',
    title: t.routes.members,
    area: 'members',
    element: <MembersPage />,
  },
  {
    path: '/members/:member',
    title: t.routes.member,
    area: 'members',
    element: <MemberPage />,
  },
  {
    path: '/organization',
    title: t.routes.organization,
    area: 'organization',
    element: <OrganizationPage />,
  },
  {
    path: '/equipment',
    title: t.routes.equipment,
    area: 'equipment',
    element: <EquipmentPage />,
  },
  {
    path: '/integrations',
    title: t.routes.integrations,
    area: 'integrations',
    element: <IntegrationsPage />,
  },
  {
    path: '/submission',
    title: t.routes.submitAShow,
    area: 'submission',
    element: <SubmissionPage />,
  },
  {
    path: '/submission/status/:token',
    title: t.routes.submissionStatus,
    area: 'submission',
    element: <SubmissionStatusPage />,
  },
  {
    path: '/api-docs',
    title: t.routes.apiDocs,
    area: 'api-docs',
    element: placeholder(t.routes.apiDocs, t.routes.theApiReferenceGeneratedFrom),
  },
  {
    path: '/api-docs/:endpoint',
    title: t.routes.apiEndpoint,
    area: 'api-docs',
    element: placeholder(t.routes.apiEndpoint, t.routes.oneEndpointSParametersWith),
  },
  {
    path: '/profile',
    title: t.routes.profile,
    area: 'profile',
    element: <ProfilePage />,
  },
  {
    path: '/settings',
    title: t.routes.settings,
    area: 'settings',
    element: <SettingsPage />,
  },
  {
    path: '/settings/:section',
    title: t.routes.settings,
    area: 'settings',
    element: <SettingsPage />,
  },
  {
    path: '/archive/organization',
    title: t.routes.archive,
    area: 'archive',
    element: <ArchivePage />,
  },
  {
    path: '/archive/settings',
    title: t.routes.archiveSettings,
    area: 'archive',
    element: <ArchiveSettingsPage />,
  },
  { path: '/privacy', title: t.routes.privacyPolicy, area: 'legal', element: <PrivacyPage /> },
  { path: '/terms', title: t.routes.termsOfUse, area: 'legal', element: <TermsPage /> },
  {
    path: '/debug/playground',
    title: t.routes.componentPlayground,
    area: 'debug',
    element: placeholder(t.routes.componentPlayground, t.routes.aGalleryOfTheApp),
  },
  {
    path: '/debug/static',
    title: t.routes.staticAssets,
    area: 'debug',
    element: placeholder(t.routes.staticAssets, t.routes.aCheckThatTheStatic),
  },
  {
    path: '/views/BasicChartView',
    title: t.routes.timelineChart,
    area: 'debug',
    element: <BasicChartView />,
  },
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
