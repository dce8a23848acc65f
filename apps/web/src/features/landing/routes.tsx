import type { AppRoute } from '../../app/app-route';
import { PRODUCT_NAME } from '../../app/document-title';
import { LandingPage } from './landing-page';

/** The pages of features/landing/ (app/routes.tsx merges every area's). */
export const landingRoutes: readonly AppRoute[] = [
  { path: '/', title: PRODUCT_NAME, area: 'landing', element: <LandingPage /> },
];
