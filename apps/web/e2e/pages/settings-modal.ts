import type { Locator, Page } from '@playwright/test';

/** The global Settings modal, opened from the header's gear button. */
export class SettingsModal {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Settings' });
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Settings', exact: true }).click();
    await this.dialog.waitFor();
  }

  /** One of the modal's cards, by its heading (Profile, Photo, Appearance). */
  card(title: 'Profile' | 'Photo' | 'Appearance'): Locator {
    return this.dialog.getByRole('region', { name: title });
  }

  field(label: string): Locator {
    return this.dialog.getByRole('textbox', { name: label, exact: true });
  }

  /** The photo card's file input (Mantine keeps the real input hidden behind its button). */
  photoInput(): Locator {
    return this.card('Photo').locator('input[type="file"]');
  }

  /** The header's avatar image, present once the user has a photo. */
  headerAvatar(): Locator {
    return this.page.getByRole('button', { name: /Account menu/ }).locator('img');
  }
}
