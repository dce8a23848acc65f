import PocketBase from 'pocketbase';
import { expect, openAsOwner, type Station, test } from './support/fixtures';
import { testClip } from './support/media';

// The review queue (issue 20, item 2): what producers send arrives in the shows area; staff
// watch it, check its file, ask for changes or reject with a note, approve it into the
// catalogue and schedule it from there.

/** A guest sends the form through the API (the form's own browser test is submission.spec). */
async function submit(baseURL: string, station: Station, fields: Record<string, unknown>) {
  const guest = new PocketBase(baseURL);
  return guest.send<{ id: string; statusUrl: string; upload?: { token: string } }>(
    '/api/v1/submissions',
    {
      method: 'POST',
      body: {
        station: String(station.organization?.slug),
        submitterName: 'Maya Ortiz',
        submitterEmail: `maya-${station.id}@example.org`,
        licenceAccepted: true,
        policyAccepted: true,
        ...fields,
      },
    },
  );
}

/** Sends a file submission's bytes with tus, in one request, as the guest's token allows. */
async function sendFile(baseURL: string, id: string, token: string, bytes: Buffer) {
  const headers = { 'Tus-Resumable': '1.0.0', 'X-Upload-Token': token };
  const encode = (value: string) => Buffer.from(value).toString('base64');
  const created = await fetch(`${baseURL}/api/v1/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': [
        `collection ${encode('submissions')}`,
        `record ${encode(id)}`,
        `field ${encode('media')}`,
        `filename ${encode('harbor.mp4')}`,
        `filetype ${encode('video/mp4')}`,
      ].join(','),
    },
  });
  expect(created.status).toBe(201);
  const location = new URL(String(created.headers.get('location')), baseURL).href;
  const sent = await fetch(location, {
    method: 'PATCH',
    headers: {
      ...headers,
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  expect(sent.status).toBe(204);
}

test('staff review submissions: a file previewed with its facts, a note required, approved and scheduled', async ({
  page,
  station,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = String(baseURL);
  await submit(base, station, {
    title: 'Youth Voices: Episode 4',
    description: 'Teens from the east side talk about the new library.',
    category: 'Community',
    durationSec: 1680,
    mediaUrl: 'https://video.example.org/youth-voices-4',
  });
  const clip = testClip();
  const withFile = await submit(base, station, {
    title: 'Harbor Lights',
    submitterName: 'Bo Ellis',
    file: { name: 'harbor.mp4', size: clip.length, type: 'video/mp4' },
  });
  await sendFile(base, withFile.id, String(withFile.upload?.token), clip);

  // Staff hear of it in the app, and the shows page says how many wait.
  await openAsOwner(page, station, '/shows');
  const button = page.getByRole('link', { name: 'Submissions (2 waiting)' });
  await expect(button).toBeVisible();
  await button.click();
  await expect(page).toHaveURL(/\/shows\/submissions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Submissions' })).toBeVisible();

  // The oldest first: the link, then the file with what was read of it.
  const review = page.getByRole('region', { name: 'Youth Voices: Episode 4' });
  await expect(review.getByRole('link', { name: /video\.example\.org/ })).toBeVisible();
  await page.getByRole('listitem').filter({ hasText: 'Harbor Lights' }).click();
  const harbor = page.getByRole('region', { name: 'Harbor Lights' });
  await expect(harbor.getByLabel('Preview of Harbor Lights')).toBeVisible();
  await expect(harbor.getByText(/320×240 H264 · AAC/)).toBeVisible({ timeout: 20_000 });
  await expect(harbor.getByText(/LUFS integrated, true peak/)).toBeVisible();

  // Rejecting or sending back needs a note for the producer.
  await harbor.getByRole('button', { name: 'Request changes' }).click();
  await expect(
    harbor.getByText('Write a note for the producer: it is mailed to them with your decision.'),
  ).toBeVisible();
  await harbor.getByLabel('Note to the producer').fill('Please trim the black at the start.');
  await harbor.getByRole('button', { name: 'Request changes' }).click();
  await expect(page.getByText('Changes requested for “Harbor Lights”')).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Harbor Lights' }).getByText('Changes requested'),
  ).toBeVisible();

  // Approve the other: a ready show, scheduled from the queue.
  await page.getByRole('listitem').filter({ hasText: 'Youth Voices' }).click();
  await review.getByRole('button', { name: 'Approve' }).click();
  const approved = page.getByRole('alert').filter({
    hasText: '“Youth Voices: Episode 4” approved: it is in the catalogue, ready to schedule',
  });
  await expect(approved).toBeVisible();
  // The toast offers the next step at once.
  await expect(approved.getByRole('button', { name: 'Schedule it' })).toBeVisible();
  // It leaves the waiting list; the approved view holds it with its next steps.
  await expect(page.getByRole('listitem').filter({ hasText: 'Youth Voices' })).toBeHidden();
  await page.getByText('Approved', { exact: true }).first().click();
  await expect(review.getByRole('link', { name: 'Schedule it' })).toBeVisible();
  const [show] = await station.pb
    .collection('shows')
    .getFullList({ filter: 'title = "Youth Voices: Episode 4"' });
  expect(show).toMatchObject({ status: 'ready', category: 'Community', durationSec: 1680 });

  await review.getByRole('link', { name: 'Schedule it' }).click();
  const form = page.getByRole('dialog', { name: 'New timeslot' });
  await expect(form).toBeVisible();
  // The show is chosen, its 28 minutes rounded up to half an hour.
  await expect(form.getByLabel('Show')).toHaveValue(String(show?.id));
  await expect(form.getByLabel('Duration (minutes)')).toHaveValue('30');
  await form.getByLabel('Start time').selectOption({ label: '8:00 PM' });
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(/Youth Voices: Episode 4 scheduled/)).toBeVisible();
  const slots = await station.pb
    .collection('timeslots')
    .getFullList({ filter: `show = "${show?.id}"` });
  expect(slots).toHaveLength(1);
});
