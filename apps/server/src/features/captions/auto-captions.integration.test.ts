import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CaptionRecord, JobRecord } from '@airgrid/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechVideo } from '../../../test/media-clips.js';
import { client, createMember, createShow, failure, signUpOwner } from '../../../test/sdk.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { READABLE } from './cue-grouping.js';
import { wordErrorRate } from './word-error-rate.js';

// "Generate captions" on both databases: real recorded speech (Debian's LibriVox test clips,
// muxed under a test picture) uploaded as a show's media, recognized offline by pocketsphinx,
// and kept as a draft track whose cues cover the speech with plausible timings; then an
// operator's own engine set through CAPTIONS_COMMAND, and who may ask for captions.
// Needs Debian's ffmpeg, pocketsphinx, pocketsphinx-en-us and pocketsphinx-testdata
// (.ci/run installs them).

type Owner = Awaited<ReturnType<typeof signUpOwner>>;

let server: TestServer;
let speech: ReturnType<typeof speechVideo>;

beforeAll(async () => {
  speech = speechVideo();
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

async function showWithMedia(owner: Owner, media: Buffer) {
  const show = await createShow(owner.pb, owner.organization.id);
  await owner.pb
    .collection('shows')
    .update(show.id, { media: new File([media], 'programme.mp4', { type: 'video/mp4' }) });
  return show.id;
}

async function settled(owner: Owner, job: string) {
  let found: JobRecord | undefined;
  await expect
    .poll(
      async () => {
        found = await owner.pb.collection('jobs').getOne<JobRecord>(job);
        return found.state;
      },
      { timeout: 120_000, interval: 250 },
    )
    .toMatch(/^(done|failed)$/);
  return found as JobRecord;
}

function generate(owner: Pick<Owner, 'pb'>, show: string) {
  return owner.pb.send<{ job: string }>('/api/v1/captions/generate', {
    method: 'POST',
    body: { show },
  });
}

describe('auto-captions with pocketsphinx', () => {
  it('turns the show’s speech into a draft track of readable, well-timed cues', {
    timeout: 180_000,
  }, async () => {
    const owner = await signUpOwner(server);
    expect(await owner.pb.send('/api/v1/captions/engine', {})).toEqual({
      name: 'pocketsphinx',
      language: 'en',
      available: true,
      reason: '',
    });
    const show = await showWithMedia(owner, speech.video);
    const { job } = await generate(owner, show);
    // Asking again while it runs answers the same job.
    expect((await generate(owner, show)).job).toBe(job);
    const done = await settled(owner, job);
    expect(done).toMatchObject({ kind: 'captions-generate', state: 'done', error: '' });

    const [track, ...others] = await owner.pb
      .collection('captions')
      .getFullList<CaptionRecord>({ filter: `show = "${show}"` });
    expect(others).toEqual([]);
    expect(track).toMatchObject({
      kind: 'captions',
      language: 'en',
      label: 'English (auto)',
      status: 'draft',
      source: 'auto',
      isDefault: false,
    });
    const cues = track?.cues ?? [];
    expect(cues.length).toBeGreaterThanOrEqual(speech.spoken.length);
    for (const [index, cue] of cues.entries()) {
      const lines = cue.text.split('\n');
      expect(lines.length).toBeLessThanOrEqual(READABLE.lines);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(READABLE.lineLength);
      expect(cue.end - cue.start).toBeLessThanOrEqual(READABLE.maxDuration);
      expect(cue.start).toBeGreaterThanOrEqual(0);
      expect(cue.end).toBeLessThanOrEqual(speech.seconds + 0.5);
      if (cues[index + 1]) expect(cue.end).toBeLessThanOrEqual(cues[index + 1]?.start ?? 0);
      // Every cue is shown while someone speaks (give or take half a second).
      expect(
        speech.spoken.some(({ start, end }) => cue.start < end + 0.5 && cue.end > start - 0.5),
      ).toBe(true);
    }
    // Every stretch of speech is captioned.
    for (const { start, end } of speech.spoken)
      expect(cues.some((cue) => cue.start < end && cue.end > start)).toBe(true);
    const heard = cues.map((cue) => cue.text).join(' ');
    expect(wordErrorRate(speech.transcript, heard)).toBeLessThanOrEqual(0.5);
    // The show now has captions to review.
    expect((await owner.pb.collection('shows').getOne(show)).captionStatus).toBe('partial');
  });
});

describe('asking for captions', () => {
  it('is for the organization’s editors, for a show with sound', async () => {
    const owner = await signUpOwner(server);
    const show = await showWithMedia(owner, speech.video);
    const stranger = await signUpOwner(server);
    const producer = await createMember(server, owner.organization.id, 'producer');

    expect(
      await failure(
        client(server).send('/api/v1/captions/generate', { method: 'POST', body: { show } }),
      ),
    ).toMatchObject({ status: 401 });
    expect(await failure(generate(stranger, show))).toMatchObject({ status: 404 });
    expect(await failure(generate(producer, show))).toMatchObject({
      status: 403,
      message: 'Only editors, admins and owners can generate captions.',
    });
    expect(await failure(generate(owner, 'not-an-id'))).toMatchObject({
      status: 400,
      data: { show: { message: 'Choose a show.' } },
    });
    const silent = await createShow(owner.pb, owner.organization.id);
    expect(await failure(generate(owner, silent.id))).toMatchObject({
      status: 400,
      data: { show: { message: 'The show has no media file to caption: upload it first.' } },
    });
  });
});

describe('an engine of the operator’s own (CAPTIONS_COMMAND)', () => {
  let other: TestServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'airgrid-engine-'));
    // A stand-in for whisper.cpp: it reads the WAV it is given and writes WebVTT beside
    // {output}; the number of runs says which text it writes.
    const engine = path.join(dir, 'engine');
    writeFileSync(
      engine,
      `#!/bin/sh
test -s "$1" || { echo "no audio at $1" >&2; exit 2; }
runs=$(cat "${dir}/runs" 2>/dev/null || echo 0); runs=$((runs + 1)); echo $runs > "${dir}/runs"
printf 'WEBVTT\\n\\n00:00:01.000 --> 00:00:03.000\\nRun %s: Good evening, and welcome.\\n' $runs > "$2.vtt"
`,
    );
    chmodSync(engine, 0o755);
    other = await startTestServer({
      env: { CAPTIONS_COMMAND: `${engine} {input} {output}`, CAPTIONS_LANGUAGE: 'en-GB' },
    });
  });

  afterAll(async () => {
    await other?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs it on the show’s sound, and a new run replaces the unreviewed draft', {
    timeout: 60_000,
  }, async () => {
    const owner = await signUpOwner(other);
    expect(await owner.pb.send('/api/v1/captions/engine', {})).toMatchObject({
      name: 'engine',
      language: 'en-GB',
      available: true,
    });
    const show = await showWithMedia(owner, speech.video);
    expect((await settled(owner, (await generate(owner, show)).job)).state).toBe('done');
    const [first] = await owner.pb
      .collection('captions')
      .getFullList<CaptionRecord>({ filter: `show = "${show}"` });
    expect(first).toMatchObject({ language: 'en-GB', label: 'British English (auto)' });
    expect(first?.cues).toEqual([{ start: 1, end: 3, text: 'Run 1: Good evening, and welcome.' }]);

    expect((await settled(owner, (await generate(owner, show)).job)).state).toBe('done');
    const again = await owner.pb
      .collection('captions')
      .getFullList<CaptionRecord>({ filter: `show = "${show}"` });
    expect(again.map((track) => [track.id, track.cues[0]?.text])).toEqual([
      [first?.id, 'Run 2: Good evening, and welcome.'],
    ]);
  });
});
