import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClip } from '../../test/media-clips.js';
import { createShow, signUpOwner } from '../../test/sdk.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { UploadService } from './upload-service.js';

// Resumable uploads (tus) on both databases, with the tus project's own client as a browser
// uses it: a programme sent in pieces, cut off and resumed, lands on the show like any upload
// (its type checked by content, then read by ffprobe); strangers, wrong fields, files too big
// and files of the wrong kind are refused with a reason; abandoned uploads are cleaned up.

let server: TestServer;
let clip: Buffer;
type Owner = Awaited<ReturnType<typeof signUpOwner>>;

beforeAll(async () => {
  clip = testClip({ seconds: 4 });
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

interface Target {
  owner: Owner;
  show: string;
}

async function aShow(): Promise<Target> {
  const owner = await signUpOwner(server);
  const show = await createShow(owner.pb, owner.organization.id);
  return { owner, show: show.id };
}

function options(
  target: Target,
  token = target.owner.pb.authStore.token,
  filename = 'programme.mp4',
) {
  return {
    endpoint: `${server.url}/api/v1/uploads`,
    headers: { Authorization: token },
    metadata: {
      collection: 'shows',
      record: target.show,
      field: 'media',
      filename,
      filetype: 'video/mp4',
    },
    chunkSize: 16 * 1024,
    retryDelays: null,
    storeFingerprintForResuming: false,
  };
}

/** Runs an upload to the end; rejects with the server's status and body. */
function send(upload: Upload): Promise<void> {
  return new Promise((resolve, reject) => {
    upload.options.onSuccess = () => resolve();
    upload.options.onError = reject;
    upload.start();
  });
}

/** The status and body of a failed upload (tus-js-client's DetailedError). */
function refusal(error: unknown) {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } })
    .originalResponse;
  return { status: response?.getStatus() ?? 0, body: response?.getBody() ?? '' };
}

describe('a resumable upload', () => {
  it('survives being cut off, then lands on the show and is read', async () => {
    const target = await aShow();
    // The first attempt stops after a few pieces, as a dropped connection would.
    let pieces = 0;
    const first = new Upload(clip, {
      ...options(target),
      onChunkComplete: () => {
        pieces += 1;
        if (pieces === 3) void first.abort();
      },
    });
    first.start();
    await expect.poll(() => pieces).toBe(3);
    await expect.poll(() => first.url).not.toBeNull();
    const url = String(first.url);
    const head = await fetch(url, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', Authorization: target.owner.pb.authStore.token },
    });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(clip.length);

    // The second attempt asks where it stopped and sends only the rest.
    let resumedFrom = -1;
    const second = new Upload(clip, {
      ...options(target),
      uploadUrl: url,
      onProgress: (sent) => {
        if (resumedFrom < 0) resumedFrom = sent;
      },
    });
    await send(second);
    expect(resumedFrom).toBeGreaterThanOrEqual(offset);

    const show = await target.owner.pb.collection('shows').getOne(target.show);
    expect(show.media).toMatch(/^programme\w*\.mp4$/);
    const token = await target.owner.pb.files.getToken();
    const stored = await fetch(target.owner.pb.files.getURL(show, show.media, { token }));
    expect(Buffer.from(await stored.arrayBuffer()).equals(clip)).toBe(true);
    // The server read it: its runtime, and a show with no length gets the quarter hour it needs.
    await expect
      .poll(
        async () => {
          const read = await target.owner.pb.collection('shows').getOne(target.show);
          return [Math.round(Number(read.mediaInfo?.durationSec)), read.durationSec];
        },
        { timeout: 20_000 },
      )
      .toEqual([4, 900]);
    // Nothing of the upload is left behind once the show has the file.
    const gone = await fetch(url, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', Authorization: target.owner.pb.authStore.token },
    });
    expect(gone.status).toBe(404);
  });
});

describe('refusals', () => {
  it('asks to sign in first', async () => {
    const target = await aShow();
    const error = await send(new Upload(clip, options(target, ''))).catch((e: unknown) => e);
    expect(refusal(error)).toMatchObject({ status: 401 });
    expect(refusal(error).body).toContain('Sign in to upload files.');
  });

  it('does not attach files to another organization’s show, nor let a stranger continue an upload', async () => {
    const target = await aShow();
    const stranger = await signUpOwner(server);
    const error = await send(new Upload(clip, options(target, stranger.pb.authStore.token))).catch(
      (e: unknown) => e,
    );
    expect(refusal(error).status).toBe(404);

    const started = new Upload(clip, {
      ...options(target),
      onChunkComplete: () => void started.abort(),
    });
    started.start();
    await expect.poll(() => started.url).not.toBeNull();
    const peek = await fetch(String(started.url), {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', Authorization: stranger.pb.authStore.token },
    });
    expect(peek.status).toBe(404);
  });

  it('says when a file is bigger than the field takes, before any byte is sent', async () => {
    const target = await aShow();
    const response = await fetch(`${server.url}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        Authorization: target.owner.pb.authStore.token,
        'Upload-Length': String(9 * 1024 ** 3),
        'Upload-Metadata': [
          ['collection', 'shows'],
          ['record', target.show],
          ['field', 'thumbnail'],
          ['filename', 'huge.png'],
        ]
          .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
          .join(','),
      },
    });
    expect(response.status).toBe(413);
  });

  it('names what is missing or wrong in the metadata', async () => {
    const target = await aShow();
    const missing = await send(
      new Upload(clip, { ...options(target), metadata: { collection: 'shows' } }),
    ).catch((e: unknown) => e);
    expect(refusal(missing).status).toBe(400);
    expect(JSON.parse(refusal(missing).body).data).toHaveProperty('record');
    const notAFile = await send(
      new Upload(clip, {
        ...options(target),
        metadata: { ...options(target).metadata, field: 'title' },
      }),
    ).catch((e: unknown) => e);
    expect(refusal(notAFile).body).toContain('The shows collection has no file field named title.');
  });

  it('refuses a file that is not video or audio once it is in, saying why, and keeps nothing', async () => {
    const target = await aShow();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(40_000, 32)]);
    const upload = new Upload(pdf, options(target, undefined, 'script.pdf'));
    const error = await send(upload).catch((e: unknown) => e);
    expect(refusal(error).status).toBe(400);
    expect(JSON.parse(refusal(error).body).data.media.code).toBe('validation_invalid_mime_type');
    expect((await target.owner.pb.collection('shows').getOne(target.show)).media).toBe('');
  });
});

describe('abandoned uploads', () => {
  it('are deleted once they are a day old', async () => {
    const target = await aShow();
    const started = new Upload(clip, {
      ...options(target),
      onChunkComplete: () => void started.abort(),
    });
    started.start();
    await expect.poll(() => started.url).not.toBeNull();
    // The same store swept by a service whose clock reads now, then a day (UPLOAD_EXPIRY_MS) on.
    const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;
    const sweeperAt = (now: number) =>
      new UploadService({} as never, {} as never, server.dataDir, silent, { now: () => now });
    expect(await sweeperAt(Date.now()).cleanUpExpired()).toBe(0);
    const dayOn = Date.now() + 24 * 3600 * 1000 + 1;
    expect(await sweeperAt(dayOn).cleanUpExpired()).toBeGreaterThanOrEqual(1);
    const head = await fetch(String(started.url), {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', Authorization: target.owner.pb.authStore.token },
    });
    expect([404, 410]).toContain(head.status);
  });
});
