import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const WaitlistPage = lazyPage(
  () => import('./waitlist-page'),
  (module) => module.WaitlistPage,
);

/** The pages of features/waitlist/ (app/routes.tsx merges every area's). */
export const waitlistRoutes: readonly AppRoute[] = [
  {
    path: '/auth/waitlist',
    title: t.routes.joinTheWaitlist,
    // The sign-in pages' frame and access: a public page in the auth layout.
    area: 'auth',
    element: <WaitlistPage />,
  },
];
