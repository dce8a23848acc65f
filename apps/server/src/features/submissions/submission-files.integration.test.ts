import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type {
  MediaInfo,
  SubmissionFormView,
  SubmissionRecord,
  SubmissionStatusView,
} from '@airgrid/schema';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClip } from '../../../test/media-clips.js';
import { client, failure, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { RecordService } from '../../records/record-service.js';
import { COLLECTION_MODULES } from '../index.js';
import { ABANDONED_AFTER_MS, deleteAbandonedSubmissions } from './submission-sweep.js';
import { SubmissionsRepository } from './submissions-repository.js';

// A submission's show as a file (issue 20; SQLite and PostgreSQL): the form announces it, the
// guest sends it with tus holding the submission's token, it is announced when all is in, read
// for the review queue, and handed to the show an approval makes.

let server: TestServer;
let station: Awaited<ReturnType<typeof signUpOwner>>;
let clip: Buffer;

beforeAll(async () => {
  clip = testClip();
  server = await startTestServer();
  station = await signUpOwner(server, { name: 'Harbor Access TV' });
  await station.pb.collection('organizations').update(station.organization.id, {
    submissionLicence: 'You let Harbor Access TV air your show.',
    submissionPolicy: 'No advertising.',
  });
});

afterAll(async () => {
  await server?.stop();
});

interface Submitted {
  id: string;
  statusUrl: string;
  upload?: { token: string };
}

const form = (overrides: Record<string, unknown> = {}) => ({
  station: String(station.organization.slug),
  title: 'Harbor Lights',
  submitterName: 'Bo Producer',
  submitterEmail: 'bo@example.org',
  licenceAccepted: true,
  policyAccepted: true,
  file: { name: 'harbor.mp4', size: clip.length, type: 'video/mp4' },
  ...overrides,
});
const submit = (body: Record<string, unknown>) =>
  client(server).send<Submitted>('/api/v1/submissions', { method: 'POST', body });
const statusOf = (sent: Submitted) =>
  client(server).send<SubmissionStatusView>(
    `/api/v1/submissions/status/${sent.statusUrl.split('/').at(-1)}`,
    {},
  );

/** Sends `bytes` as the submission's file with tus; rejects with the server's status. */
function sendFile(sent: Submitted, token: string, bytes: Buffer = clip): Promise<void> {
  return new Promise((resolve, reject) => {
    new Upload(bytes, {
      endpoint: `${server.url}/api/v1/uploads`,
      headers: { 'X-Upload-Token': token },
      metadata: {
        collection: 'submissions',
        record: sent.id,
        field: 'media',
        filename: 'harbor.mp4',
        filetype: 'video/mp4',
      },
      chunkSize: 16 * 1024,
      retryDelays: null,
      storeFingerprintForResuming: false,
      onSuccess: () => resolve(),
      onError: (error) =>
        reject(
          (error as { originalResponse?: { getStatus(): number } }).originalResponse?.getStatus() ??
            0,
        ),
    }).start();
  });
}

/** Quoted-printable decoded: soft line breaks joined, `=XX` bytes read as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** How many of the mails sent say `text` (the decision mails go out without holding a request). */
function mailsSaying(text: string): number {
  const folder = path.join(server.dataDir, 'mail');
  if (!existsSync(folder)) return 0;
  return readdirSync(folder)
    .filter((file) => file.endsWith('.eml'))
    .filter((file) =>
      decodeQuotedPrintable(readFileSync(path.join(folder, file), 'utf8')).includes(text),
    ).length;
}

/** How many mails the submitter has had (staff's mails name them too, as Reply-To). */
function mailCount(): number {
  const folder = path.join(server.dataDir, 'mail');
  if (!existsSync(folder)) return 0;
  return readdirSync(folder)
    .filter((file) => file.endsWith('.eml'))
    .filter((file) =>
      /^To: bo@example\.org\r$/m.test(readFileSync(path.join(folder, file), 'utf8')),
    ).length;
}

describe('a submission with its file', () => {
  it('gives the form the station’s texts and limits', async () => {
    const view = await client(server).send<SubmissionFormView>(
      `/api/v1/submissions/form/${String(station.organization.slug)}`,
      {},
    );
    expect(view).toMatchObject({
      station: { id: station.organization.id, name: 'Harbor Access TV' },
      licence: 'You let Harbor Access TV air your show.',
      policy: 'No advertising.',
      fileTypes: ['video/*', 'audio/*'],
    });
    expect(view.maxFileBytes).toBeGreaterThan(1024 ** 3);
    const missing = await failure(client(server).send('/api/v1/submissions/form/nowhere', {}));
    expect(missing.status).toBe(404);
  });

  it('refuses a file announced too big or not media, on the file field', async () => {
    const big = await failure(submit(form({ file: { name: 'a.mp4', size: 9 * 1024 ** 3 } })));
    expect(big.status).toBe(400);
    expect(big.data.file).toMatchObject({ code: 'validation_file_size_limit' });
    const text = await failure(
      submit(form({ file: { name: 'notes.pdf', size: 10, type: 'application/pdf' } })),
    );
    expect(text.data.file).toMatchObject({ message: '"notes.pdf" is not a video or audio file.' });
  });

  it('waits for its file, is announced when it is in, read, and handed to the approved show', async () => {
    const mailsBefore = mailCount();
    const sent = await submit(form());
    expect(sent.upload?.token).toBeTruthy();
    expect(await statusOf(sent)).toMatchObject({ status: 'pending', awaitingFile: true });
    // Not approvable, not announced, while the file is on its way.
    const early = await failure(
      station.pb.send(`/api/v1/submissions/${sent.id}/review`, {
        method: 'POST',
        body: { decision: 'approve' },
      }),
    );
    expect(early.message).toMatch(/has not all arrived yet/);
    expect(mailCount()).toBe(mailsBefore);

    // Somebody without the token cannot send it, nor continue it.
    await expect(sendFile(sent, 'not-the-token-at-all-000000000000')).rejects.toBe(404);
    await sendFile(sent, String(sent.upload?.token));
    expect(await statusOf(sent)).toMatchObject({ awaitingFile: false });
    await expect.poll(mailCount, { timeout: 10_000 }).toBe(mailsBefore + 1);
    const [note] = await station.pb.collection('notifications').getFullList({
      filter: `title ~ "Harbor Lights"`,
    });
    expect(note).toMatchObject({ type: 'task' });

    // A second upload with the same token is refused: the file is in.
    await expect(sendFile(sent, String(sent.upload?.token))).rejects.toBe(404);

    await expect
      .poll(
        async () =>
          (await station.pb.collection('submissions').getOne<SubmissionRecord>(sent.id)).mediaInfo
            ?.durationSec ?? 0,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(2);
    const read = await station.pb.collection('submissions').getOne<SubmissionRecord>(sent.id);
    expect(read.media).toMatch(/^harbor_[a-z0-9]{10}\.mp4$/);
    // The submitter gave no length: the file's 3 s need a quarter-hour slot.
    expect(read.durationSec).toBe(900);
    expect((read.mediaInfo as MediaInfo).video?.codec).toBe('h264');
    // The test clip's tone is about −21 LUFS: measured, for the reviewer.
    expect(read.mediaInfo.loudness?.integratedLufs).toBeLessThan(-5);
    expect(read.mediaInfo.loudness?.integratedLufs).toBeGreaterThan(-60);

    const approved = await station.pb.send<SubmissionRecord>(
      `/api/v1/submissions/${sent.id}/review`,
      { method: 'POST', body: { decision: 'approve' } },
    );
    await expect
      .poll(async () => (await station.pb.collection('shows').getOne(approved.show)).media, {
        timeout: 20_000,
      })
      .toMatch(/^harbor_[a-z0-9]{10}\.mp4$/);
    const show = await station.pb.collection('shows').getOne(approved.show);
    expect(show).toMatchObject({ title: 'Harbor Lights', status: 'ready', durationSec: 900 });
    // The show's own probe reads its copy.
    await expect
      .poll(
        async () =>
          ((await station.pb.collection('shows').getOne(approved.show)).mediaInfo as MediaInfo)
            ?.durationSec ?? 0,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(2);
  });

  it('is let go a day after its form when the file never came', async () => {
    const waiting = await submit(form({ title: 'Never Sent' }));
    const records = new RecordService(
      server.database.db,
      server.database.dialect,
      { now: () => Date.now() },
      COLLECTION_MODULES,
      {},
    );
    const repository = new SubmissionsRepository(server.database.db);
    // Within the day it stays: the upload can still finish.
    expect(await deleteAbandonedSubmissions(records, repository, Date.now())).toBe(0);
    expect(await statusOf(waiting)).toMatchObject({ awaitingFile: true });
    const later = Date.now() + ABANDONED_AFTER_MS + 60_000;
    expect(await deleteAbandonedSubmissions(records, repository, later)).toBe(1);
    expect((await failure(statusOf(waiting))).status).toBe(404);
    // Submissions whose file came, and links, stay whatever their age.
    expect(
      (await station.pb.collection('submissions').getFullList()).map((one) => one.title),
    ).toContain('Harbor Lights');
  });

  it('takes a new version through its status link when the station asks for changes', async () => {
    const sent = await submit(form({ title: 'Tide Tables' }));
    await sendFile(sent, String(sent.upload?.token));
    const token = String(sent.statusUrl.split('/').at(-1));
    const revise = (body: Record<string, unknown>) =>
      client(server).send<Submitted>(`/api/v1/submissions/status/${token}`, {
        method: 'POST',
        body,
      });
    const review = (decision: string, note = '') =>
      station.pb.send(`/api/v1/submissions/${sent.id}/review`, {
        method: 'POST',
        body: { decision, note },
      });
    const read = () => station.pb.collection('submissions').getOne<SubmissionRecord>(sent.id);

    // Not before the station has answered.
    const early = await failure(revise({ title: 'Tide Tables (cut)' }));
    expect(early.status).toBe(400);
    expect(early.message).toMatch(/has not reviewed this submission yet/);

    await review('changes', 'Trim the credits, please.');
    const asked = await statusOf(sent);
    expect(asked).toMatchObject({ id: sent.id, status: 'changes', canRevise: true });
    expect(asked.show.fileName).toMatch(/^harbor_[a-z0-9]{10}\.mp4$/);

    // The fields only: the file sent stays; staff hear of the new version.
    const firstFile = (await read()).media;
    expect(await revise({ title: 'Tide Tables (cut)', durationSec: 120 })).toMatchObject({
      status: 'pending',
    });
    expect(await read()).toMatchObject({
      title: 'Tide Tables (cut)',
      durationSec: 120,
      status: 'pending',
      media: firstFile,
      awaitingFile: false,
    });
    await expect
      .poll(() => mailsSaying('received the new version of your show “Tide Tables (cut)”'), {
        timeout: 10_000,
      })
      .toBe(1);
    const notes = await station.pb.collection('notifications').getFullList({
      filter: `title = "New version: “Tide Tables (cut)”"`,
    });
    expect(notes).toHaveLength(1);

    // A new file: its upload follows with the same token, and it is read again.
    await review('changes', 'The sound drops out at the end.');
    const withFile = await revise({
      file: { name: 'tide.mp4', size: clip.length, type: 'video/mp4' },
    });
    expect(withFile.upload?.token).toBe(token);
    expect(await statusOf(sent)).toMatchObject({ awaitingFile: true, canRevise: true });
    await sendFile(sent, token);
    await expect.poll(async () => (await read()).media).not.toBe(firstFile);
    await expect
      .poll(async () => (await read()).mediaInfo?.durationSec ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(2);

    // A link instead: the file goes, with what was read of it.
    await review('changes', 'Send it as a link instead.');
    await revise({ mediaUrl: 'https://files.example.org/tide.mp4' });
    expect(await read()).toMatchObject({
      media: '',
      mediaInfo: {},
      mediaUrl: 'https://files.example.org/tide.mp4',
    });

    // Wrong input is said on its field; a decided submission is closed.
    await review('changes', 'One more thing.');
    const bad = await failure(
      revise({ file: { name: 'notes.pdf', size: 10, type: 'text/plain' } }),
    );
    expect(bad.data.file).toMatchObject({ code: 'validation_invalid_mime_type' });
    const long = await failure(revise({ title: 'x'.repeat(5000) }));
    expect(long.status).toBe(400);
    expect(long.data.title).toBeTruthy();
    await review('reject', 'Not for us after all.');
    const closed = await failure(revise({ title: 'Again' }));
    expect(closed.message).toBe(
      'This submission was already rejected: it can no longer be changed.',
    );
    const unknown = await failure(
      client(server).send('/api/v1/submissions/status/aaaaaaaaaaaaaaaaaaaaaaaa', {
        method: 'POST',
        body: {},
      }),
    );
    expect(unknown.status).toBe(404);
  });

  it('keeps a reviewed submission whose new file never came', async () => {
    const sent = await submit(
      form({ title: 'Second Try', file: undefined, mediaUrl: 'https://example.org/a' }),
    );
    const token = String(sent.statusUrl.split('/').at(-1));
    await station.pb.send(`/api/v1/submissions/${sent.id}/review`, {
      method: 'POST',
      body: { decision: 'changes', note: 'Upload the file itself.' },
    });
    await client(server).send(`/api/v1/submissions/status/${token}`, {
      method: 'POST',
      body: { file: { name: 'b.mp4', size: clip.length, type: 'video/mp4' } },
    });
    const records = new RecordService(
      server.database.db,
      server.database.dialect,
      { now: () => Date.now() },
      COLLECTION_MODULES,
      {},
    );
    const later = Date.now() + ABANDONED_AFTER_MS + 60_000;
    await deleteAbandonedSubmissions(records, new SubmissionsRepository(server.database.db), later);
    expect(await statusOf(sent)).toMatchObject({ awaitingFile: true, canRevise: true });
  });
});
