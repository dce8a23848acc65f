import { bucketStart, cappedWatchSeconds, MINUTE_MS } from './buckets.js';

// What one rollup row holds, computed from raw events (docs/decisions/0052): the server does the
// same in SQL over its tables; this is the definition, which the tests hold the SQL to.

/** A raw event as stored: who it is attributed to, the session, the kind and the instant. */
export interface AudienceEvent {
  organization: string;
  channel: string;
  show: string;
  ad: string;
  embed: string;
  origin: string;
  session: string;
  kind: 'start' | 'beat' | 'end';
  at: number;
}

/** One rollup row: a bucket of one attribution. */
export interface AudienceRow {
  bucket: number;
  organization: string;
  channel: string;
  show: string;
  ad: string;
  embed: string;
  origin: string;
  /** Sessions started. */
  views: number;
  /** 30 s a beat, at most the bucket's length per session. */
  watchSeconds: number;
  /** Distinct sessions with any event. */
  sessions: number;
  /** The most distinct sessions with a start or beat in one minute of the bucket. */
  peak: number;
}

/** The attribution columns, in the rollup tables' key order. */
export const ATTRIBUTION = ['organization', 'channel', 'show', 'ad', 'embed', 'origin'] as const;

function keyOf(event: AudienceEvent, bucket: number): string {
  return JSON.stringify([bucket, ...ATTRIBUTION.map((column) => event[column])]);
}

/** The rollup rows of these events in buckets of `sizeMs`, in no particular order. */
export function rollUp(
  events: readonly AudienceEvent[],
  sizeMs: number,
  beatSec: number,
): AudienceRow[] {
  const rows = new Map<
    string,
    {
      row: AudienceRow;
      beats: Map<string, number>;
      sessions: Set<string>;
      minutes: Map<number, Set<string>>;
    }
  >();
  for (const event of events) {
    const bucket = bucketStart(event.at, sizeMs);
    const key = keyOf(event, bucket);
    let entry = rows.get(key);
    if (!entry) {
      const row: AudienceRow = {
        bucket,
        organization: event.organization,
        channel: event.channel,
        show: event.show,
        ad: event.ad,
        embed: event.embed,
        origin: event.origin,
        views: 0,
        watchSeconds: 0,
        sessions: 0,
        peak: 0,
      };
      entry = { row, beats: new Map(), sessions: new Set(), minutes: new Map() };
      rows.set(key, entry);
    }
    entry.sessions.add(event.session);
    if (event.kind === 'start') entry.row.views += 1;
    if (event.kind === 'beat')
      entry.beats.set(event.session, (entry.beats.get(event.session) ?? 0) + 1);
    if (event.kind !== 'end') {
      const minute = Math.floor(event.at / MINUTE_MS);
      const seen = entry.minutes.get(minute) ?? new Set<string>();
      seen.add(event.session);
      entry.minutes.set(minute, seen);
    }
  }
  return [...rows.values()].map(({ row, beats, sessions, minutes }) => {
    let watch = 0;
    for (const count of beats.values()) watch += cappedWatchSeconds(count, beatSec, sizeMs);
    let peak = 0;
    for (const seen of minutes.values()) peak = Math.max(peak, seen.size);
    return { ...row, watchSeconds: watch, sessions: sessions.size, peak };
  });
}
