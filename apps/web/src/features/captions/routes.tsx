import type { AppRoute } from '../../app/app-route';
import { lazyPage } from '../../app/lazy-page';
import { messages } from '../../i18n/messages';

const t = messages();

const CaptionsPage = lazyPage(
  () => import('./captions-page'),
  (module) => module.CaptionsPage,
);
const CueEditorPage = lazyPage(
  () => import('./cue-editor-page'),
  (module) => module.CueEditorPage,
);

/** The pages of features/captions/ (app/routes.tsx merges every area's). */
export const captionsRoutes: readonly AppRoute[] = [
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
];
