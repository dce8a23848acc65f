import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JobRecord, MediaInfo } from '@airgrid/schema';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClip } from '../../../test/media-clips.js';
import { createShow, failure, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// A show's media read by ffprobe in the background, on both databases: the upload queues a
// job, the job fills in the runtime and what the file holds, and a file ffprobe cannot read
// fails its job at once with the reason. Needs Debian's ffmpeg (.ci/run installs it).

(globalThis as { EventSource?: unknown }).EventSource = EventSource;

let server: TestServer;
let clip: Buffer;

beforeAll(async () => {
  clip = testClip();
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

async function settledJob(owner: Awaited<ReturnType<typeof signUpOwner>>, showId: string) {
  let job: JobRecord | undefined;
  await expect
    .poll(
      async () => {
        [job] = await owner.pb
          .collection('jobs')
          .getFullList<JobRecord>({ filter: `target = "shows/${showId}"`, sort: '-created' });
        return job?.state;
      },
      { timeout: 20_000 },
    )
    .toMatch(/^(done|failed)$/);
  return job as JobRecord;
}

describe('reading a show’s media', () => {
  it('reads the runtime, the streams and a thumbnail, and keeps the station’s length', async () => {
    const owner = await signUpOwner(server);
    const show = await createShow(owner.pb, owner.organization.id, { durationSec: 1800 });
    // Members watch the job live: each change of state reaches their realtime stream.
    const heard: string[] = [];
    await owner.pb
      .collection('jobs')
      .subscribe<JobRecord>('*', ({ record }) => heard.push(record.state), {
        filter: `target = "shows/${show.id}"`,
      });
    await owner.pb
      .collection('shows')
      .update(show.id, { media: new File([clip], 'programme.mp4', { type: 'video/mp4' }) });
    const job = await settledJob(owner, show.id);
    expect(job).toMatchObject({ kind: 'media-probe', state: 'done', progress: 100 });
    await expect.poll(() => heard.at(-1)).toBe('done');
    expect(heard).toContain('running');
    await owner.pb.realtime.unsubscribe();
    const read = await owner.pb.collection('shows').getOne(show.id);
    // A 3-second clip on a 30-minute show: the slot stays what the station said (issue 36).
    expect(read.durationSec).toBe(1800);
    const info = read.mediaInfo as MediaInfo;
    expect(info.durationSec).toBeCloseTo(3, 0);
    expect(info.video).toMatchObject({ codec: 'h264', width: 320, height: 240, frameRate: 25 });
    expect(info.audio?.codec).toBe('aac');
    expect(info.container).toContain('mp4');
    // A frame of the video became the thumbnail it did not have.
    expect(read.thumbnail).toMatch(/^frame\w*\.jpg$/);
    const thumb = await server.fetch(`/api/files/shows/${show.id}/${read.thumbnail}`);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');

    // Break points (issue 40) go inside the media as read, in order, to the millisecond.
    const outside = await failure(
      owner.pb.collection('shows').update(show.id, { breakPoints: [1.5, 4] }),
    );
    expect(outside.status).toBe(400);
    expect(outside.data.breakPoints).toMatchObject({
      code: 'validation_invalid_value',
      message: expect.stringMatching(
        /^A break point must be inside the media \(after 0:00 and before 0:0[34]\)\.$/,
      ),
    });
    const marked = await owner.pb.collection('shows').update(show.id, { breakPoints: [2.0000001] });
    expect(marked.breakPoints).toEqual([2]);

    // Removing the media forgets what was read of it; the length stays the station's.
    const cleared = await owner.pb.collection('shows').update(show.id, { media: null });
    expect(cleared.mediaInfo).toEqual({});
    expect(cleared.durationSec).toBe(1800);
  });

  it('makes a web copy of media browsers cannot play', { timeout: 90_000 }, async () => {
    const owner = await signUpOwner(server);
    const show = await createShow(owner.pb, owner.organization.id);
    expect(clip.length).toBeGreaterThan(0);
    await owner.pb.collection('shows').update(show.id, {
      media: new File([testClip({ format: 'mpegts' })], 'studio.ts', { type: 'video/mp2t' }),
    });
    let copy: JobRecord | undefined;
    await expect
      .poll(
        async () => {
          [copy] = await owner.pb.collection('jobs').getFullList<JobRecord>({
            filter: `target = "shows/${show.id}" && kind = "media-transcode"`,
          });
          return copy?.state;
        },
        { timeout: 60_000 },
      )
      .toBe('done');
    const read = await owner.pb.collection('shows').getOne(show.id);
    expect((read.mediaInfo as MediaInfo).video?.codec).toBe('mpeg2video');
    // A show with no length yet gets the slot its media needs: a quarter hour for 3 s.
    expect(read.durationSec).toBe(900);
    expect(read.webMedia).toMatch(/^studio_web\w*\.mp4$/);
    const token = await owner.pb.files.getToken();
    const web = await fetch(owner.pb.files.getURL(read, read.webMedia, { token }));
    expect(web.headers.get('content-type')).toBe('video/mp4');
    const dir = mkdtempSync(path.join(tmpdir(), 'airgrid-web-copy-'));
    const file = path.join(dir, 'web.mp4');
    writeFileSync(file, Buffer.from(await web.arrayBuffer()));
    const streams = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file],
      { encoding: 'utf8' },
    );
    expect(streams.split('\n').filter(Boolean).sort()).toEqual(['aac', 'h264']);
    // Media browsers play needs no copy.
    expect(
      await owner.pb
        .collection('jobs')
        .getFullList({ filter: `kind = "media-transcode" && target != "shows/${show.id}"` }),
    ).toEqual([]);
  });

  it('fails at once, saying why, for a file ffprobe cannot read', async () => {
    const owner = await signUpOwner(server);
    const show = await createShow(owner.pb, owner.organization.id);
    // An MP4's first bytes (the type check passes) without the rest of the file.
    const broken = clip.subarray(0, 64);
    await owner.pb
      .collection('shows')
      .update(show.id, { media: new File([broken], 'broken.mp4', { type: 'video/mp4' }) });
    const job = await settledJob(owner, show.id);
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    expect(job.error).toContain('ffprobe cannot read this file');
    expect((await owner.pb.collection('shows').getOne(show.id)).mediaInfo).toEqual({});
  });
});
