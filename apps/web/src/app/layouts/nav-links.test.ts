import { describe, expect, it } from 'vitest';
import { NotBuiltYet } from '../../ui/not-built-yet';
import { appRoutes } from '../routes';
import { navSections } from './nav-links';

describe('the sidebar', () => {
  it('marks "Soon" exactly the areas whose page is not built yet', () => {
    const placeholders = new Set(
      appRoutes.filter((route) => route.element.type === NotBuiltYet).map((route) => route.path),
    );
    for (const { path, soon } of navSections.flatMap((section) => section.links)) {
      expect(soon === true, path).toBe(placeholders.has(path as never));
    }
  });
});
