import type { AdRecord, AdStatus, JobRecord, SponsorRecord } from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import { pb } from '../../lib/pocketbase';
import { watchJobsOf } from '../../lib/realtime';
import { latestJob, MEDIA_JOB_KINDS, storedFileSize } from '../../shared/media/media-jobs';
import { interruptedUpload } from '../../shared/uploads/resumable-upload';
import type { SpotRow } from './ads-model';

// The spot library's data (issue 40): spots with their sponsors, the sponsors, a spot's media
// jobs, and the writes. The API's rules decide who may write (staff); components read through
// these and never call `pb` themselves.

export const adsKeys = {
  all: ['ads'] as const,
  spots: (organization: string) => ['ads', 'spots', organization] as const,
  sponsors: (organization: string) => ['ads', 'sponsors', organization] as const,
  spot: (id: string) => ['ads', 'spot', id] as const,
  zone: (organization: string) => ['ads', 'zone', organization] as const,
  mediaJob: (id: string) => ['ads', 'media-job', id] as const,
  mediaSize: (id: string, media: string) => ['ads', 'media-size', id, media] as const,
  interruptedUpload: (id: string) => ['ads', 'interrupted-upload', id] as const,
};

/** The jobs on a spot: `ads/{id}`. */
const jobTarget = (spotId: string) => `ads/${spotId}`;

export const adsQueries = {
  /** Every spot of the station, archived too (the page filters), with its sponsor's name. */
  spots: (organization: string) =>
    queryOptions({
      queryKey: adsKeys.spots(organization),
      enabled: organization !== '',
      queryFn: () =>
        pb.collection('ads').getFullList<SpotRow>({
          sort: 'title,id',
          expand: 'sponsor',
        }),
    }),
  /** Every sponsor, archived too. */
  sponsors: (organization: string) =>
    queryOptions({
      queryKey: adsKeys.sponsors(organization),
      enabled: organization !== '',
      queryFn: () => pb.collection('sponsors').getFullList<SponsorRecord>({ sort: 'name,id' }),
    }),
  /** One spot, as its media card follows it. */
  spot: (id: string) =>
    queryOptions({
      queryKey: adsKeys.spot(id),
      queryFn: () => pb.collection('ads').getOne<AdRecord>(id),
    }),
  /** The station's time zone: a spot's days are the station's calendar days. */
  zone: (organization: string) =>
    queryOptions({
      queryKey: adsKeys.zone(organization),
      enabled: organization !== '',
      queryFn: async () =>
        (await pb.collection('organizations').getOne<{ timeZone: string }>(organization))
          .timeZone || 'UTC',
    }),
  /** The latest job reading the spot's media or making its web copy. */
  mediaJob: (id: string) =>
    queryOptions({
      queryKey: adsKeys.mediaJob(id),
      queryFn: () => latestJob(jobTarget(id), MEDIA_JOB_KINDS),
    }),
  mediaSize: (spot: AdRecord) =>
    queryOptions({
      queryKey: adsKeys.mediaSize(spot.id, spot.media),
      enabled: Boolean(spot.media),
      retry: false,
      queryFn: () => storedFileSize(spot, spot.media),
    }),
  /** An upload of the spot's media cut off before its end, to resume (or null). */
  interruptedUpload: (id: string) =>
    queryOptions({
      queryKey: adsKeys.interruptedUpload(id),
      queryFn: () => interruptedUpload(spotUploadTarget(id)),
    }),
};

/** Where a spot's media is uploaded to (resumable uploads, shared/uploads). */
export function spotUploadTarget(id: string) {
  return { collection: 'ads', record: id, field: 'media' };
}

/** Calls `onEvent` when a job on the spot changes; returns the unsubscribe. */
export function watchSpotJobs(
  id: string,
  onEvent: (job: JobRecord) => void,
  onSubscribed?: () => void,
): () => void {
  return watchJobsOf(jobTarget(id), onEvent, onSubscribed);
}

/** The address the spot's playable media streams from (its web copy first), with a file token. */
export function playableSpotUrl(spot: AdRecord, token: string): string {
  const name = spot.webMedia || spot.media;
  return name ? pb.files.getURL(spot, name, { token }) : '';
}

export function createSpot(organization: string, body: Record<string, unknown>) {
  return pb.collection('ads').create<AdRecord>({ organization, ...body });
}

export function updateSpot(id: string, body: Record<string, unknown>) {
  return pb.collection('ads').update<AdRecord>(id, body);
}

/** Makes a spot active, a draft again, archived, or restores it (as a draft). */
export function setSpotStatus(id: string, status: AdStatus) {
  return pb.collection('ads').update<AdRecord>(id, { status });
}

export function createSponsor(organization: string, body: Record<string, unknown>) {
  return pb.collection('sponsors').create<SponsorRecord>({ organization, ...body });
}

export function updateSponsor(id: string, body: Record<string, unknown>) {
  return pb.collection('sponsors').update<SponsorRecord>(id, body);
}

export function setSponsorArchived(id: string, archived: boolean) {
  return pb.collection('sponsors').update<SponsorRecord>(id, { archived });
}
