import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SubmissionRecord, SubmissionStatusView } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { client, createMember, failure, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// Show submissions through the API (issue 20; SQLite and PostgreSQL): the public form with
// its defences, the private status link, staff told in the app, the review into a show, and
// who sees what.

let server: TestServer;
let station: Awaited<ReturnType<typeof signUpOwner>>;
let slug: string;

beforeAll(async () => {
  server = await startTestServer();
  station = await signUpOwner(server, { name: 'Riverside Community TV' });
  slug = String(station.organization.slug);
});

afterAll(async () => {
  await server?.stop();
});

interface Submitted {
  id: string;
  status: string;
  statusUrl: string;
}

const form = (overrides: Record<string, unknown> = {}) => ({
  station: slug,
  title: 'River Voices',
  description: 'Stories from the river towns.',
  category: 'Documentary',
  durationSec: 1740,
  mediaUrl: 'https://video.example.org/river-voices',
  submitterName: 'Ana Producer',
  submitterEmail: 'ana@example.org',
  licenceAccepted: true,
  policyAccepted: true,
  ...overrides,
});
const submit = (pb: PocketBase, body: Record<string, unknown>) =>
  pb.send<Submitted>('/api/v1/submissions', { method: 'POST', body });
const review = (pb: PocketBase, id: string, body: Record<string, unknown>) =>
  pb.send<SubmissionRecord>(`/api/v1/submissions/${id}/review`, { method: 'POST', body });
const statusOf = (url: string) =>
  client(server).send<SubmissionStatusView>(
    `/api/v1/submissions/status/${url.split('/').at(-1)}`,
    {},
  );
const field = (refusal: { data: Record<string, unknown> }, name: string) =>
  (refusal.data[name] ?? {}) as { code?: string; message?: string };

/** The mails sent to `to` so far (they go out in the background, as .eml files). */
async function mailsTo(to: string, count: number): Promise<string[]> {
  const folder = path.join(server.dataDir, 'mail');
  return vi.waitFor(
    () => {
      const mails = readdirSync(folder)
        .filter((file) => file.endsWith('.eml'))
        .sort()
        .map((file) => readFileSync(path.join(folder, file), 'utf8'))
        .filter((eml) => eml.includes(`To: ${to}\r\n`));
      if (mails.length < count) throw new Error(`expected ${count} mails to ${to}`);
      return mails;
    },
    { timeout: 10_000, interval: 25 },
  );
}

describe('show submissions', () => {
  it('come from anyone through the form, with a private status link by mail', async () => {
    const sent = await submit(client(server), form());
    expect(sent.status).toBe('pending');
    expect(sent.statusUrl).toMatch(/\/submission\/status\/[A-Za-z0-9_-]{32}$/);
    const [mail] = await mailsTo('ana@example.org', 1);
    expect(mail).toContain('Riverside Community TV received your show “River Voices”');
    expect(mail).toContain(sent.statusUrl);
    expect(await statusOf(sent.statusUrl)).toMatchObject({
      title: 'River Voices',
      station: 'Riverside Community TV',
      status: 'pending',
      reviewNote: '',
    });
    // Staff hear of it in the app.
    const told = await station.pb
      .collection('notifications')
      .getFirstListItem('title = "New submission: “River Voices”"');
    expect(told).toMatchObject({ type: 'task', path: `/shows/submissions?submission=${sent.id}` });
    // The token never leaves in a record.
    const record = await station.pb.collection('submissions').getOne(sent.id);
    expect(record).not.toHaveProperty('statusToken');
  });

  it('say what is missing, and keep robots out without telling them', async () => {
    const refused = await failure(
      submit(client(server), form({ licenceAccepted: false, mediaUrl: '', submitterEmail: 'x' })),
    );
    expect(refused.status).toBe(400);
    expect(field(refused, 'licenceAccepted').message).toBe(
      'Accept the station’s licence to submit your show.',
    );
    expect(field(refused, 'mediaUrl').code).toBe('validation_required');
    const badEmail = await failure(
      submit(client(server), form({ submitterEmail: 'not-an-email' })),
    );
    expect(field(badEmail, 'submitterEmail').code).toBe('validation_is_email');
    const unknown = await failure(submit(client(server), form({ station: 'no-such-station' })));
    expect(unknown.status).toBe(404);

    const robot = await submit(
      client(server),
      form({ title: 'Cheap pills', website: 'http://spam' }),
    );
    expect(robot.status).toBe('pending');
    const all = await station.pb.collection('submissions').getFullList<SubmissionRecord>();
    expect(all.map(({ title }) => title)).not.toContain('Cheap pills');
    expect(
      (await failure(statusOf('https://x/submission/status/zzzzzzzzzzzzzzzzzzzzzzzz'))).status,
    ).toBe(404);
  });

  it('are approved into a show ready to schedule, and the submitter told', async () => {
    const producer = await createMember(server, station.organization.id, 'producer');
    // A member signed in submits as themselves, and sees their own.
    const sent = await submit(
      producer.pb,
      form({ title: 'Youth Voices', submitterName: '', submitterEmail: '' }),
    );
    const mine = await producer.pb.collection('submissions').getFullList<SubmissionRecord>();
    expect(mine.map(({ title }) => title)).toEqual(['Youth Voices']);
    expect(mine[0]).toMatchObject({
      submitter: producer.record.id,
      submitterEmail: producer.email,
    });

    // Only staff review.
    expect((await failure(review(producer.pb, sent.id, { decision: 'approve' }))).status).toBe(403);
    const noNote = await failure(review(station.pb, sent.id, { decision: 'reject' }));
    expect(field(noNote, 'note').message).toBe(
      'Write a note for the submitter: it is mailed to them.',
    );

    const changes = await review(station.pb, sent.id, {
      decision: 'changes',
      note: 'Please add captions.',
    });
    expect(changes.status).toBe('changes');
    const approved = await review(station.pb, sent.id, { decision: 'approve', note: 'Thank you!' });
    expect(approved).toMatchObject({ status: 'approved', reviewNote: 'Thank you!' });
    const show = await station.pb.collection('shows').getOne(approved.show);
    expect(show).toMatchObject({
      title: 'Youth Voices',
      description: 'Stories from the river towns.',
      category: 'Documentary',
      durationSec: 1740,
      mediaUrl: 'https://video.example.org/river-voices',
      producer: producer.record.id,
      status: 'ready',
    });
    const mails = await mailsTo(producer.email, 3);
    expect(mails.at(-1)).toContain('“Youth Voices” was approved');
    expect(await statusOf(sent.statusUrl)).toMatchObject({
      status: 'approved',
      reviewNote: 'Thank you!',
    });
    // Decided is decided.
    const again = await failure(review(station.pb, sent.id, { decision: 'reject', note: 'No' }));
    expect(again.message).toBe('This submission was already approved.');
  });

  it('are seen by staff and their own submitter only', async () => {
    const viewer = await createMember(server, station.organization.id, 'viewer');
    expect(await viewer.pb.collection('submissions').getFullList()).toEqual([]);
    const other = await signUpOwner(server);
    expect(await other.pb.collection('submissions').getFullList()).toEqual([]);
    const [one] = await station.pb.collection('submissions').getFullList<SubmissionRecord>();
    expect((await failure(review(other.pb, String(one?.id), { decision: 'approve' }))).status).toBe(
      404,
    );
  });

  it('from one address are limited to five an hour', async () => {
    // Two went through above from this address; three more may.
    for (let index = 0; index < 3; index += 1)
      await submit(client(server), form({ title: `Episode ${index}` }));
    const limited = await failure(submit(client(server), form({ title: 'One too many' })));
    expect(limited.status).toBe(429);
    expect(limited.message).toBe('Too many submissions from your address: try again in an hour.');
  });
});
