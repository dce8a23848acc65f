import { expect, type Locator, type Page } from '@playwright/test';

/** The channel form's fields, as a person fills them in (only those given are touched). */
export interface ChannelFields {
  name?: string;
  slug?: string;
  number?: string;
  /** The Source choice, by its label. */
  source?: 'Stream URL' | 'Airgrid playout' | 'Test pattern';
  /** The playout profile, by its label (e.g. "1080p, 25 fps"); shown for Airgrid playout. */
  playoutProfile?: string;
  streamUrl?: string;
}

/** /channels and /channels/:channel, driven through their visible labels. */
export class ChannelsPages {
  constructor(readonly page: Page) {}

  async openList(): Promise<void> {
    await this.page.goto('/channels');
  }

  /** The list's table. */
  table(): Locator {
    return this.page.getByRole('table', { name: 'Channels' });
  }

  /** The list's row of a channel, found by its slug. */
  row(slug: string): Locator {
    return this.table().locator(`tr[data-channel="${slug}"]`);
  }

  /** The collections panel beside the page. */
  panel(): Locator {
    return this.page.getByRole('complementary', { name: 'Collections' });
  }

  /** The open channel form (New channel or Edit). */
  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async fill(fields: ChannelFields): Promise<void> {
    const dialog = this.dialog();
    if (fields.name !== undefined) await dialog.getByLabel(/^Channel name/).fill(fields.name);
    if (fields.slug !== undefined) await dialog.getByLabel(/^Slug/).fill(fields.slug);
    if (fields.number !== undefined) await dialog.getByLabel(/^Channel number/).fill(fields.number);
    if (fields.source !== undefined)
      await dialog.getByRole('radio', { name: fields.source }).check();
    if (fields.playoutProfile !== undefined) {
      await dialog.getByRole('combobox', { name: /^Playout profile/ }).click();
      await this.page.getByRole('option', { name: fields.playoutProfile, exact: true }).click();
    }
    // A text box: the Source choice "Stream URL" is a radio of the same name.
    if (fields.streamUrl !== undefined)
      await dialog.getByRole('textbox', { name: /^Stream URL/ }).fill(fields.streamUrl);
  }

  async startNewChannel(fields: ChannelFields): Promise<void> {
    await this.page.getByRole('button', { name: 'New channel' }).click();
    await this.fill(fields);
    await this.dialog().getByRole('button', { name: 'Create channel' }).click();
  }

  async edit(name: string, fields: ChannelFields): Promise<void> {
    await this.page.getByRole('button', { name: `Edit ${name}` }).click();
    await this.fill(fields);
    await this.dialog().getByRole('button', { name: 'Save channel' }).click();
  }

  /** Archive or Restore from the list, confirmed in the dialog. */
  async archiveOrRestore(action: 'Archive' | 'Restore', name: string): Promise<void> {
    await this.page.getByRole('button', { name: `${action} ${name}` }).click();
    await this.dialog().getByRole('button', { name: action, exact: true }).click();
    // Until the confirmation has faded out, its overlay takes the clicks meant for the page.
    await expect(this.dialog()).toBeHidden();
  }

  async showArchived(on: boolean): Promise<void> {
    const toggle = this.page.getByRole('switch', { name: 'Show archived' });
    if ((await toggle.isChecked()) !== on) await toggle.click({ force: true });
    await expect(toggle).toBeChecked({ checked: on });
  }

  /** A section card of the channel page by its heading. */
  section(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }

  /** The filler card's list, in the rotation's order. */
  fillerList(): Locator {
    return this.section('Filler').getByRole('list', { name: 'Filler rotation' });
  }

  /** Adds a show to the filler rotation through the card's searchable select. */
  async addFiller(title: string): Promise<void> {
    const select = this.section('Filler').getByRole('combobox', { name: 'Add a show' });
    await select.click();
    await select.fill(title.slice(0, 4));
    await this.page.getByRole('option', { name: title, exact: true }).click();
    await expect(this.fillerList()).toContainText(title);
  }
}
