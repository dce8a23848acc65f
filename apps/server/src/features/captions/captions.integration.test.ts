import type { CaptionRecord } from '@airgrid/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createChannel,
  createMember,
  createShow,
  createTimeslot,
  failure,
  signUpOwner,
} from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';

// Caption tracks on both databases, through the SDK: a file read with its problems, a track
// saved from it, the show's caption status following its tracks, the WebVTT a player reads,
// and who may see and change what.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const SRT =
  '1\n00:00:01,000 --> 00:00:03,000\nGood evening.\n\n2\n00:00:04,000 --> 00:00:06,500\nWelcome to the meeting.\n';

async function stationWithShow() {
  const owner = await signUpOwner(server);
  const show = await createShow(owner.pb, owner.organization.id);
  return { owner, show: show.id, organization: owner.organization.id };
}

describe('caption tracks', () => {
  it('reads a file, saves a track, and the show says how captioned it is', async () => {
    const { owner, show, organization } = await stationWithShow();
    const parsed = await owner.pb.send('/api/v1/captions/parse', {
      method: 'POST',
      body: { text: SRT },
    });
    expect(parsed).toMatchObject({ format: 'srt', problems: [] });
    expect(parsed.cues).toHaveLength(2);

    const draft = await owner.pb.collection('captions').create<CaptionRecord>({
      organization,
      show,
      kind: 'captions',
      language: 'en',
      label: 'English',
      status: 'draft',
      source: 'upload',
      cues: parsed.cues,
    });
    expect((await owner.pb.collection('shows').getOne(show)).captionStatus).toBe('partial');
    await owner.pb.collection('captions').update(draft.id, { status: 'complete' });
    expect((await owner.pb.collection('shows').getOne(show)).captionStatus).toBe('complete');

    // Players on any site read the complete track as WebVTT (this show is the station's own:
    // its members read it; who else may is below).
    const vtt = await fetch(`${server.url}/api/v1/captions/${draft.id}.vtt`, {
      headers: { Authorization: owner.pb.authStore.token },
    });
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers.get('access-control-allow-origin')).toBe('*');
    expect(await vtt.text()).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nGood evening.\n\n00:00:04.000 --> 00:00:06.500\nWelcome to the meeting.\n',
    );

    await owner.pb.collection('captions').delete(draft.id);
    expect((await owner.pb.collection('shows').getOne(show)).captionStatus).toBe('none');
  });

  it('refuses cues that cannot play, saying which one', async () => {
    const { owner, show, organization } = await stationWithShow();
    const error = await failure(
      owner.pb.collection('captions').create({
        organization,
        show,
        kind: 'captions',
        language: 'en',
        status: 'draft',
        cues: [{ start: 5, end: 2, text: 'backwards' }],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.data.cues).toMatchObject({
      code: 'validation_invalid_cues',
      message: 'Cue 1: it must end after it starts.',
    });
    const badLanguage = await failure(
      owner.pb
        .collection('captions')
        .create({ organization, show, kind: 'captions', language: 'English!', status: 'draft' }),
    );
    expect(badLanguage.data).toHaveProperty('language');
  });

  it('keeps drafts and tracks inside the organization; editors write, viewers read', async () => {
    const { owner, show, organization } = await stationWithShow();
    const track = await owner.pb.collection('captions').create({
      organization,
      show,
      kind: 'subtitles',
      language: 'es',
      status: 'draft',
      cues: [{ start: 0, end: 1, text: 'Hola' }],
    });
    // A draft is not for the public, nor for another station.
    expect((await fetch(`${server.url}/api/v1/captions/${track.id}.vtt`)).status).toBe(404);
    const other = await signUpOwner(server);
    expect((await failure(other.pb.collection('captions').getOne(track.id))).status).toBe(404);
    const otherVtt = await fetch(`${server.url}/api/v1/captions/${track.id}.vtt`, {
      headers: { Authorization: other.pb.authStore.token },
    });
    expect(otherVtt.status).toBe(404);
    // Another station cannot hang a track on this station's show.
    const stranger = await failure(
      other.pb.collection('captions').create({
        organization: other.organization.id,
        show,
        kind: 'captions',
        language: 'en',
        status: 'draft',
      }),
    );
    expect(stranger.status).toBe(400);
    expect(stranger.data).toHaveProperty('show');

    const viewer = await createMember(server, organization, 'viewer');
    expect((await viewer.pb.collection('captions').getOne(track.id)).language).toBe('es');
    const viewerVtt = await fetch(`${server.url}/api/v1/captions/${track.id}.vtt`, {
      headers: { Authorization: viewer.pb.authStore.token },
    });
    expect(viewerVtt.status).toBe(200);
    expect(
      (await failure(viewer.pb.collection('captions').update(track.id, { status: 'complete' })))
        .status,
    ).toBe(404);
    const editor = await createMember(server, organization, 'editor');
    await editor.pb.collection('captions').update(track.id, { status: 'complete' });
  });

  it('asks a guest to sign in before reading a file, and names a missing one', async () => {
    const guest = await failure(
      client(server).send('/api/v1/captions/parse', { method: 'POST', body: { text: SRT } }),
    );
    expect(guest.status).toBe(401);
    const { owner } = await stationWithShow();
    const empty = await failure(
      owner.pb.send('/api/v1/captions/parse', { method: 'POST', body: {} }),
    );
    expect(empty.data.text).toMatchObject({ message: 'Choose an SRT or WebVTT file.' });
  });
});

describe('who may read a complete track', () => {
  const requesters = ['guest', 'another station’s owner', 'a member'] as const;
  // A show the station airs on a public channel (or puts in a public podcast) is published,
  // and so are its complete tracks; one aired only on a private channel, or not at all, is not.
  const cases = [
    { show: 'on a public channel', readable: ['guest', 'another station’s owner', 'a member'] },
    { show: 'on a private channel', readable: ['a member'] },
    { show: 'on a public channel, cancelled', readable: ['a member'] },
    { show: 'on an archived public channel', readable: ['a member'] },
    { show: 'never aired', readable: ['a member'] },
    { show: 'in a public podcast', readable: ['guest', 'another station’s owner', 'a member'] },
  ] as const;

  it.each(cases)('a show $show', async ({ show: how, readable }) => {
    const { owner, show, organization } = await stationWithShow();
    const airOn = async (channel: Record<string, unknown>, status = 'scheduled') => {
      const { id } = await createChannel(owner.pb, organization, channel);
      await createTimeslot(owner.pb, organization, {
        channel: id,
        show,
        start: '2031-01-07 12:00:00.000Z',
        status,
      });
      return id;
    };
    if (how === 'on a public channel') await airOn({ public: true });
    if (how === 'on a private channel') await airOn({ public: false });
    if (how === 'on a public channel, cancelled') await airOn({ public: true }, 'cancelled');
    if (how === 'on an archived public channel') {
      const channel = await airOn({ public: true });
      await owner.pb.collection('channels').update(channel, { archived: true });
    }
    if (how === 'in a public podcast') {
      const podcast = await owner.pb.collection('podcasts').create({
        organization,
        title: 'Council Minutes',
        slug: `council-${Math.random().toString(36).slice(2, 10)}`,
        public: true,
      });
      await owner.pb.collection('episodes').create({
        organization,
        podcast: podcast.id,
        show,
        title: 'Budget hearing',
        publishedAt: new Date(Date.now() - 3_600_000).toISOString().replace('T', ' '),
      });
    }
    const track = await owner.pb.collection('captions').create({
      organization,
      show,
      kind: 'captions',
      language: 'en',
      status: 'complete',
      cues: [{ start: 0, end: 1, text: 'Good evening.' }],
    });
    const tokens = {
      guest: '',
      'another station’s owner': (await signUpOwner(server)).pb.authStore.token,
      'a member': (await createMember(server, organization, 'viewer')).pb.authStore.token,
    };
    for (const requester of requesters) {
      const headers = tokens[requester] ? { Authorization: tokens[requester] } : undefined;
      for (const format of ['vtt', 'json']) {
        const answer = await fetch(`${server.url}/api/v1/captions/${track.id}.${format}`, {
          headers,
        });
        const expected = (readable as readonly string[]).includes(requester) ? 200 : 404;
        expect({ requester, format, status: answer.status }).toEqual({
          requester,
          format,
          status: expected,
        });
        if (expected === 404) expect(await answer.text()).not.toContain('Good evening');
      }
    }
  });
});

describe('a track named by a file token', () => {
  it('answers the member the token names, as a <track src> fetched without the header', async () => {
    const { owner, show, organization } = await stationWithShow();
    const track = await owner.pb.collection('captions').create({
      organization,
      show,
      kind: 'captions',
      language: 'en',
      status: 'complete',
      cues: [{ start: 0, end: 1, text: 'Good evening.' }],
    });
    const url = `${server.url}/api/v1/captions/${track.id}.vtt`;
    // The show airs nowhere: only the station's own people may read it.
    expect((await fetch(url)).status).toBe(404);
    const mine = await owner.pb.files.getToken();
    const read = await fetch(`${url}?token=${encodeURIComponent(mine)}`);
    expect(read.status).toBe(200);
    expect(await read.text()).toContain('Good evening.');
    // Another station's member's token, an auth token in its place, or a broken one: nothing.
    const other = await signUpOwner(server);
    for (const token of [await other.pb.files.getToken(), owner.pb.authStore.token, 'nonsense']) {
      const refused = await fetch(`${url}?token=${encodeURIComponent(token)}`);
      expect(refused.status).toBe(404);
    }
  });
});

describe('caption coverage', () => {
  it('says per channel and week how much airtime is captioned in the channel’s language', async () => {
    const { owner, show, organization } = await stationWithShow();
    const english = await createChannel(owner.pb, organization, { language: 'en' });
    const spanish = await createChannel(owner.pb, organization, { language: 'es' });
    const uncaptioned = await createShow(owner.pb, organization);
    // The week of Monday 6 January 2031 (UTC): an hour of each show on each channel.
    for (const channel of [english.id, spanish.id]) {
      await createTimeslot(owner.pb, organization, {
        channel,
        show,
        start: '2031-01-07 12:00:00.000Z',
      });
      await createTimeslot(owner.pb, organization, {
        channel,
        show: uncaptioned.id,
        start: '2031-01-07 14:00:00.000Z',
      });
    }
    await owner.pb.collection('captions').create({
      organization,
      show,
      kind: 'captions',
      language: 'en-US',
      status: 'complete',
      cues: [{ start: 0, end: 1, text: 'Hello' }],
    });

    const report = await owner.pb.send('/api/v1/captions/coverage', {
      query: { week: '2031-01-09' },
    });
    expect(report.week).toBe('2031-01-06');
    const byId = Object.fromEntries(
      report.channels.map((row: { id: string; scheduledSec: number; captionedSec: number }) => [
        row.id,
        row,
      ]),
    );
    expect(byId[english.id]).toMatchObject({ scheduledSec: 7200, captionedSec: 3600, share: 0.5 });
    expect(byId[spanish.id]).toMatchObject({ scheduledSec: 7200, captionedSec: 0, share: 0 });
    expect(report.total).toMatchObject({ scheduledSec: 14_400, captionedSec: 3600 });

    // Another station sees its own channels only; a guest is asked to sign in; a bad week is named.
    const other = await signUpOwner(server);
    const theirs = await other.pb.send('/api/v1/captions/coverage', {
      query: { week: '2031-01-06' },
    });
    expect(theirs.channels).toEqual([]);
    expect((await failure(client(server).send('/api/v1/captions/coverage', {}))).status).toBe(401);
    const bad = await failure(
      owner.pb.send('/api/v1/captions/coverage', { query: { week: '2031-02-30' } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.week).toMatchObject({ message: 'Must be a date such as 2026-11-23.' });
  });
});
