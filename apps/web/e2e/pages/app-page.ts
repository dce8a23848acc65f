import type { Locator, Page } from '@playwright/test';

export type LayoutName = 'default' | 'public' | 'auth' | 'onboarding' | 'watch' | 'bare';

/** Any page of the app: navigation, its main heading, and which layout wraps it. */
export class AppPage {
  constructor(readonly page: Page) {}

  /** Opens a path relative to the configured baseURL. */
  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }

  /** The page's main (level-one) heading. */
  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The root element of a layout, marked with `data-testid="layout-{name}"`. */
  layout(name: LayoutName): Locator {
    return this.page.getByTestId(`layout-${name}`);
  }

  /** The 404/500 page, present only when something went wrong. */
  errorPage(): Locator {
    return this.page.getByTestId('error-page');
  }

  /** The `<html>` element, which carries Mantine's `data-mantine-color-scheme`. */
  root(): Locator {
    return this.page.locator('html');
  }
}
