import type { CaptionRecord, JobKind, JobRecord } from '@airgrid/schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';
import { watchCollection, watchJobsOf } from '../../lib/realtime';
import { latestJob, MEDIA_JOB_KINDS, storedFileSize } from '../../shared/media/media-jobs';
import { showKeys } from '../../shared/shows/show-keys';
import { interruptedUpload } from '../../shared/uploads/resumable-upload';
import {
  type AiringRecord,
  distinctCategories,
  type MemberRecord,
  type ShowRecord,
} from './show-model';

// The shows area's data: its query keys and the SDK calls behind them. Components read through
// these (`useQuery(showQueries.one(id))`) and never call `pb` themselves.

/** The job that packages a show's media for Airgrid playout. */
export const PLAYOUT_JOB_KIND: JobKind = 'playout-package';

/** Rows per page: the API's default page size (seed-spec §8). */
const SHOWS_PER_PAGE = 30;

export function createShow(body: Record<string, unknown>) {
  return pb.collection('shows').create<ShowRecord>(body);
}

export function updateShow(id: string, body: Record<string, unknown>) {
  return pb.collection('shows').update<ShowRecord>(id, body);
}

/** A show's thumbnail URL (a 100×100 crop), or '' when it has none. */
export function thumbnailUrl(show: ShowRecord, thumb = '100x100'): string {
  return show.thumbnail ? pb.files.getURL(show, show.thumbnail, { thumb }) : '';
}

/** The jobs on a show: `shows/{id}`. */
const jobTarget = (showId: string) => `shows/${showId}`;

/** Where the show's media is uploaded to (resumable uploads, shared/uploads). */
export function mediaUploadTarget(showId: string) {
  return { collection: 'shows', record: showId, field: 'media' };
}

/** Queues the speech recognizer over the show's sound; answers the job. */
export function generateCaptions(showId: string) {
  return callEndpoint(pb, 'POST /api/v1/captions/generate', { body: { show: showId } });
}

/**
 * Calls `onEvent` when a job on this show changes (queued, running, done, failed), of any kind:
 * reading its media, its web copy, its captions; returns the unsubscribe.
 */
export function watchShowJobs(
  showId: string,
  onEvent: (job: JobRecord) => void,
  /** Called once the subscription holds: what changed before it is read then. */
  onSubscribed?: () => void,
): () => void {
  return watchJobsOf(jobTarget(showId), onEvent, onSubscribed);
}

/**
 * Calls `onChange` when the show's playout packages change (made, or removed for a new file);
 * returns the unsubscribe.
 */
export function watchShowPackages(showId: string, onChange: () => void): () => void {
  return watchCollection('playoutPackages', onChange, {
    filter: pb.filter('show = {:show}', { show: showId }),
  });
}

/** The address a show's playable media streams from, with its file token. */
export function playableMediaUrl(show: ShowRecord, token: string): string {
  const name = show.webMedia || show.media;
  return name ? pb.files.getURL(show, name, { token }) : '';
}

export interface PlayerTrack {
  id: string;
  kind: 'captions' | 'subtitles' | 'descriptions';
  language: string;
  label: string;
  isDefault: boolean;
}

export const showQueries = {
  /** The show's complete caption tracks, for the preview player. */
  tracks: (showId: string) =>
    queryOptions({
      queryKey: ['shows', 'tracks', showId] as const,
      queryFn: () =>
        pb.collection('captions').getFullList<PlayerTrack>({
          filter: pb.filter('show = {:show} && status = "complete"', { show: showId }),
          fields: 'id,kind,language,label,isDefault',
        }),
    }),
  /** The latest job reading the show's media. */
  mediaJob: (showId: string) =>
    queryOptions({
      queryKey: showKeys.mediaJob(showId),
      queryFn: () => latestJob(jobTarget(showId), MEDIA_JOB_KINDS),
    }),
  /** The latest job packaging the show's media for playout. */
  playoutJob: (showId: string) =>
    queryOptions({
      queryKey: showKeys.playoutJob(showId),
      queryFn: () => latestJob(jobTarget(showId), [PLAYOUT_JOB_KIND]),
    }),
  /** The show's media packaged for playout: what each package was made from. */
  playoutPackages: (showId: string) =>
    queryOptions({
      queryKey: showKeys.playoutPackages(showId),
      queryFn: () =>
        pb.collection('playoutPackages').getFullList<{ id: string; source: string }>({
          filter: pb.filter('show = {:show}', { show: showId }),
          fields: 'id,source',
          requestKey: null,
        }),
    }),
  /** An upload of the show's media cut off before its end, to resume (or null). */
  interruptedUpload: (showId: string) =>
    queryOptions({
      queryKey: showKeys.interruptedUpload(showId),
      queryFn: () => interruptedUpload(mediaUploadTarget(showId)),
    }),
  /** The latest "Generate captions" job of the show. */
  captionsJob: (showId: string) =>
    queryOptions({
      queryKey: showKeys.captionsJob(showId),
      queryFn: () => latestJob(jobTarget(showId), ['captions-generate']),
    }),
  /** Every caption track of the show, drafts too (without their cues). */
  captionTracks: (showId: string) =>
    queryOptions({
      queryKey: showKeys.captionTracks(showId),
      queryFn: () =>
        pb.collection('captions').getFullList<Omit<CaptionRecord, 'cues'>>({
          filter: pb.filter('show = {:show}', { show: showId }),
          sort: '-isDefault,label',
          fields: 'id,show,kind,language,label,isDefault,status,source,updated',
        }),
    }),
  /** The speech recognizer behind "Generate captions", and whether it runs on this server. */
  captionEngine: () =>
    queryOptions({
      queryKey: showKeys.captionEngine,
      staleTime: 5 * 60_000,
      queryFn: () => callEndpoint(pb, 'GET /api/v1/captions/engine'),
    }),
  /** One page of the catalogue, searched and filtered on the server. */
  list: (organization: string, expression: string, params: Record<string, string>, page: number) =>
    queryOptions({
      queryKey: showKeys.list(organization, expression, params, page),
      enabled: Boolean(organization),
      placeholderData: keepPreviousData,
      queryFn: () =>
        pb.collection('shows').getList<ShowRecord>(page, SHOWS_PER_PAGE, {
          filter: pb.filter(expression, params),
          sort: 'title,id',
          expand: 'producer',
        }),
    }),
  categories: (organization: string) =>
    queryOptions({
      queryKey: showKeys.categories(organization),
      enabled: Boolean(organization),
      queryFn: async () =>
        distinctCategories(
          await pb
            .collection('shows')
            .getFullList<{ category: string }>({ filter: 'category != ""', fields: 'category' }),
        ),
    }),
  /** The organization's members, for the producer select and filter. */
  members: (organization: string) =>
    queryOptions({
      queryKey: showKeys.members(organization),
      enabled: Boolean(organization),
      queryFn: () =>
        pb.collection('users').getFullList<MemberRecord>({
          filter: pb.filter('organization = {:organization}', { organization }),
          sort: 'name',
          fields: 'id,name,email,role',
        }),
    }),
  /** One show with its producer, or null when unknown or another organization's. */
  one: (id: string) =>
    queryOptions({
      queryKey: showKeys.one(id),
      queryFn: async () => {
        try {
          return await pb.collection('shows').getOne<ShowRecord>(id, { expand: 'producer' });
        } catch (failure) {
          // The API answers 404 for unknown ids and other organizations' shows alike.
          if (failure instanceof ClientResponseError && failure.status === 404) return null;
          throw failure;
        }
      },
    }),
  airings: (show: string) =>
    queryOptions({
      queryKey: showKeys.airings(show),
      queryFn: () =>
        pb.collection('timeslots').getFullList<AiringRecord>({
          filter: pb.filter('show = {:show}', { show }),
          sort: 'start',
          expand: 'channel',
        }),
    }),
  mediaSize: (show: ShowRecord) =>
    queryOptions({
      queryKey: showKeys.mediaSize(show.id, show.media),
      enabled: Boolean(show.media),
      retry: false,
      queryFn: () => storedFileSize(show, show.media),
    }),
};
