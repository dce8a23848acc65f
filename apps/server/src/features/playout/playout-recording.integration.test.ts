import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { JobRecord } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClip } from '../../../test/media-clips.js';
import { createChannel, createShow, createTimeslot, signUpOwner } from '../../../test/sdk.js';
import { testDialect } from '../../../test/test-database.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// A real player reads the air as it happens: ffmpeg opens the channel's entry of the M3U feed and
// records 30 seconds across a programme's start, its end, the filler and the slate, copying the
// streams; ffprobe reads the recording. The server's clock runs at real speed from a chosen
// instant (ffmpeg waits for each segment like any live player), so this takes ~15 s per database.

const run = promisify(execFile);
const SLOT = Date.UTC(2031, 0, 6, 12, 0, 0);
/** The server's clock: real time shifted so that it reads `at` when set. */
let offset = SLOT - 10 * 60_000 - Date.now();
const setClock = (at: number) => {
  offset = at - Date.now();
};

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let channelId: string;

/** Resolves once the slate and both shows are packaged (the three jobs done). */
async function packaged(pb: PocketBase): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const jobs = await pb.collection('jobs').getFullList<JobRecord>();
    const playout = jobs.filter((job) => job.kind.startsWith('playout-'));
    if (playout.length >= 3 && playout.every((job) => job.state === 'done')) return;
    const failed = playout.find((job) => job.state === 'failed');
    if (failed) throw new Error(`Packaging failed: ${failed.error}`);
    if (Date.now() > deadline) throw new Error('Packaging took over two minutes.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  if (testDialect === 'postgres') return;
  server = await startTestServer({ clock: { now: () => Date.now() + offset } });
  owner = await signUpOwner(server);
  const org = owner.organization.id;
  const news = await createShow(owner.pb, org, { title: 'Evening news', durationSec: 900 });
  const ident = await createShow(owner.pb, org, { title: 'Station ID', durationSec: 900 });
  const clip = (seconds: number, name: string) =>
    new File([new Uint8Array(testClip({ seconds }))], name, { type: 'video/mp4' });
  await owner.pb.collection('shows').update(news.id, { media: clip(8, 'news.mp4') });
  await owner.pb.collection('shows').update(ident.id, { media: clip(3, 'ident.mp4') });
  const channel = await createChannel(owner.pb, org, {
    public: true,
    source: 'playout',
    playoutProfile: '480p30',
    filler: [ident.id],
  });
  channelId = channel.id;
  await createTimeslot(owner.pb, org, {
    channel: channelId,
    show: news.id,
    start: new Date(SLOT).toISOString().replace('T', ' '),
    durationSec: 900,
  });
  await packaged(owner.pb);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

// ffmpeg reading the air over HTTP is the same on both databases, and this one waits in real
// time: it runs on SQLite (the playout's other tests run on both).
describe.skipIf(testDialect === 'postgres')('a live recording with ffmpeg', () => {
  it('records across the programme, the filler and the slate without an error', async () => {
    const m3u = await (
      await server.fetch(`/api/v1/feeds/${owner.organization.slug}/channels.m3u`)
    ).text();
    const entry = m3u.trim().split('\n').at(-1) ?? '';
    expect(entry).toContain(`/api/v1/channels/${channelId}/live.m3u8`);
    // The M3U names the public address; the test server answers on its own port.
    const url = `${server.url}${new URL(entry).pathname}`;

    // 15 s into the slot: ffmpeg starts three segments back, on the slate, then the news
    // (12 s), the ident (6 s) and the slate again: 30 s, of which 18 are already there.
    setClock(SLOT + 15_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'airgrid-recording-'));
    try {
      const file = path.join(dir, 'recording.ts');
      const { stderr } = await run(
        'ffmpeg',
        ['-v', 'error', '-y', '-i', url, '-t', '30', '-c', 'copy', file],
        { timeout: 120_000 },
      );
      expect(stderr).toBe('');
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      ]);
      const probe = JSON.parse(stdout) as {
        format: { duration: string };
        streams: { codec_name: string; width?: number; height?: number }[];
      };
      expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
      expect(probe.streams.find((s) => s.codec_name === 'h264')).toMatchObject({
        width: 854,
        height: 480,
      });
      expect(Number(probe.format.duration)).toBeGreaterThan(28);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
