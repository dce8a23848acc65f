import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const EquipmentPage = lazyPage(
  () => import('./equipment-page'),
  (module) => module.EquipmentPage,
);

/** The pages of features/equipment/ (app/routes.tsx merges every area's). */
export const equipmentRoutes: readonly AppRoute[] = [
  {
    path: '/equipment',
    title: t.routes.equipment,
    area: 'equipment',
    element: <EquipmentPage />,
  },
];
