import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const SubmissionPage = lazyPage(
  () => import('./submission-page'),
  (module) => module.SubmissionPage,
);
const SubmissionStatusPage = lazyPage(
  () => import('./submission-status-page'),
  (module) => module.SubmissionStatusPage,
);

/** The pages of features/submission/ (app/routes.tsx merges every area's). */
export const submissionRoutes: readonly AppRoute[] = [
  {
    path: '/o/:org/submission',
    title: t.routes.submitAShow,
    area: 'submission',
    element: <SubmissionPage />,
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
];
