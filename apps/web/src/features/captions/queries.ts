import type { CaptionRecord } from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api-client';
import { pb } from '../../lib/pocketbase';

// The captions area's data: the organization's tracks (without their cues, which can be large),
// the shows a track can belong to, and the writes.

export type TrackRow = Omit<CaptionRecord, 'cues'> & {
  expand?: { show?: { id: string; title: string } };
};

export const captionKeys = {
  all: ['captions'] as const,
  preview: (show: string, media: string) => ['captions', 'preview', show, media] as const,
  tracks: (organization: string) => ['captions', 'tracks', organization] as const,
  shows: (organization: string) => ['captions', 'shows', organization] as const,
  coverage: (organization: string, week: string) =>
    ['captions', 'coverage', organization, week] as const,
};

/**
 * What a track's save or delete makes stale: the area's reads, and the shows' (a show's caption
 * status follows its tracks; the shows area's keys start with 'shows').
 */
export const TRACK_SAVE_INVALIDATES = [['captions'], ['shows']] as const;

export const captionQueries = {
  /** A week's coverage (`week` '' = this week, in the organization's zone). */
  coverage: (organization: string, week: string) =>
    queryOptions({
      queryKey: captionKeys.coverage(organization, week),
      enabled: organization !== '',
      queryFn: () =>
        callEndpoint(pb, 'GET /api/v1/captions/coverage', { query: week ? { week } : {} }),
    }),
  tracks: (organization: string) =>
    queryOptions({
      queryKey: captionKeys.tracks(organization),
      enabled: organization !== '',
      queryFn: () =>
        pb.collection('captions').getFullList<TrackRow>({
          filter: pb.filter('organization = {:organization}', { organization }),
          sort: '-updated',
          expand: 'show',
          fields:
            'id,organization,show,kind,language,label,isDefault,status,source,created,updated,expand.show.id,expand.show.title',
        }),
    }),
  shows: (organization: string) =>
    queryOptions({
      queryKey: captionKeys.shows(organization),
      enabled: organization !== '',
      queryFn: () =>
        pb.collection('shows').getFullList<{ id: string; title: string }>({
          filter: pb.filter('organization = {:organization} && status != "archived"', {
            organization,
          }),
          sort: 'title',
          fields: 'id,title',
        }),
    }),
};

/** Reads an SRT or WebVTT file on the server: its cues and each problem's line. */
export function parseCaptionFile(text: string) {
  return callEndpoint(pb, 'POST /api/v1/captions/parse', { body: { text } });
}

export function createTrack(body: Record<string, unknown>) {
  return pb.collection('captions').create<CaptionRecord>(body);
}

export function setTrackStatus(id: string, status: 'draft' | 'complete') {
  return pb.collection('captions').update<CaptionRecord>(id, { status });
}

export function deleteTrack(id: string) {
  return pb.collection('captions').delete(id);
}

/** A track as a WebVTT file to save, read with the member's token (drafts are not public). */
export async function downloadTrack(id: string): Promise<Blob> {
  const response = await fetch(`/api/v1/captions/${id}.vtt`, {
    headers: { Authorization: pb.authStore.token },
  });
  if (!response.ok) throw new Error(String(response.status));
  return response.blob();
}

export interface TrackWithShow extends CaptionRecord {
  expand?: {
    show?: {
      id: string;
      collectionId: string;
      title: string;
      media: string;
      webMedia: string;
      mediaInfo: Record<string, unknown> | null;
    };
  };
}

/** One track with its cues and its show (for the preview), or null when it is not there. */
export const trackQuery = (id: string) =>
  queryOptions({
    queryKey: ['captions', 'track', id] as const,
    queryFn: async () => {
      try {
        return await pb.collection('captions').getOne<TrackWithShow>(id, { expand: 'show' });
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
  });

export function saveCues(id: string, cues: CaptionRecord['cues']) {
  return pb.collection('captions').update<CaptionRecord>(id, { cues });
}

/** The address the show's playable media streams from, with a fresh file token. */
export async function previewUrl(
  show: NonNullable<TrackWithShow['expand']>['show'],
): Promise<string> {
  if (!show) return '';
  const token = await pb.files.getToken();
  const name = show.webMedia || show.media;
  return name ? pb.files.getURL({ ...show, collectionName: 'shows' }, name, { token }) : '';
}
