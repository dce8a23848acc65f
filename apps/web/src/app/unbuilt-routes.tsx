import { messages } from '../i18n/messages';
import type { AppRoute } from './app-route';
import { placeholder } from './placeholder';

const t = messages();

/** The areas PRODUCT.md names that are not built yet: a page saying so, in the app's frame. */
export const unbuiltRoutes: readonly AppRoute[] = [
  {
    path: '/analytics',
    title: t.routes.analytics,
    area: 'analytics',
    element: placeholder(t.routes.analytics, t.routes.viewsWatchTimeAndPeak),
  },
];
