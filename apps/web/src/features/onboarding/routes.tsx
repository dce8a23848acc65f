import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const OnboardingPage = lazyPage(
  () => import('./onboarding-page'),
  (module) => module.OnboardingPage,
);

/** The pages of features/onboarding/ (app/routes.tsx merges every area's). */
export const onboardingRoutes: readonly AppRoute[] = [
  {
    path: '/onboarding',
    title: t.routes.getStarted,
    area: 'onboarding',
    element: <OnboardingPage />,
  },
];
