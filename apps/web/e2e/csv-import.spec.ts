import type { Locator, Page } from '@playwright/test';
import PocketBase from 'pocketbase';
import { DEMO, expect, openAsOwner, signInAsDemo, test } from './support/fixtures';
import { unique } from './support/members';

const DURATION_ERROR = 'must be a number of minutes, such as 30, 0:30 or 1:30:00';

/** A CSV file as the browser's file chooser would hand it over. */
const csvFile = (name: string, text: string, mimeType = 'text/csv') => ({
  name,
  mimeType,
  buffer: Buffer.from(text, 'utf8'),
});

/** The csv-upload modal, driven the way a person uses it. */
class CsvImportModal {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    target = 'shows',
  ) {
    this.dialog = page.getByRole('dialog', { name: `Import ${target} from CSV` });
  }

  async choose(file: ReturnType<typeof csvFile>): Promise<void> {
    await this.dialog.locator('input[type="file"]').setInputFiles(file);
  }

  /** The CSV column chosen for a field, as its select shows it. */
  field(label: string): Locator {
    return this.dialog.getByRole('combobox', { name: label, exact: true });
  }

  progress(): Locator {
    return this.dialog.getByRole('progressbar', { name: 'Import progress' });
  }

  rowErrors(): Locator {
    return this.dialog.getByRole('list', { name: 'Row errors' }).getByRole('listitem');
  }

  button(name: string | RegExp): Locator {
    return this.dialog.getByRole('button', { name, exact: typeof name === 'string' });
  }

  async shot(name: string): Promise<void> {
    await this.page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  }
}

/** Shows whose title contains `text`, read with the SDK as the demo user. */
async function showsTitled(baseURL: string, text: string) {
  const pb = new PocketBase(baseURL);
  await pb.collection('users').authWithPassword(DEMO.email, DEMO.password);
  const shows = await pb.collection('shows').getFullList({
    filter: pb.filter('title ~ {:text}', { text }),
    sort: 'title',
  });
  return { shows, organization: pb.authStore.record?.organization as string };
}

async function openImport(
  page: Page,
  path = '/shows#upload-csv',
  target = 'shows',
): Promise<CsvImportModal> {
  await signInAsDemo(page);
  await page.goto(path);
  const modal = new CsvImportModal(page, target);
  await expect(modal.dialog).toBeVisible();
  return modal;
}

test.describe('csv-upload modal', () => {
  test('maps columns, shows row errors, and imports a fixed file in one go', async ({
    page,
    baseURL,
  }) => {
    const id = unique();
    const modal = await openImport(page);
    await expect(modal.dialog.getByText('Download a template')).toBeVisible();
    await modal.shot('1-choose-file');

    const rows = [
      ['Tonight', 'The evening news.', '30', '1'],
      ['Coffee', 'Morning talk.', '1:00', '1'],
      ['Council', 'City council, live.', '1:30:00', '2'],
      ['Garden', 'How to grow tomatoes.', '0:28', '1'],
      ['Choir', 'The school choir.', '45', '3'],
      ['Story time', 'Picture books.', 'half an hour', '1'],
    ];
    const bad = ['Show name,Synopsis,Length,Season,Notes']
      .concat(
        rows.map(
          ([title, text, length, season]) => `${id} ${title},"${text}",${length},${season},`,
        ),
      )
      .join('\n');
    await modal.choose(csvFile('catalogue.csv', bad));

    // Columns: matched by name, whatever the spreadsheet called them.
    await expect(modal.field('Title')).toHaveValue('Show name');
    await expect(modal.field('Description')).toHaveValue('Synopsis');
    await expect(modal.field('Duration')).toHaveValue('Length');
    await expect(modal.field('Season')).toHaveValue('Season');
    await expect(modal.field('Subtitle')).toHaveValue('Not imported');
    await expect(modal.dialog.getByText('Not imported from your file: Notes.')).toBeVisible();
    await modal.shot('2-columns');
    await modal.button('Preview').click();

    // Preview: the bad row is named by its spreadsheet row, and nothing can be imported.
    await expect(modal.rowErrors()).toHaveText([`Row 7, Duration: ${DURATION_ERROR}`]);
    await expect(modal.dialog.getByText('5 ready')).toBeVisible();
    await expect(modal.dialog.getByText('1 with errors')).toBeVisible();
    await expect(modal.dialog.locator('tr[data-invalid]')).toHaveCount(1);
    await expect(modal.dialog.locator('tr[data-invalid] td').first()).toHaveText('7');
    await expect(modal.button('Import 5 shows')).toBeDisabled();
    // Durations are rounded up to whole 15-minute steps.
    await expect(modal.dialog.getByRole('cell', { name: '1 h 30 min' })).toBeVisible();
    await modal.shot('3-preview-with-errors');

    // Fix the file and choose it again.
    await modal.button('Choose another file').click();
    const good = bad.replace('half an hour', '30');
    await modal.choose(csvFile('catalogue-fixed.csv', good));
    await expect(modal.field('Title')).toHaveValue('Show name');
    await modal.button('Preview').click();
    await expect(modal.dialog.getByText('6 ready')).toBeVisible();
    await expect(modal.rowErrors()).toHaveCount(0);
    await modal.shot('4-preview-ready');

    // Hold the import a moment so the progress bar can be seen while the server works.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let requests = 0;
    await page.route('**/api/v1/import/shows', async (route) => {
      requests++;
      await held;
      await route.continue();
    });
    await modal.button('Import 6 shows').click();
    await expect(modal.progress()).toHaveAttribute('aria-valuenow', '60');
    await expect(modal.dialog.getByText('Saving 6 shows…')).toBeVisible();
    // The modal stays open while the rows are on their way.
    await expect(modal.dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await modal.shot('5-importing');
    release();

    await expect(modal.dialog.getByRole('status')).toHaveText('Imported 6 shows.');
    await expect(modal.progress()).toHaveAttribute('aria-valuenow', '100');
    expect(requests).toBe(1);
    await modal.shot('6-imported');

    const { shows, organization } = await showsTitled(baseURL ?? '', id);
    expect(shows.map((show) => [show.title, show.durationSec, show.season])).toEqual([
      [`${id} Choir`, 2700, 3],
      [`${id} Coffee`, 3600, 1],
      [`${id} Council`, 5400, 2],
      [`${id} Garden`, 1800, 1],
      [`${id} Story time`, 1800, 1],
      [`${id} Tonight`, 1800, 1],
    ]);
    for (const show of shows) {
      expect(show.organization).toBe(organization);
      expect(show.status).toBe('ready');
    }
    expect(shows.find((show) => show.title === `${id} Council`)?.description).toBe(
      'City council, live.',
    );

    await modal.button('Done').click();
    await expect(modal.dialog).toBeHidden();
    expect(page.url()).not.toContain('#');
    expect(new URL(page.url()).pathname).toBe('/shows');
  });

  test('refuses a file that is not CSV, an empty one and one too long, saying why', async ({
    page,
  }) => {
    const modal = await openImport(page, '/shows?import=shows#upload-csv');

    await modal.choose(csvFile('logo.png', 'not really a picture', 'image/png'));
    await expect(
      modal.dialog.getByText(
        '"logo.png" is not a CSV file. Save your spreadsheet as CSV (comma-separated values) and choose that file.',
      ),
    ).toBeVisible();
    await modal.shot('refused-type');

    await modal.choose(csvFile('empty.csv', ''));
    await expect(modal.dialog.getByText('"empty.csv" is empty.')).toBeVisible();

    await modal.choose(csvFile('header-only.csv', 'Title,Duration\n'));
    await expect(
      modal.dialog.getByText('This file has a header row but no shows below it.'),
    ).toBeVisible();

    const long = ['Title', ...Array.from({ length: 5001 }, (_, i) => `Show ${i}`)].join('\n');
    await modal.choose(csvFile('long.csv', long));
    await expect(
      modal.dialog.getByText(
        'This file has 5001 rows; you can import up to 5000 shows at a time. Split it into smaller files.',
      ),
    ).toBeVisible();

    // Escape closes it and clears the hash, keeping the path and query.
    await page.keyboard.press('Escape');
    await expect(modal.dialog).toBeHidden();
    expect(page.url()).not.toContain('#');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/shows?import=shows');

    // Setting the hash again opens it on the spot; Cancel closes it the same way.
    await page.goto('/shows#upload-csv');
    await expect(modal.dialog).toBeVisible();
    await modal.button('Cancel').click();
    await expect(modal.dialog).toBeHidden();
    expect(page.url()).not.toContain('#');

    // A link naming an import that does not exist says which ones do.
    await page.goto('/shows?import=ads#upload-csv');
    const unknown = page.getByRole('dialog', { name: 'Import from CSV' });
    await expect(unknown.getByRole('alert')).toHaveText(
      'There is no CSV import for "ads". You can import: shows, timeslots, as-run-log.',
    );
  });

  test('a row the server refuses imports nothing and is named by its row', async ({
    page,
    baseURL,
  }) => {
    const id = unique();
    const modal = await openImport(page);
    const text = ['Title,Duration', `${id} One,30`, `${id} Two,30`, `${id} Three,30`].join('\n');
    await modal.choose(csvFile('three.csv', text));
    await modal.button('Preview').click();
    await expect(modal.dialog.getByText('3 ready')).toBeVisible();

    // The third row leaves the browser valid, then becomes one the server must refuse: the
    // real server checks every row in one transaction and rolls back the two it had created.
    await page.route('**/api/v1/import/shows', async (route) => {
      const body = route.request().postDataBuffer()?.toString('utf8') ?? '';
      await route.continue({
        postData: body.replace(`"title":"${id} Three"`, `"title":"${'x'.repeat(201)}"`),
      });
    });
    await modal.button('Import 3 shows').click();

    await expect(modal.dialog.getByRole('alert')).toContainText(
      'Nothing was imported: the server refused the rows below.',
    );
    await expect(modal.rowErrors()).toHaveText([
      'Row 4, Title: must be no more than 200 character(s)',
    ]);
    await expect(modal.progress()).toHaveAttribute('aria-valuenow', '60');
    await modal.shot('server-refused');
    expect((await showsTitled(baseURL ?? '', id)).shows).toEqual([]);

    // The X in the modal's header (the footer's Close comes after it).
    await modal.dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(modal.dialog).toBeHidden();
    expect(page.url()).not.toContain('#');
  });

  test('imports a week of timeslots by channel and show name, refusing a double booking', async ({
    page,
    station,
  }) => {
    test.setTimeout(60_000);
    // A station of its own, so the demo organization's channels stay as other tests expect.
    await openAsOwner(page, station);
    const { pb } = station;
    const organization = String(station.organization?.id);
    // The channel is named after the station, so its name is unique to this run.
    const id = station.id;
    const channel = await pb
      .collection('channels')
      .update(String(station.channel?.id), { name: `Import ${id}`, timeZone: 'America/New_York' });
    await pb
      .collection('shows')
      .create({ organization, title: `${id} Council`, durationSec: 5400 });
    await pb.collection('shows').create({ organization, title: `${id} News`, durationSec: 1800 });

    await page.goto('/timeslots#upload-csv');
    const modal = new CsvImportModal(page, 'timeslots');
    await expect(modal.dialog).toBeVisible();
    const header = 'Channel,Show,Start,Duration';
    const rows = [
      `Import ${id},${id} Council,12/7/2026 7:00 PM,`,
      `Import ${id},${id} News,2026-12-07 20:00,30`,
      `Import ${id},${id} News,2026-12-08 18:00,`,
    ];
    // The second row starts before the first ends: the server names the collision.
    await modal.choose(csvFile('week.csv', [header, ...rows].join('\n')));
    await modal.button('Preview').click();
    await expect(modal.dialog.getByText('3 ready')).toBeVisible();
    await modal.button('Import 3 timeslots').click();
    await expect(modal.rowErrors()).toHaveText([
      `Row 3, Start: overlaps "${id} Council" on Import ${id} from 19:00 to 20:30 (America/New_York)`,
    ]);
    await modal.shot('timeslots-refused');
    expect(
      (await pb.collection('timeslots').getFullList({ filter: `channel = "${channel.id}"` }))
        .length,
    ).toBe(0);

    await modal.button('Choose another file').click();
    rows[1] = `Import ${id},${id} News,2026-12-07 20:30,30`;
    await modal.choose(csvFile('week-fixed.csv', [header, ...rows].join('\n')));
    await modal.button('Preview').click();
    await modal.button('Import 3 timeslots').click();
    await expect(modal.dialog.getByRole('status')).toHaveText('Imported 3 timeslots.');
    const saved = await pb
      .collection('timeslots')
      .getFullList({ filter: `channel = "${channel.id}"`, sort: 'start' });
    expect(saved.map((slot) => [slot.start, slot.durationSec, slot.source])).toEqual([
      ['2026-12-08 00:00:00.000Z', 5400, 'import'],
      ['2026-12-08 01:30:00.000Z', 1800, 'import'],
      ['2026-12-08 23:00:00.000Z', 1800, 'import'],
    ]);
  });
});
