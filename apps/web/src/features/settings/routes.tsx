import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const SettingsPage = lazyPage(
  () => import('./settings-page'),
  (module) => module.SettingsPage,
);

/** The pages of features/settings/ (app/routes.tsx merges every area's). */
export const settingsRoutes: readonly AppRoute[] = [
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
];
