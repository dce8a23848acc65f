import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import {
  expect,
  openAsOwner,
  type Station,
  seedStation,
  signInBrowser,
  test,
} from './support/fixtures';
import { newestMailTo } from './support/mail';
import { programmeFile, testClip } from './support/media';
import { unique } from './support/members';

// The public submission form (issue 20, item 1): a guest sends a show to a station by its public
// URL, with a link or a file sent in resumable pieces, gets the private status link on the page
// and by mail, and opens it to see the review waiting. The station's own texts are shown to
// accept; a form without the licence accepted is held back with the reason under the box.
// The server keeps five submissions an hour per address (the e2e server turns that off).

const LICENCE = 'You grant the station the right to air your show.\n\nYou keep your copyright.';
const POLICY = 'No advertising.\n\nNo hate speech.';

/** A station taking submissions, seeded through the API; the browser stays a guest. */
async function guestStation(baseURL: string | undefined): Promise<Station> {
  if (!baseURL) throw new Error('The Playwright config sets no baseURL.');
  const station = await seedStation(baseURL);
  await station.pb.collection('organizations').update(String(station.organization?.id), {
    submissionLicence: LICENCE,
    submissionPolicy: POLICY,
  });
  return station;
}

function formUrl(station: Station): string {
  return `/o/${String(station.organization?.slug)}/submission`;
}

/** Fills everything but the show itself and the two acceptances. */
async function fillAboutTheShow(page: Page, title: string, email: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Stories from along the river.');
  await page.getByLabel('Category').fill('Documentary');
  await page.getByLabel('Running time').fill('0:28');
  await page.getByLabel('Language').fill('en');
  await page.getByLabel('Your name').fill('Ada Producer');
  await page.getByLabel('Your email').fill(email);
}

test.describe('public submission form', () => {
  test('a guest sends a link, keeps the status link and sees the review waiting', async ({
    page,
    baseURL,
  }) => {
    const station = await guestStation(baseURL);
    const email = `producer-${unique()}@example.org`;
    await page.goto(formUrl(station));
    await expect(
      page.getByRole('heading', { name: `Submit a show to ${station.organization?.name}` }),
    ).toBeVisible();
    // The station's texts, each in its own box.
    await expect(page.getByRole('region', { name: 'Licence', exact: true })).toContainText(
      'You keep your copyright.',
    );
    await expect(page.getByRole('region', { name: 'Content policy', exact: true })).toContainText(
      'No hate speech.',
    );
    await expectNoSeriousA11yViolations(page, 'the submission form');

    await fillAboutTheShow(page, 'River Stories', email);
    await page.getByRole('radio', { name: 'Give a link' }).check();
    await page.getByLabel('Link to your show').fill('https://example.org/river-stories.mp4');
    await page.getByRole('checkbox', { name: 'I accept the station’s licence' }).check();
    await page
      .getByRole('checkbox', { name: 'My show follows the station’s content policy' })
      .check();
    await page.getByRole('button', { name: 'Submit the show' }).click();

    await expect(page.getByRole('heading', { name: 'Your show is in' })).toBeVisible();
    await expect(
      page.getByText(`We mailed this link to ${email}.`, { exact: false }),
    ).toBeVisible();
    const link = await page.getByRole('textbox', { name: 'Your status link' }).inputValue();
    expect(link).toMatch(/\/submission\/status\/[A-Za-z0-9_-]{20,}$/);
    // The same link is in the mail.
    await expect
      .poll(async () => (await newestMailTo(email))?.body ?? '')
      .toContain(new URL(link).pathname);

    await page.getByRole('link', { name: 'Open the status page' }).click();
    await expect(page.getByRole('heading', { name: 'River Stories' })).toBeVisible();
    await expect(page.getByText(`Submitted to ${station.organization?.name}`)).toBeVisible();
    await expect(page.getByTestId('submission-status')).toHaveText('Waiting for review');
    await expect(page.getByText('has not received your file')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'the submission status page');
  });

  test('the licence must be accepted, and nothing typed is lost', async ({ page, baseURL }) => {
    const station = await guestStation(baseURL);
    await page.goto(formUrl(station));
    await fillAboutTheShow(page, 'Held Back', `producer-${unique()}@example.org`);
    await page.getByRole('radio', { name: 'Give a link' }).check();
    await page.getByLabel('Link to your show').fill('https://example.org/held-back.mp4');
    await page
      .getByRole('checkbox', { name: 'My show follows the station’s content policy' })
      .check();
    await page.getByRole('button', { name: 'Submit the show' }).click();

    await expect(page.getByText('Accept the station’s licence to submit your show.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your show is in' })).toHaveCount(0);
    await expect(page.getByLabel('Title')).toHaveValue('Held Back');
    await expect(page.getByLabel('Link to your show')).toHaveValue(
      'https://example.org/held-back.mp4',
    );
  });

  test('a guest uploads a video file in resumable pieces', async ({ page, baseURL }) => {
    const station = await guestStation(baseURL);
    const email = `producer-${unique()}@example.org`;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'airgrid-submission-')), 'river.mp4');
    writeFileSync(file, testClip({ seconds: 1 }));

    await page.goto(formUrl(station));
    await fillAboutTheShow(page, 'River Stories on File', email);
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('checkbox', { name: 'I accept the station’s licence' }).check();
    await page
      .getByRole('checkbox', { name: 'My show follows the station’s content policy' })
      .check();
    const sent = page.waitForRequest(
      (request) =>
        request.url().includes('/api/v1/uploads') &&
        request.method() === 'POST' &&
        Boolean(request.headers()['x-upload-token']),
    );
    await page.getByRole('button', { name: 'Submit the show' }).click();
    expect((await sent).headers().authorization).toBeUndefined();

    await expect(page.getByRole('heading', { name: 'Your show is in' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('link', { name: 'Open the status page' }).click();
    await expect(page.getByTestId('submission-status')).toHaveText('Waiting for review');
    await expect(page.getByText('has not received your file')).toHaveCount(0);
  });

  test('an upload survives a dropped connection and a pause', async ({ page, baseURL }) => {
    // Slow pieces, a retry and a pause: longer than the default 30 s on a busy machine.
    test.slow();
    const station = await guestStation(baseURL);
    await page.goto(formUrl(station));
    await fillAboutTheShow(page, 'River Stories, Long Cut', `producer-${unique()}@example.org`);
    await page.locator('input[type="file"]').setInputFiles(programmeFile(12));
    await page.getByRole('checkbox', { name: 'I accept the station’s licence' }).check();
    await page
      .getByRole('checkbox', { name: 'My show follows the station’s content policy' })
      .check();
    // Every piece is slow; the first one's connection drops once (tus sends it again).
    let dropped = false;
    await page.route('**/api/v1/uploads/**', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      if (!dropped) {
        dropped = true;
        return route.abort('connectionreset');
      }
      await new Promise((resolve) => setTimeout(resolve, 700));
      return route.continue();
    });
    await page.getByRole('button', { name: 'Submit the show' }).click();
    // The bar is there from the start (at 0 % it has no width to be seen).
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeAttached();
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByText('programme.mp4: paused')).toBeVisible();
    // What was typed stays on the page while the file waits.
    await expect(page.getByLabel('Title')).toHaveValue('River Stories, Long Cut');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByRole('heading', { name: 'Your show is in' })).toBeVisible({
      timeout: 30_000,
    });
  });

  test('a file that never finished uploading is said on the status page', async ({
    page,
    baseURL,
  }) => {
    const station = await guestStation(baseURL);
    // The form announced a file; its upload never started.
    const response = await page.request.post('/api/v1/submissions', {
      data: {
        station: station.organization?.slug,
        title: 'Never Arrived',
        file: { name: 'never.mp4', size: 2048, type: 'video/mp4' },
        submitterName: 'Ada Producer',
        submitterEmail: `producer-${unique()}@example.org`,
        licenceAccepted: true,
        policyAccepted: true,
      },
    });
    expect(response.status()).toBe(201);
    const { statusUrl } = (await response.json()) as { statusUrl: string };
    await page.goto(new URL(statusUrl).pathname);
    await expect(page.getByTestId('submission-status')).toHaveText('Waiting for review');
    await expect(
      page.getByText('The station has not received your file yet', { exact: false }),
    ).toBeVisible();
    // The link lets the file be sent again, without typing the show again.
    await expect(page.getByRole('heading', { name: 'Send your file' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles(programmeFile(1));
    await page.getByRole('button', { name: 'Send your file' }).click();
    await expect(page.getByText('The new version is in')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('The station has not received your file yet')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Send your file' })).toHaveCount(0);
  });

  test('the station asks for changes, and the producer sends a new version from the link', async ({
    page,
    baseURL,
  }) => {
    const station = await guestStation(baseURL);
    const email = `producer-${unique()}@example.org`;
    const response = await page.request.post('/api/v1/submissions', {
      data: {
        station: station.organization?.slug,
        title: 'Harbor Voices',
        description: 'Fishers tell their stories.',
        durationSec: 1800,
        mediaUrl: 'https://files.example.org/harbor-voices.mp4',
        submitterName: 'Ada Producer',
        submitterEmail: email,
        licenceAccepted: true,
        policyAccepted: true,
      },
    });
    const { id, statusUrl } = (await response.json()) as { id: string; statusUrl: string };
    await station.pb.send(`/api/v1/submissions/${id}/review`, {
      method: 'POST',
      body: { decision: 'changes', note: 'Please send the file itself, and trim the credits.' },
    });
    await expect
      .poll(async () => (await newestMailTo(email))?.headers.subject ?? '')
      .toBe('“Harbor Voices” needs changes');

    await page.goto(new URL(statusUrl).pathname);
    await expect(page.getByTestId('submission-status')).toHaveText('Changes requested');
    await expect(page.getByText('Please send the file itself')).toBeVisible();
    const revision = page.getByRole('form', { name: 'Send a new version' });
    // What was sent, ready to change; the link sent is kept unless another is picked.
    await expect(revision.getByLabel('Title')).toHaveValue('Harbor Voices');
    await expect(revision.getByLabel('Running time')).toHaveValue('30');
    await expect(revision.getByText('https://files.example.org/harbor-voices.mp4')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'a status link asking for a new version');
    await revision.getByLabel('Title').fill('Harbor Voices (short cut)');
    await revision.getByLabel('Running time').fill('');
    await revision.getByRole('radio', { name: 'Upload a new file' }).check();
    // Sent without the file: held back, said under the field.
    await revision.getByRole('button', { name: 'Send the new version' }).click();
    await expect(revision.getByText('Choose the file of your show.')).toBeVisible();
    await revision.locator('input[type="file"]').setInputFiles(programmeFile(2));
    await revision.getByRole('button', { name: 'Send the new version' }).click();
    await expect(page.getByText('The new version is in')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('submission-status')).toHaveText('Waiting for review');
    await expect(page.getByRole('heading', { name: 'Harbor Voices (short cut)' })).toBeVisible();
    await expect(revision).toHaveCount(0);
    await expect
      .poll(async () => (await newestMailTo(email))?.headers.subject ?? '')
      .toMatch(/received the new version of “Harbor Voices \(short cut\)”/);
    // Staff hear of it, and find the file with it.
    const notes = await station.pb.collection('notifications').getFullList({
      filter: 'title ~ "New version"',
    });
    expect(notes.map((note) => note.title)).toEqual(['New version: “Harbor Voices (short cut)”']);
    const saved = await station.pb.collection('submissions').getOne(id);
    expect(saved).toMatchObject({ status: 'pending', awaitingFile: false, durationSec: 0 });
    expect(saved.media).toMatch(/^programme_\w+\.mp4$/);

    // The reviewer meets it with their earlier note shown, and a fresh one to write.
    await signInBrowser(page, station.pb);
    await openAsOwner(page, station, `/shows/submissions?submission=${id}`);
    const review = page.getByRole('region', { name: 'Harbor Voices (short cut)' });
    await expect(review).toContainText(
      'A new version, after your note: Please send the file itself, and trim the credits.',
    );
    await expect(review.getByLabel('Note to the producer')).toHaveValue('');
  });

  test('an unknown status link says so', async ({ page }) => {
    await page.goto(`/submission/status/${'x'.repeat(32)}`);
    await expect(page.getByText('This link is not known')).toBeVisible();
  });
});

test('the owner writes the texts on /organization, and submits as themselves', async ({
  page,
  station,
}) => {
  await openAsOwner(page, station, '/organization');
  const card = page.getByRole('region', { name: 'Submissions' });
  const address = card.getByRole('textbox', { name: 'Your submission form' });
  await expect(address).toHaveValue(new RegExp(`/o/${station.organization?.slug}/submission$`));
  await card.getByLabel('Licence').fill('Our licence, first paragraph.\n\nSecond paragraph.');
  await card.getByLabel('Content policy').fill('Our content policy.');
  await card.getByRole('button', { name: 'Save submission texts' }).click();
  await expect(page.getByText('Submission texts saved')).toBeVisible();

  await page.goto(new URL(await address.inputValue()).pathname);
  await expect(page.getByRole('region', { name: 'Licence', exact: true })).toContainText(
    'Second paragraph.',
  );
  // A member of the station submits as themselves: their name and email, not to be changed.
  await expect(page.getByText(`You are signed in as ${station.name}`)).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveValue(station.name);
  await expect(page.getByLabel('Your email')).toHaveValue(station.email);
  await expect(page.getByLabel('Your email')).toHaveAttribute('readonly', '');
});
