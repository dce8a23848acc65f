import { slugify, toRecordDate } from '@airgrid/domain';
import {
  CABLECAST_NEW_CHANNEL,
  type CablecastChannelLink,
  type CablecastSyncTrigger,
  cablecastConnections,
  cablecastSyncs,
  channels as channelsCollection,
  organizations,
} from '@airgrid/schema';
import {
  cablecastChoiceProblem,
  type cablecastSyncSettings,
  type EndpointParsed,
} from '@airgrid/schema/contracts';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { NewJob } from '../../jobs/job-queue-repository.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import type { RequestContext } from '../../request-types.js';
import { INVALID, requireAdmin } from './cablecast-service.js';
import type { CablecastSyncRepository, SyncChannelRow } from './cablecast-sync-repository.js';

// What owners and admins set and start of the Cablecast sync (issue 19, item 2): which
// Cablecast channel feeds which Airgrid channel (made on the spot when asked), how often the
// sync runs by itself, and "Sync now". Each run is a `cablecastSyncs` record and a
// `cablecast-sync` job (cablecast-sync.ts); at most one is queued or running per organization.

/** The channel map and the schedule, read by their contract (cablecastSyncSettings). */
export type SyncSettingsInput = EndpointParsed<typeof cablecastSyncSettings>['body'];

type Stored = Record<string, unknown> & { id: string };

export class CablecastSyncService {
  constructor(
    private readonly records: RecordService,
    private readonly repository: CablecastSyncRepository,
    private readonly clock: Clock,
    private readonly enqueue: (job: NewJob) => Promise<unknown>,
  ) {}

  /**
   * The requester's organization, its connection and the channels its last test found: settings
   * are saved only after a test that found some (checked before the body is read).
   */
  async requireTested(request: RequestContext) {
    const organization = requireAdmin(request);
    const connection = await this.connection(organization);
    const found = connection.lastCheck as {
      ok?: boolean;
      channels?: { id: number; name: string }[];
    };
    if (!found?.ok || !Array.isArray(found.channels)) {
      throw new ApiError(
        400,
        'Test the connection first: the channels to map are the ones the test finds on your Cablecast server.',
      );
    }
    return { organization, connection, found: found.channels };
  }

  /** Saves the channel map and the schedule; answers the connection as the card shows it. */
  async saveSettings(input: SyncSettingsInput, request: RequestContext) {
    const { organization, connection, found } = await this.requireTested(request);
    const every = input.syncEveryMinutes;
    const choices = namedChoices(input.channels, found);
    const own = await this.repository.channels(organization);
    const known = new Set(own.map((channel) => channel.id));
    const taken = new Map<string, string>();
    for (const choice of choices) {
      if (choice.channel === '' || choice.channel === CABLECAST_NEW_CHANNEL) continue;
      if (!known.has(choice.channel))
        throw channelsProblem(`The channel chosen for “${choice.name}” is not one of yours.`);
      const other = taken.get(choice.channel);
      if (other !== undefined) {
        throw channelsProblem(
          `“${other}” and “${choice.name}” cannot feed the same Airgrid channel: their runs would overlap.`,
        );
      }
      taken.set(choice.channel, choice.name);
    }
    const now = this.clock.now();
    return this.records.transaction(async (records) => {
      const map: CablecastChannelLink[] = [];
      for (const choice of choices) {
        const channel =
          choice.channel === CABLECAST_NEW_CHANNEL
            ? await this.createChannel(records, organization, choice.name, own)
            : choice.channel;
        map.push({ cablecast: choice.cablecast, name: choice.name, channel });
      }
      const keepNext =
        every > 0 && Number(connection.syncEveryMinutes) === every && connection.nextSyncAt;
      const saved = await records.update(
        cablecastConnections.name,
        connection.id,
        {
          channelMap: map,
          syncEveryMinutes: every,
          nextSyncAt: keepNext
            ? connection.nextSyncAt
            : every > 0
              ? toRecordDate(now + every * 60_000)
              : '',
        },
        serverRequest('PATCH'),
      );
      const { credentials: _sealed, showsCursor: _cursor, ...shown } = saved;
      return shown;
    });
  }

  /** "Sync now": queues a run, or answers the one already queued or running. */
  async syncNow(request: RequestContext) {
    const organization = requireAdmin(request);
    const connection = await this.connection(organization);
    const mapped = Array.isArray(connection.channelMap)
      ? (connection.channelMap as CablecastChannelLink[]).some((link) => link.channel !== '')
      : false;
    if (!mapped) {
      throw new ApiError(
        400,
        'Choose an Airgrid channel for at least one Cablecast channel, and save, before syncing.',
      );
    }
    return this.request(organization, 'manual', String(request.auth?.record.id ?? ''));
  }

  /**
   * Queues a run for the organization, unless one is queued or running: then answers that one
   * (`created: false`).
   */
  async request(organization: string, trigger: CablecastSyncTrigger, requestedBy = '') {
    const pending = await this.records.list(
      cablecastSyncs.name,
      {
        filter: `organization = "${organization}" && (state = "queued" || state = "running")`,
        perPage: '1',
        skipTotal: 'true',
      },
      serverRequest('PATCH'),
    );
    const running = pending.items[0];
    if (running) return { sync: running, created: false };
    const sync = await this.records.create(
      cablecastSyncs.name,
      { organization, trigger, state: 'queued', requestedBy, counts: {}, skipped: [] },
      serverRequest('POST'),
    );
    await this.enqueue({
      organization,
      kind: 'cablecast-sync',
      target: `${cablecastSyncs.name}/${String(sync.id)}`,
    });
    return { sync, created: true };
  }

  private async connection(organization: string): Promise<Stored> {
    const { items } = await this.records.list(
      cablecastConnections.name,
      { filter: `organization = "${organization}"`, perPage: '1', skipTotal: 'true' },
      serverRequest('PATCH'),
    );
    const found = items[0];
    if (!found) throw new ApiError(400, 'Connect your Cablecast server first, and save it.');
    return found as Stored;
  }

  /** An Airgrid channel named after a Cablecast one, in the station's zone, with a free slug. */
  private async createChannel(
    records: RecordService,
    organization: string,
    name: string,
    own: SyncChannelRow[],
  ): Promise<string> {
    const station = await records.findRecord(organizations, organization);
    const slugs = new Set(own.map((channel) => channel.slug));
    const base = slugify(name) || 'cablecast';
    let slug = base;
    for (let n = 2; slugs.has(slug); n += 1) slug = `${base.slice(0, 60)}-${n}`;
    const created = await records.create(
      channelsCollection.name,
      {
        organization,
        name: name.slice(0, 120) || 'Cablecast',
        slug,
        timeZone: String(station?.timeZone || 'UTC'),
        // A Cablecast channel is on air: listed in the guide and the feeds, numbered after
        // the station's others (the station may change both).
        public: true,
        number: own.reduce((top, channel) => Math.max(top, channel.number), 0) + 1,
        sortOrder: own.length,
      },
      serverRequest('POST'),
    );
    own.push({
      id: String(created.id),
      name,
      slug,
      number: Number(created.number),
      timeZone: String(created.timeZone),
    });
    return String(created.id);
  }
}

function channelsProblem(message: string): ApiError {
  return new ApiError(400, INVALID, { channels: { code: 'validation_invalid_value', message } });
}

/** The choices sent, each named as Cablecast names it: only channels the last test found. */
function namedChoices(
  choices: SyncSettingsInput['channels'],
  found: readonly { id: number; name: string }[],
): CablecastChannelLink[] {
  const names = new Map(found.map((channel) => [channel.id, channel.name]));
  return choices.map(({ cablecast, channel }) => {
    const name = names.get(cablecast);
    if (name === undefined) throw channelsProblem(cablecastChoiceProblem(cablecast));
    return { cablecast, name, channel };
  });
}
