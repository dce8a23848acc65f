import type { GuideResponse } from '@airgrid/schema';

// Which station a viewer page shows, apart from React: the sources in order, and the live
// channel of a station.

/** Where the station of a public page came from, strongest first. */
export type StationSource = 'path' | 'link' | 'channel' | 'own' | 'single';

export interface StationClues {
  /** The `:org` of an `/o/:org/...` path. */
  pathStation?: string | undefined;
  /** `?organization=` (legacy links). */
  linkStation?: string | null | undefined;
  /** The organization of the channel a legacy `/watch/:channel` link names, once known. */
  channelStation?: string | null | undefined;
  /** The signed-in member's organization id. */
  ownStation?: string | undefined;
  /** The deployment's only public station (app-config). */
  singleStation?: string | null | undefined;
}

/** The id or slug to look up and why, or null when nothing names a station. */
export function resolveStation(clues: StationClues): { key: string; source: StationSource } | null {
  const candidates: [StationSource, string | null | undefined][] = [
    ['path', clues.pathStation],
    ['link', clues.linkStation],
    ['channel', clues.channelStation],
    ['own', clues.ownStation],
    ['single', clues.singleStation],
  ];
  for (const [source, value] of candidates) {
    const key = value?.trim() ?? '';
    if (key !== '') return { key, source };
  }
  return null;
}

/** A channel to open on bare /watch: the first with a programme on now, else the first one. */
export function pickLiveChannel(
  guide: Pick<GuideResponse, 'channels' | 'timeslots'>,
): { id: string; slug: string } | null {
  const onNow = new Set(guide.timeslots.map((slot) => slot.channel));
  const channel = guide.channels.find((candidate) => onNow.has(candidate.id)) ?? guide.channels[0];
  return channel ? { id: channel.id, slug: channel.slug } : null;
}
