import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { ads, channels, PLAYOUT_PROFILES, type PlayoutProfileId, shows } from '@airgrid/schema';
import type { Clock } from '../../clock.js';
import { NotMediaError, probeMedia } from '../../files/ffmpeg.js';
import { type FileStorage, fileKey } from '../../files/file-storage.js';
import { withLocalFile } from '../../files/local-copy.js';
import type { NewJob } from '../../jobs/job-queue-repository.js';
import { type JobHandler, PermanentJobError } from '../../jobs/job-runner.js';
import { newRecordId } from '../../records/record-id.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import { type PackagingInput, packageMedia } from './playout-ffmpeg.js';
import type { PlayoutChannel, PlayoutRepository } from './playout-repository.js';
import { SEGMENT_SEC } from './playout-service.js';
import { renderSlate, SLATE_SECONDS, slateFingerprint } from './slate-image.js';

// What gets packaged, and the two jobs that package it (decision 0044). A show is packaged in
// the profile of every playout channel that airs it within the coming week (or aired it in the
// last hour) or carries it as filler; a spot in the profile of every playout channel it is
// placed on in that time (issue 40); each playout channel's slate in its profile. `reconcile`
// asks for what is missing; it runs when the schedule, a show's media or a channel changes, and
// every few minutes as a safety net.

const CREATE = serverRequest('POST');

/** Where a package's segments live in the file storage. */
export function packagePrefix(packageId: string): string {
  return `playout/${packageId}/`;
}

/** How far ahead the schedule's shows are packaged. */
const AHEAD_MS = 8 * 86_400_000;
const BEHIND_MS = 3_600_000;
/** A failed packaging is not asked for again for this long (the job already retried). */
const FAILED_RESTS_MS = 6 * 3_600_000;
/** The largest bumper image or logo read for a slate. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

interface PackagingDeps {
  repository: PlayoutRepository;
  records: RecordService;
  storage: FileStorage;
  clock: Clock;
  enqueue: (job: NewJob) => Promise<string>;
}

/** What a package is made of: a show's media or a spot's, as a job names it (`shows/{id}`). */
type Holder = `shows/${string}` | `ads/${string}`;

function holderParts(holder: Holder): { kind: 'show' | 'ad'; id: string } {
  const [collection = '', id = ''] = holder.split('/');
  return { kind: collection === 'ads' ? 'ad' : 'show', id };
}

/** The profiles each show and spot of the organization must be packaged in. */
async function profilesByHolder(
  deps: PackagingDeps,
  playoutChannels: readonly PlayoutChannel[],
): Promise<Map<Holder, Set<PlayoutProfileId>>> {
  const now = deps.clock.now();
  const wanted = new Map<Holder, Set<PlayoutProfileId>>();
  const want = (holder: Holder, profile: PlayoutProfileId) => {
    const set = wanted.get(holder) ?? new Set();
    set.add(profile);
    wanted.set(holder, set);
  };
  for (const channel of playoutChannels) {
    for (const show of channel.filler) want(`shows/${show}`, channel.profile);
    const scheduled = await deps.repository.scheduledShows(
      [channel.id],
      now - BEHIND_MS,
      now + AHEAD_MS,
    );
    for (const show of scheduled) want(`shows/${show}`, channel.profile);
    const placed = await deps.repository.placedAds([channel.id], now - BEHIND_MS, now + AHEAD_MS);
    for (const ad of placed) want(`ads/${ad}`, channel.profile);
  }
  return wanted;
}

/** A show's or spot's current media and organization. */
async function holderMedia(
  deps: PackagingDeps,
  holder: Holder,
): Promise<{ organization: string; media: string } | undefined> {
  const { kind, id } = holderParts(holder);
  return kind === 'ad' ? deps.repository.adMedia(id) : deps.repository.showMedia(id);
}

/** The profiles a show or spot still lacks a package of its current media in. */
async function missingProfiles(
  deps: PackagingDeps,
  holder: Holder,
  profiles: Iterable<PlayoutProfileId>,
): Promise<{ organization: string; media: string; missing: PlayoutProfileId[] } | null> {
  const found = await holderMedia(deps, holder);
  if (!found?.media) return null;
  const { kind, id } = holderParts(holder);
  const missing: PlayoutProfileId[] = [];
  for (const profile of profiles) {
    const packages =
      kind === 'ad'
        ? await deps.repository.adPackages([id], profile)
        : await deps.repository.showPackages([id], profile);
    if (!packages.some((pkg) => pkg.source === found.media)) missing.push(profile);
  }
  return { organization: found.organization, media: found.media, missing };
}

/** Queues the packaging an organization's playout channels (or every one's) still needs. */
export async function reconcile(deps: PackagingDeps, organization?: string): Promise<number> {
  const playoutChannels = await deps.repository.playoutChannels(organization);
  const since = deps.clock.now() - FAILED_RESTS_MS;
  let queued = 0;
  const ask = async (job: NewJob) => {
    if (await deps.repository.jobInHand(job.kind, job.target, since)) return;
    await deps.enqueue(job);
    queued += 1;
  };
  for (const channel of playoutChannels) {
    const slates = await deps.repository.slatePackages(channel.id, channel.profile);
    const fingerprint = slateFingerprint(channel, channel.profile);
    if (!slates.some((pkg) => pkg.source === fingerprint)) {
      await ask({
        organization: channel.organization,
        kind: 'playout-slate',
        target: `channels/${channel.id}`,
      });
    }
  }
  for (const [holder, profiles] of await profilesByHolder(deps, playoutChannels)) {
    const state = await missingProfiles(deps, holder, profiles);
    if (state && state.missing.length > 0) {
      await ask({ organization: state.organization, kind: 'playout-package', target: holder });
    }
  }
  return queued;
}

/**
 * Packages `input` in a scratch folder, stores its segments under the package's prefix and
 * creates the package record (its realtime event tells the station). The record comes last: a
 * package that exists has all its segments.
 */
async function storePackage(
  deps: PackagingDeps,
  input: PackagingInput,
  record: {
    organization: string;
    show?: string;
    ad?: string;
    channel?: string;
    source: string;
    durationSec: number;
  },
  profile: PlayoutProfileId,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
  stillWanted: () => Promise<boolean>,
): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'airgrid-playout-'));
  const id = newRecordId();
  try {
    const segments = await packageMedia(
      input,
      PLAYOUT_PROFILES[profile],
      SEGMENT_SEC,
      dir,
      onProgress,
      signal,
    );
    if (!(await stillWanted())) return;
    const files = (await readdir(dir)).filter((name) => name.endsWith('.ts')).sort();
    for (const name of files) {
      await deps.storage.putFile(`${packagePrefix(id)}${name}`, path.join(dir, name), 'video/mp2t');
    }
    await deps.records.create(
      'playoutPackages',
      { id, ...record, profile, segmentSec: SEGMENT_SEC, segments },
      CREATE,
    );
  } catch (error) {
    await deps.storage.deletePrefix(packagePrefix(id)).catch(() => undefined);
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `playout-package` (target `shows/{id}` or `ads/{id}`): the show's or spot's media in every
 * profile it lacks.
 */
export function playoutPackageJob(deps: PackagingDeps): JobHandler {
  return async ({ job, signal, progress }) => {
    const holder = job.target as Holder;
    const { kind, id } = holderParts(holder);
    const current = await holderMedia(deps, holder);
    if (!current?.media) return;
    const channelsOf = await deps.repository.playoutChannels(current.organization);
    const profiles = (await profilesByHolder(deps, channelsOf)).get(holder);
    const state = profiles && (await missingProfiles(deps, holder, profiles));
    if (!state || state.missing.length === 0) return;
    const { media, missing } = state;
    const collection = kind === 'ad' ? ads.id : shows.id;
    await withLocalFile(deps.storage, fileKey(collection, id, media), async (file) => {
      const info = await probeMedia(file, signal).catch((error: unknown) => {
        throw error instanceof NotMediaError ? new PermanentJobError(error.message) : error;
      });
      if (info.durationSec <= 0) throw new PermanentJobError('The media has no length to air.');
      for (const [index, profile] of missing.entries()) {
        await storePackage(
          deps,
          {
            kind: 'media',
            file,
            hasVideo: info.video !== null,
            hasAudio: info.audio !== null,
            durationSec: info.durationSec,
          },
          {
            organization: state.organization,
            [kind]: id,
            source: media,
            durationSec: info.durationSec,
          },
          profile,
          (percent) => void progress((index * 100 + percent) / missing.length),
          signal,
          async () => (await holderMedia(deps, holder))?.media === media,
        );
      }
    });
  };
}

async function readImage(
  storage: FileStorage,
  channel: string,
  name: string,
): Promise<Buffer | null> {
  if (!name) return null;
  const key = fileKey(channels.id, channel, name);
  const stat = await storage.stat(key);
  if (!stat || stat.size > MAX_IMAGE_BYTES) return null;
  return buffer(await storage.read(key));
}

/** `playout-slate` (target `channels/{id}`): the channel's slate, rendered and packaged. */
export function playoutSlateJob(deps: PackagingDeps): JobHandler {
  return async ({ job, signal, progress }) => {
    const [, id = ''] = job.target.split('/');
    const channel = await deps.repository.channel(id);
    if (channel?.source !== 'playout' || channel.archived) return;
    const source = slateFingerprint(channel, channel.profile);
    const slates = await deps.repository.slatePackages(id, channel.profile);
    if (slates.some((pkg) => pkg.source === source)) return;
    const { width, height } = PLAYOUT_PROFILES[channel.profile];
    const png = await renderSlate(
      channel,
      {
        bumperImage: await readImage(deps.storage, id, channel.bumperImage),
        logo: await readImage(deps.storage, id, channel.logo),
      },
      width,
      height,
    );
    await progress(10);
    const dir = await mkdtemp(path.join(tmpdir(), 'airgrid-slate-'));
    try {
      const file = path.join(dir, 'slate.png');
      await writeFile(file, png);
      await storePackage(
        deps,
        { kind: 'still', file, stillSec: SLATE_SECONDS },
        { organization: channel.organization, channel: id, source, durationSec: SLATE_SECONDS },
        channel.profile,
        (percent) => void progress(10 + percent * 0.9),
        signal,
        async () => {
          const now = await deps.repository.channel(id);
          return now !== undefined && slateFingerprint(now, now.profile) === source;
        },
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
