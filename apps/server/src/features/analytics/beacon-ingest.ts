import { normalizeOrigin, originAllowed } from '@airgrid/domain';
import {
  ANALYTICS_BEAT_SEC,
  ANALYTICS_SESSION_PATTERN,
  BEACON_KINDS,
  type BeaconKind,
} from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type {
  AnalyticsRepository,
  BeaconChannel,
  BeaconEmbed,
  EventRow,
} from './analytics-repository.js';
import type { ScheduleAttribution } from './attribution.js';

// The beacons' way in (decision 0052): checked, de-duplicated and attributed in memory, then
// buffered and inserted in bulk. Nothing here throws for a bad beacon: it is ignored, and the
// route answers 204 all the same. The address is counted for the rate limit and forgotten; it
// never reaches an event, a log line or the database.

/** A beacon as the contract reads it. */
export interface Beacon {
  kind?: string | undefined;
  session?: string | undefined;
  channel?: string | undefined;
  embed?: string | undefined;
  origin?: string | undefined;
}

/** Why a beacon was not counted (the tests read it; the page never does). */
export type Outcome =
  | 'taken'
  | 'malformed'
  | 'throttled'
  | 'channel'
  | 'embed'
  | 'origin'
  | 'repeated'
  | 'full';

export interface IngestOptions {
  /** Beacons one address may send a minute; more are ignored (600 by default). */
  perAddressPerMinute?: number;
  /** The buffer is written at least this often (1 s by default). */
  flushEveryMs?: number;
  /** And as soon as it holds this many events (500 by default). */
  batchSize?: number;
}

/** Beats closer together than this, from one session, are replays (the page beats every 30 s). */
const MIN_BEAT_GAP_MS = (ANALYTICS_BEAT_SEC - 5) * 1000;
/** What a session remembers is dropped after this long without a beacon. */
const SESSION_IDLE_MS = 5 * 60_000;
/** Sessions, addresses, channels and embeds remembered at once (each map on its own). */
const MAX_REMEMBERED = 200_000;
/** Events waiting to be written; past it, beacons are dropped (the database is behind). */
const MAX_BUFFERED = 100_000;
/** How long a channel's or an embed's check is trusted. */
const CHECK_MS = 30_000;
const RECORD_ID = /^[a-z0-9]{15}$/;

interface SessionState {
  started: boolean;
  ended: boolean;
  lastBeat: number;
  seen: number;
}

export class BeaconIngest {
  readonly #buffer: EventRow[] = [];
  readonly #sessions = new Map<string, SessionState>();
  readonly #addresses = new Map<string, number>();
  #addressMinute = 0;
  readonly #channels = new Map<string, { value: BeaconChannel | undefined; until: number }>();
  readonly #embeds = new Map<string, { value: BeaconEmbed | undefined; until: number }>();
  #flushing: Promise<number> = Promise.resolve(0);
  readonly #timer: NodeJS.Timeout;
  readonly #perAddress: number;
  readonly #batchSize: number;
  #dropped = 0;
  #lastSweep = 0;

  constructor(
    private readonly deps: {
      repository: AnalyticsRepository;
      attribution: ScheduleAttribution;
      clock: Clock;
      log: FastifyBaseLogger;
    },
    options: IngestOptions = {},
  ) {
    this.#perAddress = options.perAddressPerMinute ?? 600;
    this.#batchSize = options.batchSize ?? 500;
    this.#timer = setInterval(() => void this.flush(), options.flushEveryMs ?? 1000);
    this.#timer.unref();
  }

  /** Takes one beacon from an address: answers what became of it. */
  async take(beacon: Beacon, address: string): Promise<Outcome> {
    const now = this.deps.clock.now();
    if (this.throttled(address, now)) return 'throttled';
    const { session, channel: channelId } = beacon;
    const kind = beacon.kind as BeaconKind;
    if (
      !BEACON_KINDS.includes(kind) ||
      typeof session !== 'string' ||
      !ANALYTICS_SESSION_PATTERN.test(session) ||
      typeof channelId !== 'string' ||
      !RECORD_ID.test(channelId)
    ) {
      return 'malformed';
    }
    const channel = await this.cached(this.#channels, channelId, now, (id) =>
      this.deps.repository.channel(id),
    );
    if (!channel?.public || channel.archived) return 'channel';

    let embedId = '';
    let origin = '';
    if (beacon.embed) {
      if (!RECORD_ID.test(beacon.embed)) return 'embed';
      const embed = await this.cached(this.#embeds, beacon.embed, now, (id) =>
        this.deps.repository.embed(id),
      );
      if (
        !embed ||
        embed.archived ||
        embed.kind !== 'player' ||
        embed.organization !== channel.organization ||
        !embed.channels.includes(channelId)
      ) {
        return 'embed';
      }
      origin = normalizeOrigin(beacon.origin ?? '');
      if (!originAllowed(origin, embed.allowedOrigins)) return 'origin';
      embedId = beacon.embed;
    }

    if (!this.fresh(`${channelId}:${session}`, kind, now)) return 'repeated';
    if (this.#buffer.length >= MAX_BUFFERED) {
      this.#dropped += 1;
      return 'full';
    }
    const show = kind === 'end' ? '' : await this.deps.attribution.showAt(channelId, now);
    this.#buffer.push({
      organization: channel.organization,
      channel: channelId,
      show,
      ad: '',
      embed: embedId,
      origin,
      session,
      kind,
      at: now,
    });
    if (this.#buffer.length >= this.#batchSize) void this.flush();
    return 'taken';
  }

  /** Writes what is buffered; answers how many events. One flush at a time. */
  flush(): Promise<number> {
    const run = this.#flushing.then(() => this.write());
    this.#flushing = run.catch(() => 0);
    return run;
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }

  private async write(): Promise<number> {
    const now = this.deps.clock.now();
    if (Math.abs(now - this.#lastSweep) >= 60_000) {
      this.#lastSweep = now;
      this.sweep(now);
    }
    if (this.#dropped > 0) {
      this.deps.log.warn({ dropped: this.#dropped }, 'analytics beacons dropped (buffer full)');
      this.#dropped = 0;
    }
    const rows = this.#buffer.splice(0, this.#buffer.length);
    if (rows.length === 0) return 0;
    try {
      await this.deps.repository.insertEvents(rows);
    } catch (error) {
      // Measurement is best effort: a failed write is logged and its events let go, rather
      // than growing a backlog the database cannot take.
      this.deps.log.warn({ err: error, events: rows.length }, 'analytics events not written');
      return 0;
    }
    return rows.length;
  }

  /** Counts the beacon against its address for this minute: true when over the limit. */
  private throttled(address: string, now: number): boolean {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.#addressMinute || this.#addresses.size >= MAX_REMEMBERED) {
      this.#addresses.clear();
      this.#addressMinute = minute;
    }
    const count = (this.#addresses.get(address) ?? 0) + 1;
    this.#addresses.set(address, count);
    return count > this.#perAddress;
  }

  /**
   * Whether the session's beacon is new: one start, one end, beats at least MIN_BEAT_GAP_MS
   * apart (a replay, an out-of-order or a looping page's beat is not).
   */
  private fresh(key: string, kind: BeaconKind, now: number): boolean {
    let state = this.#sessions.get(key);
    if (!state) {
      if (this.#sessions.size >= MAX_REMEMBERED) this.sweep(now, true);
      state = { started: false, ended: false, lastBeat: Number.NEGATIVE_INFINITY, seen: now };
      this.#sessions.set(key, state);
    }
    state.seen = now;
    if (kind === 'start') {
      if (state.started) return false;
      state.started = true;
      return true;
    }
    if (kind === 'end') {
      if (state.ended) return false;
      state.ended = true;
      return true;
    }
    if (now - state.lastBeat < MIN_BEAT_GAP_MS) return false;
    state.lastBeat = now;
    return true;
  }

  /** Forgets idle sessions (and, when memory is short, every session). */
  private sweep(now: number, full = false): void {
    for (const [key, state] of this.#sessions) {
      if (full || now - state.seen > SESSION_IDLE_MS) this.#sessions.delete(key);
    }
  }

  private async cached<T>(
    cache: Map<string, { value: T | undefined; until: number }>,
    id: string,
    now: number,
    read: (id: string) => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const known = cache.get(id);
    if (known && known.until > now) return known.value;
    if (cache.size >= MAX_REMEMBERED) cache.clear();
    const value = await read(id);
    cache.set(id, { value, until: now + CHECK_MS });
    return value;
  }
}
