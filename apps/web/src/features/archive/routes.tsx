import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const ArchivePage = lazyPage(
  () => import('./archive-page'),
  (module) => module.ArchivePage,
);
const ArchiveSettingsPage = lazyPage(
  () => import('./archive-settings-page'),
  (module) => module.ArchiveSettingsPage,
);

/** The pages of features/archive/ (app/routes.tsx merges every area's). */
export const archiveRoutes: readonly AppRoute[] = [
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
];
