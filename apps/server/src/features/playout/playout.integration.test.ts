import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JobRecord, PlayoutPackageRecord } from '@airgrid/schema';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClip } from '../../../test/media-clips.js';
import { createChannel, createShow, createTimeslot, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// A channel airing its schedule through Airgrid playout, on both databases: the station's media,
// filler and slate are packaged by jobs; the live playlists follow the schedule and the clock;
// segments are real H.264/AAC transport streams in the channel's profile; nothing leaks to
// another station. Needs Debian's ffmpeg (.ci/run installs it).

/** The programme's slot: 12:00 UTC on a Monday of 2031 (the clock starts ten minutes before). */
const SLOT = Date.UTC(2031, 0, 6, 12, 0, 0);
let now = SLOT - 10 * 60_000;

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let channelId: string;
let programme: string;
let filler: string;

function mediaFile(seconds: number, name: string): File {
  return new File([new Uint8Array(testClip({ seconds }))], name, { type: 'video/mp4' });
}

async function settled(pb: PocketBase, kind: string, target: string): Promise<JobRecord> {
  let job: JobRecord | undefined;
  await expect
    .poll(
      async () => {
        [job] = await pb.collection('jobs').getFullList<JobRecord>({
          filter: pb.filter('kind = {:kind} && target = {:target}', { kind, target }),
          sort: '-created',
        });
        return job?.state;
      },
      { timeout: 90_000, interval: 250 },
    )
    .toMatch(/^(done|failed)$/);
  return job as JobRecord;
}

async function playlist(pathname: string): Promise<string> {
  const response = await server.fetch(pathname);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/vnd.apple.mpegurl');
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  return response.text();
}

/** The segment URIs of a media playlist, with the tags before each. */
function entries(text: string): { uri: string; tags: string[] }[] {
  const out: { uri: string; tags: string[] }[] = [];
  let tags: string[] = [];
  for (const line of text.trim().split('\n').slice(5)) {
    if (line.startsWith('#')) tags.push(line);
    else {
      out.push({ uri: line, tags });
      tags = [];
    }
  }
  return out;
}

beforeAll(async () => {
  server = await startTestServer({ clock: { now: () => now } });
  owner = await signUpOwner(server);
  const org = owner.organization.id;
  const show = await createShow(owner.pb, org, { title: 'Evening news', durationSec: 900 });
  const clip = await createShow(owner.pb, org, { title: 'Station ID', durationSec: 900 });
  programme = show.id;
  filler = clip.id;
  await owner.pb.collection('shows').update(programme, { media: mediaFile(8, 'news.mp4') });
  await owner.pb.collection('shows').update(filler, { media: mediaFile(3, 'ident.mp4') });
  const channel = await createChannel(owner.pb, org, {
    public: true,
    source: 'playout',
    playoutProfile: '480p30',
    filler: [filler],
  });
  channelId = channel.id;
  await createTimeslot(owner.pb, org, {
    channel: channelId,
    show: programme,
    start: new Date(SLOT).toISOString().replace('T', ' '),
    durationSec: 900,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('Airgrid playout', () => {
  it('packages the slate, the programme and the filler in the channel’s profile', async () => {
    expect(await settled(owner.pb, 'playout-slate', `channels/${channelId}`)).toMatchObject({
      state: 'done',
      progress: 100,
    });
    expect(await settled(owner.pb, 'playout-package', `shows/${programme}`)).toMatchObject({
      state: 'done',
    });
    expect(await settled(owner.pb, 'playout-package', `shows/${filler}`)).toMatchObject({
      state: 'done',
    });
    const packages = await owner.pb
      .collection('playoutPackages')
      .getFullList<PlayoutPackageRecord>({ sort: 'created' });
    const byShow = Object.fromEntries(packages.map((p) => [p.show || `slate:${p.channel}`, p]));
    // 8 s of news is two 6-second segments (the second padded); the 3-second ident one; the
    // slate 30 s, five.
    expect(byShow[programme]).toMatchObject({ profile: '480p30', segments: 2, segmentSec: 6 });
    expect(byShow[programme]?.source).toMatch(/^news\w*\.mp4$/);
    expect(byShow[filler]).toMatchObject({ segments: 1 });
    expect(byShow[`slate:${channelId}`]).toMatchObject({ segments: 5, durationSec: 30 });
  }, 200_000);

  it('airs the schedule: the programme at its scheduled second, then the filler and the slate', async () => {
    const master = await playlist(`/api/v1/channels/${channelId}/live.m3u8`);
    expect(master).toContain('RESOLUTION=854x480');
    expect(master.trim().split('\n').at(-1)).toBe('live/video.m3u8');

    // Three seconds into the slot: the live edge is the programme's first segment.
    now = SLOT + 3000;
    const atStart = await playlist(`/api/v1/channels/${channelId}/live/video.m3u8`);
    expect(atStart).toContain(`#EXT-X-MEDIA-SEQUENCE:${SLOT / 6000 - 9}`);
    expect(atStart).toContain('#EXT-X-TARGETDURATION:6');
    const listed = entries(atStart);
    expect(listed).toHaveLength(10);
    const first = listed.at(-1);
    const packages = await owner.pb
      .collection('playoutPackages')
      .getFullList<PlayoutPackageRecord>();
    const idOf = (show: string) => packages.find((p) => p.show === show)?.id;
    const slate = packages.find((p) => p.channel === channelId)?.id;
    expect(first?.uri).toBe(`${idOf(programme)}/00000.ts`);
    expect(first?.tags).toEqual([
      '#EXT-X-DISCONTINUITY',
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(SLOT).toISOString()}`,
      '#EXTINF:6.000,',
    ]);
    // Before it, the gap since midnight: the filler played once at 00:00, then the slate loops.
    const before = listed.slice(0, -1).map((entry) => entry.uri.split('/')[0]);
    expect(new Set(before)).toEqual(new Set([slate]));

    // 20 s in: the news (12 s packaged) has ended; the filler follows at 12 s, then the slate.
    now = SLOT + 20_000;
    const after = entries(await playlist(`/api/v1/channels/${channelId}/live/video.m3u8`));
    const tail = after.slice(-4).map((entry) => entry.uri);
    expect(tail).toEqual([
      `${idOf(programme)}/00000.ts`,
      `${idOf(programme)}/00001.ts`,
      `${idOf(filler)}/00000.ts`,
      `${slate}/00000.ts`,
    ]);
    expect(after.at(-2)?.tags[1]).toBe(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(SLOT + 12_000).toISOString()}`,
    );
  });

  it('lists the playout in the station’s M3U feed', async () => {
    const m3u = await (
      await server.fetch(`/api/v1/feeds/${owner.organization.slug}/channels.m3u`)
    ).text();
    expect(m3u.trim().split('\n').at(-1)).toMatch(
      new RegExp(`^https?://[^/]+/api/v1/channels/${channelId}/live\\.m3u8$`),
    );
  });

  it('carries the programme’s captions as a WebVTT rendition timed to the programme', async () => {
    await owner.pb.collection('captions').create({
      organization: owner.organization.id,
      show: programme,
      kind: 'captions',
      language: 'en',
      status: 'complete',
      isDefault: true,
      cues: [
        { start: 0.5, end: 2, text: 'Good evening.' },
        { start: 7, end: 8, text: 'That was the news.' },
      ],
    });
    const master = await playlist(`/api/v1/channels/${channelId}/live.m3u8`);
    expect(master).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs"');
    expect(master).toContain('URI="live/subtitles.m3u8"');
    now = SLOT + 20_000;
    const video = await playlist(`/api/v1/channels/${channelId}/live/video.m3u8`);
    const subtitles = await playlist(`/api/v1/channels/${channelId}/live/subtitles.m3u8`);
    // The same segments, numbers and tags, WebVTT files in place of transport streams.
    expect(subtitles).toBe(video.replaceAll('.ts\n', '.vtt\n'));
    const packages = await owner.pb
      .collection('playoutPackages')
      .getFullList<PlayoutPackageRecord>();
    const news = packages.find((p) => p.show === programme)?.id;
    const second = await server.fetch(`/api/v1/channels/${channelId}/live/${news}/00001.vtt`);
    expect(second.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await second.text()).toBe(
      [
        'WEBVTT',
        'X-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000',
        '',
        '00:00:07.000 --> 00:00:08.000',
        'That was the news.',
        '',
        '',
      ].join('\n'),
    );
  });

  it('serves each segment as an immutable H.264/AAC transport stream in the profile', async () => {
    const packages = await owner.pb
      .collection('playoutPackages')
      .getFullList<PlayoutPackageRecord>();
    const news = packages.find((p) => p.show === programme);
    const response = await server.fetch(`/api/v1/channels/${channelId}/live/${news?.id}/00001.ts`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp2t');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const dir = mkdtempSync(path.join(tmpdir(), 'airgrid-segment-'));
    try {
      const file = path.join(dir, 'segment.ts');
      writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      const probe = JSON.parse(
        execFileSync(
          'ffprobe',
          ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file],
          {
            encoding: 'utf8',
          },
        ),
      ) as {
        format: { duration: string };
        streams: { codec_name: string; width?: number; height?: number; channels?: number }[];
      };
      expect(probe.streams.find((s) => s.codec_name === 'h264')).toMatchObject({
        width: 854,
        height: 480,
      });
      expect(probe.streams.find((s) => s.codec_name === 'aac')).toMatchObject({ channels: 2 });
      expect(Number(probe.format.duration)).toBeCloseTo(6, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const wrong of [`${news?.id}/00009.ts`, `${news?.id}/1.ts`, `nope/00000.ts`]) {
      expect((await server.fetch(`/api/v1/channels/${channelId}/live/${wrong}`)).status).toBe(404);
    }
  });

  it('keeps every station’s air to itself', async () => {
    const packages = await owner.pb
      .collection('playoutPackages')
      .getFullList<PlayoutPackageRecord>();
    const news = packages.find((p) => p.show === programme)?.id;
    const other = await signUpOwner(server);
    const theirs = await createChannel(other.pb, other.organization.id, {
      public: true,
      source: 'playout',
    });
    // Another station's channel cannot serve this station's package…
    expect((await server.fetch(`/api/v1/channels/${theirs.id}/live/${news}/00000.ts`)).status).toBe(
      404,
    );
    // …nor see its packages through the records API.
    expect(await other.pb.collection('playoutPackages').getFullList()).toEqual([]);
    // A channel that is not public, or does not air through playout, has no live playlist.
    const hidden = await createChannel(owner.pb, owner.organization.id, { source: 'playout' });
    const stream = await createChannel(owner.pb, owner.organization.id, { public: true });
    for (const id of [hidden.id, stream.id, 'nosuchchannel12']) {
      const response = await server.fetch(`/api/v1/channels/${id}/live/video.m3u8`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toMatch(/playout/);
    }
  });
});
