import { expect, type Locator, type Page } from '@playwright/test';

/** /integrations: the feeds card's addresses, their buttons and the apps' instructions. */
export class IntegrationsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/integrations');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  }

  feeds(): Locator {
    return this.page.getByRole('region', { name: 'Feeds' });
  }

  /** The read-only box holding a feed's address, by the feed's label ("XMLTV guide"). */
  address(label: string): Locator {
    return this.feeds().getByRole('textbox', { name: `${label} URL`, exact: true });
  }

  /** Every address the card shows, in order. */
  async addresses(): Promise<string[]> {
    const boxes = await this.feeds().getByRole('textbox').all();
    return Promise.all(boxes.map((box) => box.inputValue()));
  }

  copyButton(label: string): Locator {
    return this.feeds().getByRole('button', { name: `Copy the ${label} URL`, exact: true });
  }

  copiedButton(label: string): Locator {
    return this.feeds().getByRole('button', { name: `Copied the ${label} URL`, exact: true });
  }

  openLink(label: string): Locator {
    return this.feeds().getByRole('link', { name: `Open the ${label} URL`, exact: true });
  }

  /** An app's instructions, collapsed until its name is clicked. */
  instructions(app: string): Locator {
    return this.feeds().getByRole('button', { name: app, exact: true });
  }
}
