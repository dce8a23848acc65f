import { expect, type Locator, type Page } from '@playwright/test';

/** The TV guide (/tvguide), driven the way a viewer uses it. */
export class TvGuidePage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/tvguide${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'TV guide' })).toBeVisible();
  }

  grid(): Locator {
    return this.page.getByRole('grid', { name: /^TV guide for / });
  }

  /** The channel names down the grid's sticky column. */
  channelHeaders(): Locator {
    return this.grid().getByRole('rowheader');
  }

  channelRow(name: string): Locator {
    return this.grid()
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name }) });
  }

  /** Every programme block rendered (the grid renders only those near the view). */
  programmes(): Locator {
    return this.grid().locator('[data-programme-id]');
  }

  programmesOf(channelName: string): Locator {
    return this.channelRow(channelName)
      .getByRole('gridcell')
      .and(this.page.locator('[data-programme-id]'));
  }

  /** The programmes ringed as airing now. */
  airing(): Locator {
    return this.grid().locator('[data-programme-id][data-airing]');
  }

  nowLine(): Locator {
    return this.page.getByTestId('guide-now-line');
  }

  /** The grid's one tab stop. */
  tabStop(): Locator {
    return this.grid().locator('[data-programme-id][tabindex="0"]');
  }

  /** The element that has the keyboard focus, as the guide's data attributes name it. */
  async focused(): Promise<{ programme: string; channel: string; label: string } | null> {
    return this.page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element?.dataset.programmeId) return null;
      return {
        programme: element.dataset.programmeId,
        channel: element.dataset.channelId ?? '',
        label: element.getAttribute('aria-label') ?? '',
      };
    });
  }

  details(): Locator {
    return this.page.getByRole('dialog');
  }

  async nextDay(): Promise<void> {
    await this.page.getByRole('button', { name: 'Next day' }).click();
  }

  async previousDay(): Promise<void> {
    await this.page.getByRole('button', { name: 'Previous day' }).click();
  }

  dateInput(): Locator {
    return this.page.getByLabel('Date');
  }

  /** Picks channels in the filter, typing each name and choosing it from the list. */
  async filterChannels(...names: string[]): Promise<void> {
    const input = this.page.getByRole('combobox', { name: 'Channels' });
    for (const name of names) {
      await input.click();
      await input.fill(name);
      await this.page.getByRole('option', { name: new RegExp(name) }).click();
    }
    await this.page.keyboard.press('Escape');
  }

  async clearFilter(): Promise<void> {
    const input = this.page.getByRole('combobox', { name: 'Channels' });
    await input.click();
    for (let i = 0; i < 10; i++) await input.press('Backspace');
    await this.page.keyboard.press('Escape');
  }
}
