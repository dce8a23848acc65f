import type { CaptionRecord, EpisodeRecord, JobRecord, PodcastRecord } from '@airgrid/schema';
import { parseFeed } from 'podcast-partytime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng, testClip } from '../../../test/media-clips.js';
import { client, createShow, failure, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { podcastGuid } from '../feeds/podcast-feed-service.js';

// Podcasts on both databases: cover art held to Apple's rules, an episode made from an aired
// show (its sound taken and measured in the background), and the feed a podcast app reads,
// parsed with the Podcast Index's own parser (podcast-partytime): every required iTunes tag,
// Podcasting 2.0's guid, lock and transcript, exact enclosures, byte ranges and validators.

type Owner = Awaited<ReturnType<typeof signUpOwner>>;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const png = (width: number, height: number) =>
  new File([new Uint8Array(solidPng(width, height))], 'cover.png', { type: 'image/png' });

async function aPodcast(owner: Owner, fields: Record<string, unknown> = {}) {
  return owner.pb.collection('podcasts').create<PodcastRecord>({
    organization: owner.organization.id,
    title: 'Council Minutes',
    slug: `council-${Math.random().toString(36).slice(2, 10)}`,
    description: 'Every council meeting, as heard on RCTV 1.\nFree to share.',
    author: 'Riverside Community TV',
    ownerEmail: 'podcast@riverside.example',
    category: 'Government',
    language: 'en-US',
    type: 'episodic',
    public: true,
    cover: png(1400, 1400),
    ...fields,
  });
}

async function jobsDone(owner: Owner, target: string, count: number) {
  await expect
    .poll(
      async () => {
        const jobs = await owner.pb
          .collection('jobs')
          .getFullList<JobRecord>({ filter: `target = "${target}"` });
        const failed = jobs.find((job) => job.state === 'failed');
        if (failed) throw new Error(`job failed: ${failed.error}`);
        return jobs.filter((job) => job.state === 'done').length;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBeGreaterThanOrEqual(count);
}

describe('podcasts', () => {
  it('holds cover art to Apple’s rules: square, 1400 to 3000 px', async () => {
    const owner = await signUpOwner(server);
    const small = await failure(aPodcast(owner, { cover: png(800, 800) }));
    expect(small.data.cover).toMatchObject({
      code: 'validation_image_too_small',
      message: 'The image must be at least 1400 × 1400 px (this one is 800 × 800).',
    });
    const oblong = await failure(aPodcast(owner, { cover: png(1600, 1400) }));
    expect(oblong.data.cover).toMatchObject({
      code: 'validation_image_not_square',
      message: 'The image must be square (this one is 1600 × 1400).',
    });
    const taken = await aPodcast(owner);
    const again = await failure(aPodcast(owner, { slug: taken.slug }));
    expect(again.data.slug).toMatchObject({ code: 'validation_not_unique' });
  });

  it('makes an episode from an aired show, and its feed is one podcast apps accept', async () => {
    const owner = await signUpOwner(server);
    const podcast = await aPodcast(owner);
    const show = await createShow(owner.pb, owner.organization.id, {
      title: 'Council Meeting',
      media: new File([new Uint8Array(testClip())], 'meeting.mp4', { type: 'video/mp4' }),
    });
    const published = new Date(Date.now() - 3_600_000).toISOString().replace('T', ' ');
    const episode = await owner.pb.collection('episodes').create<EpisodeRecord>({
      organization: owner.organization.id,
      podcast: podcast.id,
      show: show.id,
      title: 'Budget hearing',
      description: 'The council hears the budget.',
      season: 2,
      episode: 7,
      episodeType: 'full',
      publishedAt: published,
    });
    expect(episode.guid).toMatch(/^[0-9a-f-]{36}$/);
    // Taken from the show, then measured: two jobs on the episode.
    await jobsDone(owner, `episodes/${episode.id}`, 2);
    const ready = await owner.pb.collection('episodes').getOne<EpisodeRecord>(episode.id);
    expect(ready.audio).toMatch(/^budget_hearing_\w+\.m4a$/);
    expect(ready.durationSec).toBe(3);
    expect(ready.guid).toBe(episode.guid);
    // A draft and an episode dated later stay out of the feed.
    for (const publishedAt of ['', new Date(Date.now() + 86_400_000).toISOString()])
      await owner.pb
        .collection('episodes')
        .create({
          organization: owner.organization.id,
          podcast: podcast.id,
          title: publishedAt ? 'Tomorrow' : 'Draft',
          publishedAt,
          audio: new File([new Uint8Array(testClip())], 'x.mp4', { type: 'video/mp4' }),
        })
        .catch(() => undefined);
    // The show's complete captions become the episode's transcript.
    const track = await owner.pb.collection('captions').create<CaptionRecord>({
      organization: owner.organization.id,
      show: show.id,
      kind: 'captions',
      language: 'en',
      status: 'complete',
      cues: [{ start: 0, end: 2, text: 'The meeting will come to order.' }],
    });

    const feedPath = `/api/v1/feeds/podcasts/${podcast.slug}.xml`;
    const response = await server.fetch(feedPath);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await response.text();
    const feed = parseFeed(xml);
    if (!feed) throw new Error(`podcast-partytime could not read the feed:\n${xml}`);
    // Addresses start with the server's public origin (APP_URL), as the feed names itself.
    const self = feed.pubsub?.self ?? '';
    expect(self.endsWith(feedPath)).toBe(true);
    const appUrl = self.slice(0, -feedPath.length);
    expect(feed).toMatchObject({
      title: 'Council Minutes',
      description: 'Every council meeting, as heard on RCTV 1. Free to share.',
      language: 'en-us',
      explicit: false,
      itunesType: 'episodic',
      author: 'Riverside Community TV',
      owner: { email: 'podcast@riverside.example', name: 'Riverside Community TV' },
      guid: podcastGuid(self),
      locked: true,
      podcastOwner: 'podcast@riverside.example',
    });
    expect(feed.itunesImage).toBe(`${appUrl}/api/files/podcasts/${podcast.id}/${podcast.cover}`);
    expect(feed.itunesCategory).toEqual(['Government']);
    expect(feed.items).toHaveLength(1);
    const [item] = feed.items;
    expect(item).toMatchObject({
      title: 'Budget hearing',
      guid: episode.guid,
      duration: 3,
      itunesSeason: 2,
      itunesEpisode: 7,
      itunesEpisodeType: 'full',
      explicit: false,
    });
    // RFC 822 dates are in whole seconds.
    expect(item?.pubDate?.getTime()).toBe(
      Math.floor(Date.parse(published.replace(' ', 'T')) / 1000) * 1000,
    );
    expect(item?.podcastTranscripts).toEqual([
      {
        url: `${appUrl}/api/v1/captions/${track.id}.vtt`,
        type: 'text/vtt',
        language: 'en',
        rel: 'captions',
      },
    ]);
    // The enclosure is exact, and apps may fetch it signed out, in ranges.
    const enclosure = item?.enclosure;
    expect(enclosure?.type).toBe('audio/x-m4a');
    const audioPath = (enclosure?.url ?? '').slice(appUrl.length);
    const audio = await server.fetch(audioPath, { method: 'HEAD' });
    expect(audio.status).toBe(200);
    expect(Number(audio.headers.get('content-length'))).toBe(enclosure?.length);
    const part = await server.fetch(audioPath, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    // Validators: an app that has this version is told so.
    const etag = response.headers.get('etag') ?? '';
    expect(response.headers.get('last-modified')).toBeTruthy();
    const again = await server.fetch(feedPath, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('keeps private podcasts, drafts and other stations’ episodes from strangers', async () => {
    const owner = await signUpOwner(server);
    const hidden = await aPodcast(owner, { public: false, cover: null });
    expect((await server.fetch(`/api/v1/feeds/podcasts/${hidden.slug}.xml`)).status).toBe(404);
    expect((await server.fetch('/api/v1/feeds/podcasts/no-such-podcast.xml')).status).toBe(404);
    const open = await aPodcast(owner, { cover: null });
    const draft = await owner.pb.collection('episodes').create({
      organization: owner.organization.id,
      podcast: open.id,
      title: 'Not yet',
    });
    const guest = client(server);
    expect((await guest.collection('podcasts').getList()).items.map((p) => p.id)).toContain(
      open.id,
    );
    expect((await guest.collection('podcasts').getList()).items.map((p) => p.id)).not.toContain(
      hidden.id,
    );
    expect(await failure(guest.collection('episodes').getOne(draft.id))).toMatchObject({
      status: 404,
    });
    const stranger = await signUpOwner(server);
    expect(
      await failure(stranger.pb.collection('episodes').update(draft.id, { title: 'Mine' })),
    ).toMatchObject({ status: 404 });
  });
});
