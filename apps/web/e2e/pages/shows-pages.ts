import type { Locator, Page } from '@playwright/test';

/** The show form's fields, as a person fills them in (only those given are touched). */
export interface ShowFields {
  title?: string;
  subtitle?: string;
  description?: string;
  category?: string;
  duration?: string;
}

/** /shows and /shows/:show, driven through their visible labels. */
export class ShowsPages {
  constructor(readonly page: Page) {}

  async openList(): Promise<void> {
    await this.page.goto('/shows');
  }

  /** The list's table. */
  table(): Locator {
    return this.page.getByRole('table', { name: 'Shows' });
  }

  /** The list's row of a show, found by its title link. */
  row(title: string): Locator {
    return this.table()
      .getByRole('row')
      .filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }

  /** The list's cards, which stand for the table on a phone. */
  cards(): Locator {
    return this.page.getByRole('list', { name: 'Shows' });
  }

  /** A show's card on a phone, found by its title link. */
  card(title: string): Locator {
    return this.cards()
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }

  /** The open dialog (New show, Edit, a confirmation or the CSV importer). */
  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async fill(fields: ShowFields): Promise<void> {
    const dialog = this.dialog();
    if (fields.title !== undefined) await dialog.getByLabel(/^Title/).fill(fields.title);
    if (fields.subtitle !== undefined) await dialog.getByLabel(/^Subtitle/).fill(fields.subtitle);
    if (fields.description !== undefined)
      await dialog.getByLabel(/^Description/).fill(fields.description);
    if (fields.category !== undefined) await dialog.getByLabel(/^Category/).fill(fields.category);
    if (fields.duration !== undefined) await dialog.getByLabel('Slot length').fill(fields.duration);
  }

  async createShow(fields: ShowFields): Promise<void> {
    await this.page.getByRole('button', { name: 'New show' }).click();
    await this.fill(fields);
    await this.dialog().getByRole('button', { name: 'Create show' }).click();
  }

  async edit(title: string, fields: ShowFields): Promise<void> {
    await this.page.getByRole('button', { name: `Edit ${title}` }).click();
    await this.fill(fields);
    await this.dialog().getByRole('button', { name: 'Save show' }).click();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Search shows' }).fill(text);
  }

  /** A section card of the show page by its heading. */
  section(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }
}
