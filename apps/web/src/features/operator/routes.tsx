import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const OperatorConsolePage = lazyPage(
  () => import('./operator-console-page'),
  (module) => module.OperatorConsolePage,
);
const OperatorLoginPage = lazyPage(
  () => import('./operator-login-page'),
  (module) => module.OperatorLoginPage,
);

/** The pages of features/operator/ (app/routes.tsx merges every area's): superusers only. */
export const operatorRoutes: readonly AppRoute[] = [
  {
    path: '/operator',
    title: t.routes.operatorConsole,
    area: 'operator',
    element: <OperatorConsolePage />,
  },
  {
    path: '/operator/login',
    title: t.routes.operatorSignIn,
    // Public, like the other sign-in pages; its frame is the console's (layout-for-path.ts).
    area: 'auth',
    element: <OperatorLoginPage />,
  },
];
