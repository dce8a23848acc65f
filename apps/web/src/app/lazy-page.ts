import { type ComponentType, lazy } from 'react';

/**
 * A page whose code loads the first time it renders, as a chunk of its own: visitors of the
 * public pages (the landing page, the guide, the watch page) download no staff area's code
 * (docs/decisions/0020-fast-public-pages.md). Our pages are named exports, which `React.lazy`
 * cannot take directly, so `pick` names the one the chunk's module provides.
 */
export function lazyPage<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): ComponentType<Props> {
  return lazy(async () => ({ default: pick(await load()) }));
}
