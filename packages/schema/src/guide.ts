// The JSON guide API (GET /api/v1/guide): the one schedule projection the app's guide and the
// embeds read. Dates are record dates ("YYYY-MM-DD HH:MM:SS.sssZ", UTC), as everywhere in the API.

import type { PublicStation } from './stations.js';

/** Longest window one guide request may span: two weeks. */
export const GUIDE_MAX_WINDOW_DAYS = 14;

/** The most channel ids one guide request may name. */
export const GUIDE_MAX_CHANNELS = 200;

/** A channel as the guide shows it. `logo` is a file name: /api/files/channels/{id}/{logo}. */
export interface GuideChannel {
  id: string;
  name: string;
  number: number;
  slug: string;
  logo: string;
  /** "#rrggbb", or "" when none was chosen. */
  color: string;
  /** IANA zone the channel's wall clock runs in (the guide's day boundaries use it). */
  timeZone: string;
  public: boolean;
}

/** The show an airing plays. `thumbnail` is a file name: /api/files/shows/{id}/{thumbnail}. */
export interface GuideShow {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  category: string;
  rating: string;
  /** The show's own running time; the airing's length is the timeslot's durationSec. */
  durationSec: number;
  thumbnail: string;
  /** 0 when the show has no season / episode number. */
  season: number;
  episode: number;
  /**
   * The show's audio descriptions (a complete `descriptions` track, its default first) as a
   * track id: /api/v1/captions/{id}.json or .vtt; '' when it has none.
   */
  descriptions: string;
}

/** One scheduled airing in the window (cancelled timeslots never appear). */
export interface GuideTimeslot {
  id: string;
  channel: string;
  start: string;
  /** start + durationSec, for clients that draw bars without date arithmetic. */
  end: string;
  durationSec: number;
  show: GuideShow;
}

/**
 * Body of GET /api/v1/guide?from=&to=&channels=&organization=. Timeslots overlap [from, to):
 * one that began before `from` and is still running is included. Channels come in their display
 * order (sortOrder, number, name); timeslots by that channel order, then by start.
 */
export interface GuideResponse {
  /** The station: its name, zone, logo (a file name anyone may fetch) and accent colour. */
  organization: PublicStation;
  from: string;
  to: string;
  channels: GuideChannel[];
  timeslots: GuideTimeslot[];
}
