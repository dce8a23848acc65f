import { toRecordDate } from '@airgrid/domain';
import {
  CABLECAST_SYNC_REPORT_LIMIT,
  type CablecastChannelLink,
  cablecastConnections,
  cablecastSyncs,
} from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { JobHandler } from '../../jobs/job-runner.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import { type CablecastClient, createCablecastClient } from './cablecast-client.js';
import { CablecastError } from './cablecast-error.js';
import { type CablecastShowLookups, mapShow, planTimeslots } from './cablecast-mapping.js';
import type {
  CablecastReel,
  CablecastScheduleItem,
  CablecastShow,
  UnreadableRecord,
} from './cablecast-records.js';
import { CablecastSyncRepository } from './cablecast-sync-repository.js';
import { type PlannedChannel, type SkippedEntry, writeImport } from './cablecast-sync-writes.js';
import { importThumbnails } from './cablecast-thumbnails.js';
import type { SecretBox } from './secret-box.js';

// The Cablecast sync (issue 19, item 2; decision 0030 and its addendum): one run of a
// `cablecast-sync` job. Everything is read from Cablecast first (the catalogue, in full the
// first time and by `lastModified` after; the runs of the window on each mapped channel), then
// planned on Airgrid's grid, then written in one transaction (cablecast-sync-writes.ts). A
// server that fails or hangs mid-read leaves nothing half-written: the last good import stays,
// the run's record says why, and the owners and admins are told once per failing streak.

/** The window of runs a sync keeps in step: a week back, a month ahead. */
const SYNC_DAYS_BACK = 7;
const SYNC_DAYS_AHEAD = 30;
const DAY_MS = 86_400_000;

/** What telling the owners and admins needs (main.ts passes the Notifier). */
export interface SyncNotifier {
  notify(
    userId: string,
    notification: { title: string; body: string; type: 'warning'; path: string },
  ): Promise<void>;
}

export interface CablecastSyncOptions {
  /** Per request to Cablecast; the client's default is 30 s. */
  timeoutMs?: number;
  /** How often each node looks for a scheduled sync that is due (a minute; tests shorten it). */
  scheduleEveryMs?: number;
  /** The outbound guard's fetch for Cablecast (outbound/guarded-fetch.ts). */
  fetch?: typeof fetch;
}

/** A problem the station can fix, said as it should read it. */
class SyncProblem extends Error {}

type Stored = Record<string, unknown> & { id: string };

/** What was read from Cablecast, before anything is written. */
interface Reading {
  catalogue: CablecastShow[];
  runs: { link: CablecastChannelLink; items: CablecastScheduleItem[] }[];
  shows: CablecastShow[];
  lookups: CablecastShowLookups;
  unreadable: UnreadableRecord[];
}

export class CablecastSync {
  constructor(
    private readonly records: RecordService,
    private readonly repository: CablecastSyncRepository,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly notifier: SyncNotifier,
    private readonly log: FastifyBaseLogger,
    private readonly options: CablecastSyncOptions = {},
  ) {}

  /** The `cablecast-sync` job: its target is `cablecastSyncs/{id}`. */
  job(): JobHandler {
    return async ({ job, signal }) => {
      const [, id] = job.target.split('/');
      if (id) await this.run(id, signal);
    };
  }

  /** Runs the queued sync `id` to its end, keeping its report or why it failed. */
  async run(id: string, signal?: AbortSignal): Promise<void> {
    const sync = await this.records.findRecord(cablecastSyncs, id);
    if (!sync || sync.state === 'done' || sync.state === 'failed') return;
    const organization = String(sync.organization);
    await this.updateSync(id, {
      state: 'running',
      started: toRecordDate(this.clock.now()),
      error: '',
    });
    const connection = await this.connectionOf(organization);
    try {
      if (!connection) throw new SyncProblem('Cablecast is not connected any more.');
      const outcome = await this.sync(organization, connection, signal);
      await this.records.update(
        cablecastConnections.name,
        connection.id,
        { failingSince: '', ...(outcome.cursor ? { showsCursor: outcome.cursor } : {}) },
        serverRequest('PATCH'),
      );
      await this.updateSync(id, {
        state: 'done',
        finished: toRecordDate(this.clock.now()),
        counts: outcome.counts,
        skipped: outcome.skipped.slice(0, CABLECAST_SYNC_REPORT_LIMIT),
      });
    } catch (error) {
      // The server is stopping: the job goes back to the queue and runs again from the start.
      if (signal?.aborted) throw error;
      const message = this.messageOf(error);
      await this.updateSync(id, {
        state: 'failed',
        finished: toRecordDate(this.clock.now()),
        error: message,
      });
      if (connection) await this.failing(connection, message);
    }
  }

  private async sync(organization: string, connection: Stored, signal?: AbortSignal) {
    const links = readChannelMap(connection.channelMap).filter((link) => link.channel !== '');
    if (links.length === 0) {
      throw new SyncProblem(
        'No Cablecast channel is set to import: choose an Airgrid channel for at least one under “Channels and sync”.',
      );
    }
    const client = createCablecastClient({
      baseUrl: String(connection.baseUrl),
      apiKey: this.credentialsOf(connection),
      ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      ...(signal ? { signal } : {}),
    });
    const now = this.clock.now();
    const window = { start: now - SYNC_DAYS_BACK * DAY_MS, end: now + SYNC_DAYS_AHEAD * DAY_MS };
    const reading = await this.read(client, String(connection.showsCursor ?? ''), links, window);

    const channels = new Map(
      (await this.repository.channels(organization)).map((channel) => [channel.id, channel]),
    );
    const skipped: SkippedEntry[] = reading.unreadable.map((record) => ({
      externalId: `${record.collection} ${String(record.id ?? '?')}`,
      reason: `Cablecast sent it in a shape Airgrid cannot read: ${record.problem}`,
    }));
    const planned: PlannedChannel[] = [];
    for (const { link, items } of reading.runs) {
      const channel = channels.get(link.channel);
      if (!channel) {
        skipped.push({
          externalId: `channel ${link.cablecast}`,
          reason: `The Airgrid channel chosen for “${link.name}” no longer exists: choose another under “Channels and sync”.`,
        });
        continue;
      }
      const plan = planTimeslots({
        items,
        shows: reading.shows,
        reels: reading.lookups.reels,
        timeZone: channel.timeZone,
      });
      planned.push({ channel: channel.id, plan });
    }

    const needed = new Set(
      planned.flatMap(({ plan }) => plan.timeslots.map((t) => t.showExternalId)),
    );
    const toImport = new Map<string, ReturnType<typeof mapShow>>();
    for (const show of reading.catalogue) {
      if (show.cgExempt === true && !needed.has(String(show.id))) {
        skipped.push({
          externalId: `show ${show.id}`,
          reason: 'Hidden from public listings in Cablecast (CG exempt): not imported.',
        });
        continue;
      }
      toImport.set(String(show.id), mapShow(show, reading.lookups));
    }
    for (const show of reading.shows) {
      if (needed.has(String(show.id)) && !toImport.has(String(show.id)))
        toImport.set(String(show.id), mapShow(show, reading.lookups));
    }

    const counts = await this.records.transaction((records, trx) =>
      writeImport(records, new CablecastSyncRepository(trx), {
        organization,
        shows: [...toImport.values()],
        planned,
        window,
        skipped,
      }),
    );
    // The schedule is in; thumbnails follow, each on its own (a failure is a report line).
    counts.thumbnails = await importThumbnails(
      this.records,
      this.repository,
      client,
      organization,
      [...toImport.values()],
      skipped,
    );
    counts.skipped = skipped.length;
    return { counts, skipped, cursor: greatestModified(reading.catalogue) };
  }

  /** Everything the sync needs from Cablecast, read before anything is written. */
  private async read(
    client: CablecastClient,
    cursor: string,
    links: CablecastChannelLink[],
    window: { start: number; end: number },
  ): Promise<Reading> {
    const categories = await client.categories();
    const producers = await client.producers();
    // The catalogue: in full the first time, then what changed since the newest import.
    const ids = cursor === '' ? undefined : await client.showIdsModifiedSince(cursor);
    const catalogue =
      ids?.length === 0
        ? { items: [], reels: [], shows: [], unreadable: [] }
        : await client.shows(ids ? { ids } : {});
    const runs: Reading['runs'] = [];
    const shows = new Map<number, CablecastShow>(catalogue.items.map((show) => [show.id, show]));
    const reels = new Map<number, CablecastReel>(catalogue.reels.map((reel) => [reel.id, reel]));
    const unreadable = [...catalogue.unreadable];
    for (const link of links) {
      const listing = await client.scheduleItems({
        channel: link.cablecast,
        start: new Date(window.start),
        end: new Date(window.end),
        includeDeleted: true,
      });
      runs.push({ link, items: listing.items });
      for (const show of listing.shows) if (!shows.has(show.id)) shows.set(show.id, show);
      for (const reel of listing.reels) reels.set(reel.id, reel);
      unreadable.push(...listing.unreadable);
    }
    return {
      catalogue: catalogue.items,
      runs,
      shows: [...shows.values()],
      lookups: { reels: [...reels.values()], categories, producers },
      unreadable,
    };
  }

  /** Notes the failure on the connection; the first of a streak tells the owners and admins. */
  private async failing(connection: Stored, message: string) {
    const first = !connection.failingSince;
    if (first) {
      await this.records.update(
        cablecastConnections.name,
        connection.id,
        { failingSince: toRecordDate(this.clock.now()) },
        serverRequest('PATCH'),
      );
    }
    if (!first) return;
    for (const userId of await this.repository.admins(String(connection.organization))) {
      await this.notifier.notify(userId, {
        title: 'The Cablecast sync failed',
        body: `${message} The schedule keeps what the last good sync imported; you will not be told again until a sync works.`,
        type: 'warning',
        path: '/integrations',
      });
    }
  }

  private messageOf(error: unknown): string {
    if (error instanceof SyncProblem || error instanceof CablecastError) return error.message;
    this.log.error({ err: error }, 'cablecast sync failed');
    return 'The sync stopped on an unexpected error, and nothing was changed. The server log has the details.';
  }

  private credentialsOf(connection: Stored): string {
    if (!connection.hasCredentials) return '';
    // Sealed for the saved address: credentials never go to an address they were not saved for.
    const opened = this.box.open(String(connection.credentials ?? ''), String(connection.baseUrl));
    if (opened === null) {
      throw new SyncProblem(
        'The stored Cablecast user name and password can no longer be read (the server’s secret changed): enter them again.',
      );
    }
    return opened;
  }

  private async connectionOf(organization: string): Promise<Stored | null> {
    const { items } = await this.records.list(
      cablecastConnections.name,
      { filter: `organization = "${organization}"`, perPage: '1', skipTotal: 'true' },
      serverRequest('PATCH'),
    );
    const found = items[0];
    // The exported record lacks the hidden credentials: read the stored one.
    return found
      ? ((await this.records.findRecord(cablecastConnections, String(found.id))) as Stored)
      : null;
  }

  private async updateSync(id: string, changes: Record<string, unknown>) {
    await this.records.update(cablecastSyncs.name, id, changes, serverRequest('PATCH'));
  }
}

/** The connection's channel map as stored, each entry checked. */
export function readChannelMap(value: unknown): CablecastChannelLink[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { cablecast, name, channel } = entry as Record<string, unknown>;
    if (typeof cablecast !== 'number' || typeof channel !== 'string') return [];
    return [{ cablecast, name: typeof name === 'string' ? name : '', channel }];
  });
}

/**
 * The incremental import's next cursor: the greatest `lastModified` among the shows read,
 * verbatim (decision 0030). Compared as Cablecast writes them (`2024-06-01T21:10:00`, or with a
 * space), which orders as text once the separator is the same; '' when none was read.
 */
export function greatestModified(shows: readonly CablecastShow[]): string {
  let best = '';
  for (const show of shows) {
    const text = show.lastModified?.trim() ?? '';
    if (text !== '' && text.replace(' ', 'T') > best.replace(' ', 'T')) best = text;
  }
  return best;
}
