import { type AsRunEntry, airedBetween, asRunChanges, toRecordDate, utcDay } from '@airgrid/domain';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import type { AsRunRepository } from './as-run-repository.js';
import type { PlayoutChannel, PlayoutRepository } from './playout-repository.js';
import { type PlayoutService, SEGMENT_SEC } from './playout-service.js';

// The as-run log, recorded (decision 0045): a minute at a time, on one node, what each public
// channel airing through playout aired since its last entry, computed by the same function as
// the live playlist (`airedBetween`), not reported by players.

/** How often the log is brought up to date. */
export const RECORD_EVERY_MS = 60_000;
/** A channel's first look records this far back (a channel just switched to playout). */
const FIRST_LOOK_MS = RECORD_EVERY_MS;
/** After an outage, the log catches up at most this far back. */
const CATCH_UP_MS = 86_400_000;
const DAY_MS = 86_400_000;
const SEGMENT_MS = SEGMENT_SEC * 1000;

const CREATE = serverRequest('POST');
const UPDATE = serverRequest('PATCH');

export class AsRunRecorder {
  /** Looks on this node run one after another (the timer's and a test's). */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: {
      asRun: AsRunRepository;
      playout: PlayoutRepository;
      service: PlayoutService;
      records: RecordService;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Brings every airing channel's log up to `now`'s segment boundary; answers the entries written. */
  record(now: number): Promise<number> {
    const run = this.#queue.then(() => this.recordAll(now));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  private async recordAll(now: number): Promise<number> {
    let written = 0;
    for (const channel of await this.deps.playout.playoutChannels()) {
      // A channel that is not public airs nothing (its playlist is a 404).
      if (!channel.public) continue;
      try {
        written += await this.recordChannel(channel, now);
      } catch (error) {
        // A channel whose slate is not packaged yet airs nothing either (its playlist is a 503).
        if (error instanceof ApiError && error.status === 503) continue;
        this.deps.log.warn({ err: error, channel: channel.id }, 'as-run recording failed');
      }
    }
    return written;
  }

  private async recordChannel(channel: PlayoutChannel, now: number): Promise<number> {
    const { asRun, service, records } = this.deps;
    const to = Math.floor(now / SEGMENT_MS) * SEGMENT_MS;
    const last = await asRun.last(channel.id);
    const from = last ? Math.max(last.end, to - CATCH_UP_MS) : to - FIRST_LOOK_MS;
    if (from >= to) return 0;
    // The air of a day depends on the whole day's schedule (a gap's fill on where it began).
    const playout = await service.playoutBetween(channel, utcDay(from) * DAY_MS, to);
    const changes = asRunChanges(last, airedBetween(playout, from, to));
    if (!changes.extended && changes.added.length === 0) return 0;
    const shows = await asRun.packageShows(changes.added.map((entry) => entry.mediaId));
    const row = (entry: AsRunEntry) => {
      const named = shows.get(entry.mediaId);
      return {
        organization: channel.organization,
        channel: channel.id,
        kind: entry.kind,
        show: entry.kind === 'slate' ? '' : (named?.show ?? ''),
        title: entry.kind === 'slate' ? '' : (named?.title ?? ''),
        timeslot: entry.slotId ?? '',
        ad: entry.kind === 'spot' ? (named?.ad ?? '') : '',
        placement: entry.spotId ?? '',
        package: entry.mediaId,
        start: toRecordDate(entry.start),
        end: toRecordDate(entry.end),
        offsetSec: entry.offsetSec,
      };
    };
    await records.transaction(async (writer) => {
      if (changes.extended && last) {
        await writer.update('asRun', last.id, { end: toRecordDate(changes.extended.end) }, UPDATE);
      }
      for (const entry of changes.added) await writer.create('asRun', row(entry), CREATE);
    });
    return changes.added.length + (changes.extended ? 1 : 0);
  }
}
