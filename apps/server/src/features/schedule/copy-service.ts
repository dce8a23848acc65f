import { addDays, instantToLocal, localToInstant, toRecordDate } from '@airgrid/domain';
import { type CopyResult, isEditorRole } from '@airgrid/schema';
import { type CopyRequest, dayNumber } from '@airgrid/schema/contracts';
import type { Transaction } from '../../db/tables.js';
import { ApiError, type ErrorData } from '../../errors/api-error.js';
import type { RecordRequest, RecordService } from '../../records/record-service.js';
import { memberOrganizationOf } from '../../request-types.js';
import { type CopyChannel, organizationChannels, scheduledBetween } from './copy-repository.js';
import { instanceCollisions } from './schedule-plan.js';
import { barsOverlapping } from './schedule-repository.js';
import { overlapMessage } from './timeslots-collection.js';
import { lockChannelSchedule } from './timeslots-repository.js';

/** The most airings one copy request may create: a busy week copied for a year, roughly. */
const MAX_COPIES = 5000;

/** One airing the copy would make. */
interface Copy {
  id: string;
  channel: CopyChannel;
  show: string;
  title: string;
  start: number;
  durationSec: number;
  note: string;
  /** The local date of the copy this airing belongs to. */
  target: string;
}

/**
 * Copying a day or a week of the schedule to other dates: every copy is computed first, on each
 * channel's own clock (a 19:00 airing lands at 19:00 whatever DST does between the dates), and
 * checked against the channel's timeslots. A dry run only answers; otherwise the copies are
 * created in one transaction, all or none, through the record engine as the requester (or, with
 * skipCollisions, all but the ones that collide).
 */
export class CopyService {
  constructor(private readonly records: RecordService) {}

  async copy(request: RecordRequest, input: CopyRequest): Promise<CopyResult> {
    const organization = this.organizationOf(request, input.organization);
    return this.records.transaction(async (records, trx) => {
      const channels = await organizationChannels(trx, organization, input.channels);
      const missing = input.channels.filter((id) => !channels.some((one) => one.id === id));
      if (missing.length > 0) {
        const message = `No channel of your organization has the id ${missing[0]}.`;
        throw new ApiError(400, message, {
          channels: { code: 'validation_invalid_value', message },
        });
      }
      for (const channel of channels) await lockChannelSchedule(trx, channel.id, organization);

      const copies: Copy[] = [];
      for (const channel of channels) {
        copies.push(...(await copiesOn(trx, organization, channel, input)));
        if (copies.length > MAX_COPIES) {
          throw new ApiError(
            400,
            `This copy would make more than ${MAX_COPIES} airings: copy fewer days or fewer dates at a time.`,
          );
        }
      }
      const collisions = await collisionsOf(trx, organization, channels, copies);
      const colliding = new Set(collisions.map((collision) => collision.copy.id));
      const listed = collisions.map(({ copy, blocking }) => ({
        channel: copy.channel.id,
        channelName: copy.channel.name,
        target: copy.target,
        title: copy.title,
        start: toRecordDate(copy.start),
        durationSec: copy.durationSec,
        timeslot: blocking.id,
        blocking: blocking.title,
        message: `${copy.title} copied to ${instantToLocal(copy.start, copy.channel.timeZone).replace('T', ' ')}: ${overlapMessage(
          {
            id: blocking.id,
            title: blocking.title,
            start: toRecordDate(blocking.start),
            durationSec: blocking.durationSec,
          },
          copy.channel,
        )}`,
      }));
      const fitting = copies.filter((copy) => !colliding.has(copy.id));
      const result = {
        dryRun: input.dryRun,
        copies: fitting.length,
        created: 0,
        skipped: input.skipCollisions ? colliding.size : 0,
        collisions: listed,
      };
      if (input.dryRun) return result;
      if (colliding.size > 0 && !input.skipCollisions) {
        throw new ApiError(
          400,
          `${colliding.size === 1 ? 'One copied airing collides' : `${colliding.size} copied airings collide`} with the schedule: nothing was copied`,
          { collisions: listed } as unknown as ErrorData,
        );
      }
      for (const copy of fitting) {
        await records.create(
          'timeslots',
          {
            organization,
            channel: copy.channel.id,
            show: copy.show,
            start: toRecordDate(copy.start),
            durationSec: copy.durationSec,
            status: 'scheduled',
            source: 'manual',
            note: copy.note,
          },
          request,
        );
      }
      return { ...result, created: fitting.length };
    });
  }

  /** The requester's organization (a superuser names one), if they may edit its schedule. */
  private organizationOf(request: RecordRequest, asked: string | null): string {
    if (request.isSuperuser) {
      if (!asked) {
        const message = 'Name the organization whose schedule to copy.';
        throw new ApiError(400, message, {
          organization: { code: 'validation_required', message },
        });
      }
      return asked;
    }
    const own = memberOrganizationOf(request.auth);
    if (own === '' || (asked !== null && asked !== own)) {
      throw new ApiError(
        403,
        'Only editors, admins and owners of the organization can copy its schedule.',
      );
    }
    if (!isEditorRole(request.auth?.record.role)) {
      throw new ApiError(
        403,
        'Only editors, admins and owners of the organization can copy its schedule.',
      );
    }
    return own;
  }
}

/** The channel's airings in the source days, copied to each target on the channel's clock. */
async function copiesOn(
  trx: Transaction,
  organization: string,
  channel: CopyChannel,
  input: CopyRequest,
): Promise<Copy[]> {
  const zone = channel.timeZone;
  const from = localToInstant(`${input.from}T00:00`, zone);
  const to = localToInstant(`${addDays(input.to, 1)}T00:00`, zone);
  const source = await scheduledBetween(trx, organization, channel.id, from, to);
  const first = dayNumber(input.from) ?? 0;
  const copies: Copy[] = [];
  for (const target of input.targets) {
    const shift = (dayNumber(target) ?? 0) - first;
    for (const airing of source) {
      const local = instantToLocal(airing.start, zone);
      const start = localToInstant(
        `${addDays(local.slice(0, 10), shift)}T${local.slice(11)}`,
        zone,
      );
      copies.push({
        id: `${airing.id}:${target}`,
        channel,
        show: airing.show,
        title: airing.title,
        start,
        durationSec: airing.durationSec,
        note: airing.note,
        target,
      });
    }
  }
  return copies;
}

/** Every copy that lands on a timeslot already on its channel, with the one in the way. */
async function collisionsOf(
  trx: Transaction,
  organization: string,
  channels: readonly CopyChannel[],
  copies: readonly Copy[],
) {
  const found = [];
  for (const channel of channels) {
    const mine = copies.filter((copy) => copy.channel.id === channel.id);
    if (mine.length === 0) continue;
    const from = Math.min(...mine.map((copy) => copy.start));
    const to = Math.max(...mine.map((copy) => copy.start + copy.durationSec * 1000));
    const existing = await barsOverlapping(trx, { organization, channel: channel.id }, from, to);
    for (const { instance, existing: blocking } of instanceCollisions(mine, existing)) {
      found.push({ copy: instance, blocking });
    }
  }
  return found;
}
