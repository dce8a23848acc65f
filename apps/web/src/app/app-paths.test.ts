import { APP_PATHS } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import { routeRules } from './route-rules';
import { appRoutes } from './routes';

// The server answers 404 for a path outside @airgrid/schema's APP_PATHS: a page or a route rule
// missing from that list would be served as "not found" while the app shows it.
describe('APP_PATHS', () => {
  it('is exactly the route table and the route rules', () => {
    const routed = [
      ...appRoutes.map((route) => route.path),
      ...routeRules.map((rule) => rule.path),
    ];
    expect([...routed].sort()).toEqual([...APP_PATHS].sort());
  });
});
