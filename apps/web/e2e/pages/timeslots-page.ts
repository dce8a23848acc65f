import { expect, type Locator, type Page } from '@playwright/test';

/** The scheduling workspace (/timeslots), driven the way an editor uses it. */
export class TimeslotsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/timeslots');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Timeslots' })).toBeVisible();
  }

  track(channelId: string): Locator {
    return this.page.locator(`[data-track][data-row-id="${channelId}"]`);
  }

  bar(timeslotId: string): Locator {
    return this.page.locator(`[data-bar-id="${timeslotId}"]`);
  }

  barsOf(channelId: string): Locator {
    return this.track(channelId).locator('[data-bar-id]');
  }

  /** A channel's break marks at the foot of its row (shown with the Breaks switch). */
  marksOf(channelId: string): Locator {
    return this.track(channelId).locator('[data-mark-id]');
  }

  /** The toolbar's Breaks switch. */
  breaksSwitch(): Locator {
    return this.page.getByRole('switch', { name: 'Breaks' });
  }

  showItem(title: string): Locator {
    return this.page
      .getByRole('list', { name: 'Shows to schedule' })
      .getByRole('listitem')
      .filter({ has: this.page.getByText(title, { exact: true }) });
  }

  /** The shows drawer ("Shows" in the toolbar opens it). */
  showsDrawer(): Locator {
    return this.page.getByRole('dialog', { name: 'Shows' });
  }

  /** Opens the shows drawer, unless it is open already. */
  async openShows(): Promise<void> {
    if (await this.showsDrawer().isVisible()) return;
    await this.page.getByRole('button', { name: 'Shows', exact: true }).click();
    await expect(this.showsDrawer()).toBeVisible();
  }

  /** Closes the shows drawer with Escape, as a keyboard user would. */
  async closeShows(): Promise<void> {
    await this.showsDrawer().press('Escape');
    await expect(this.showsDrawer()).toBeHidden();
  }

  /**
   * Drags a show from the shows drawer (opened if needed) onto a channel, at `fraction` of the
   * part of its track on screen and not under the drawer (the chart opens scrolled to now).
   */
  async dropShow(title: string, channelId: string, fraction: number): Promise<void> {
    await this.openShows();
    const track = this.track(channelId);
    const box = await track.boundingBox();
    const chart = await this.page.getByRole('region', { name: 'Schedule' }).boundingBox();
    const drawer = await this.showsDrawer().boundingBox();
    if (!box || !chart || !drawer) throw new Error('The channel has no track on screen.');
    const left = Math.max(box.x, chart.x);
    const right = Math.min(box.x + box.width, chart.x + chart.width, drawer.x);
    await this.showItem(title).dragTo(track, {
      targetPosition: { x: left - box.x + (right - left) * fraction, y: box.height / 2 },
    });
  }

  /** Presses on a bar's middle, moves it by `minutes` (in steps, like a hand), releases. */
  async dragBar(timeslotId: string, minutes: number, barMinutes: number): Promise<void> {
    const bar = this.bar(timeslotId);
    await bar.scrollIntoViewIfNeeded();
    const box = await bar.boundingBox();
    if (!box) throw new Error(`Timeslot ${timeslotId} is not on screen.`);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + (minutes * box.width) / barMinutes, y, { steps: 12 });
    await this.page.mouse.up();
  }

  /** Presses on a bar's right handle, drags it by `minutes` in steps, releases. */
  async resizeBar(timeslotId: string, minutes: number, barMinutes: number): Promise<void> {
    const bar = this.bar(timeslotId);
    await bar.scrollIntoViewIfNeeded();
    const box = await bar.boundingBox();
    const handle = await bar.locator('[data-edge="end"]').boundingBox();
    if (!box || !handle) throw new Error(`Timeslot ${timeslotId} is not on screen.`);
    const x = handle.x + handle.width / 2;
    const y = handle.y + handle.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + (minutes * box.width) / barMinutes, y, { steps: 12 });
    await this.page.mouse.up();
  }

  async setMode(mode: 'Push' | 'No overlap'): Promise<void> {
    await this.page.getByText(mode, { exact: true }).click();
  }

  modal(): Locator {
    return this.page.getByRole('dialog', { name: 'New recurrence' });
  }

  async newWeeklyRecurrence(fields: {
    channel: string;
    show: string;
    date: string;
    time: string;
    minutes: number;
    airings: number;
  }): Promise<void> {
    await this.page.getByRole('button', { name: 'New recurrence' }).click();
    const modal = this.modal();
    await modal.getByLabel('Channel').selectOption({ label: fields.channel });
    await modal.getByLabel('Show').selectOption({ label: fields.show });
    await modal.getByLabel('First airing').fill(fields.date);
    await modal.getByLabel('Starts at').fill(fields.time);
    await modal.getByLabel('Duration (minutes)').fill(String(fields.minutes));
    await modal.getByLabel('Repeat').selectOption({ label: 'Weekly on chosen days' });
    await modal.getByLabel('Ends').selectOption({ label: 'After a number of airings' });
    await modal.getByLabel('Airings').fill(String(fields.airings));
  }
}
