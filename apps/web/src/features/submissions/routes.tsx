import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const SubmissionPage = lazyPage(
  () => import('./submission-page'),
  (module) => module.SubmissionPage,
);
const SubmissionsPage = lazyPage(
  () => import('./review-queue-page'),
  (module) => module.SubmissionsPage,
);
const SubmissionStatusPage = lazyPage(
  () => import('./submission-status-page'),
  (module) => module.SubmissionStatusPage,
);

/** The pages of features/submissions/ (app/routes.tsx merges every area's). */
export const submissionRoutes: readonly AppRoute[] = [
  {
    // The staff's review queue, in the shows' part of the app (it makes shows).
    path: '/shows/submissions',
    title: t.routes.submissions,
    area: 'shows',
    element: <SubmissionsPage />,
  },
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
