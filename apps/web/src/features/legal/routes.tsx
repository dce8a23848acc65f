import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const PrivacyPage = lazyPage(
  () => import('./privacy-page'),
  (module) => module.PrivacyPage,
);
const TermsPage = lazyPage(
  () => import('./terms-page'),
  (module) => module.TermsPage,
);

/** The pages of features/legal/ (app/routes.tsx merges every area's). */
export const legalRoutes: readonly AppRoute[] = [
  { path: '/privacy', title: t.routes.privacyPolicy, area: 'legal', element: <PrivacyPage /> },
  { path: '/terms', title: t.routes.termsOfUse, area: 'legal', element: <TermsPage /> },
];
