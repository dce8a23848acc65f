import {
  fromRecordDate,
  parseExceptions,
  RecurrenceError,
  type RecurrenceInput,
  splitRecurrence,
  toRecordDate,
} from '@airgrid/domain';
import { isEditorRole } from '@airgrid/schema';
import type {
  SeriesDeleteRequest,
  SeriesEditRequest,
  SeriesPivot,
} from '@airgrid/schema/contracts';
import type { Clock } from '../../clock.js';
import type { Transaction } from '../../db/tables.js';
import { ApiError, type ErrorData } from '../../errors/api-error.js';
import type { RecordRequest, RecordService } from '../../records/record-service.js';
import { memberOrganizationOf } from '../../request-types.js';
import { instanceCollisions } from './schedule-plan.js';
import { barsOverlapping } from './schedule-repository.js';
import {
  firstKeyFrom,
  firstKeyOnOrAfter,
  inScope,
  moves,
  type Placement,
  planSeriesEdit,
  requireInstance,
  type SeriesTimeslot,
  type StoredRecurrence,
} from './series-plan.js';
import { seriesTimeslots } from './series-repository.js';
import { overlapMessage } from './timeslots-collection.js';
import { lockChannelSchedule, type ScheduleChannel } from './timeslots-repository.js';

/** What a series operation did to the timeslots. */
export interface SeriesResult {
  updated: number;
  created: number;
  removed: number;
}

function fieldError(field: string, message: string, code = 'validation_invalid_value') {
  return new ApiError(400, message, { [field]: { code, message } });
}

function stored(record: Record<string, unknown>): StoredRecurrence {
  return {
    id: String(record.id),
    channel: String(record.channel),
    show: String(record.show),
    rrule: String(record.rrule),
    timeZone: String(record.timeZone),
    startLocal: String(record.startLocal),
    durationSec: Number(record.durationSec),
    until:
      typeof record.until === 'string' && record.until !== '' ? fromRecordDate(record.until) : null,
    exceptions: parseExceptions(record.exceptions),
  };
}

/** The fields a recurrence record is saved with. */
function recurrenceFields(recurrence: RecurrenceInput) {
  return {
    rrule: typeof recurrence.rrule === 'string' ? recurrence.rrule : '',
    timeZone: recurrence.timeZone,
    startLocal: recurrence.startLocal,
    durationSec: recurrence.durationSec,
    until: recurrence.until ? toRecordDate(recurrence.until) : '',
    exceptions: recurrence.exceptions ?? {},
  };
}

/**
 * Editing and deleting a recurrence from one of its airings (docs/decisions/0016-series-edits.md):
 * "this and following" splits the series there, "the whole series" changes every airing not yet
 * started. Each is one transaction holding the channels' schedule locks, writing through the
 * record engine as the requester, so the collections' rules, overlap check and realtime events
 * apply to every timeslot and recurrence it changes.
 */
export class SeriesService {
  constructor(
    private readonly records: RecordService,
    private readonly clock: Clock,
  ) {}

  async edit(request: RecordRequest, id: string, input: SeriesEditRequest): Promise<SeriesResult> {
    const record = await this.records.view('recurrences', id, request);
    const organization = String(record.organization);
    this.requireEditor(request, organization);
    const { changes } = input;
    if (changes.show !== undefined) {
      await this.records.view('shows', changes.show, request).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) {
          throw fieldError('show', 'No show of your organization has this id.');
        }
        throw error;
      });
    }
    return this.records.transaction(async (records, trx) => {
      const recurrence = stored(record);
      const targetId = changes.channel ?? recurrence.channel;
      const channels = await lockChannels(trx, organization, [recurrence.channel, targetId]);
      const target = channels.get(targetId);
      if (!target) throw fieldError('channel', 'No channel of your organization has this id.');
      const pivot = this.pivotOf(recurrence, input.scope, input.pivot);
      if (pivot === null) {
        throw new ApiError(400, 'This series has no airings left to change: they have all aired.');
      }
      const affected = inScope(
        await seriesTimeslots(trx, organization, id),
        pivot,
        recurrence.timeZone,
      );
      const plan = attempt(() =>
        planSeriesEdit(
          recurrence,
          pivot,
          changes,
          { channel: targetId, timeZone: target.timeZone },
          affected,
        ),
      );
      const locked = plan.placements.find(
        (placement) => placement.timeslot?.locked && moves(placement, targetId),
      );
      if (locked?.timeslot) {
        throw new ApiError(
          400,
          `The airing of ${locked.timeslot.occurrence || 'this series'} is locked: unlock it before changing its time, length or channel.`,
        );
      }
      await refuseCollisions(trx, organization, targetId, target, plan.placements, affected);

      // The recurrence first: the part before the scope keeps its id, the rest is a new series.
      let seriesId = id;
      if (plan.before) {
        await records.update('recurrences', id, recurrenceFields(plan.before), request);
        const created = await records.create(
          'recurrences',
          {
            organization,
            channel: plan.after.channel,
            show: plan.after.show,
            ...recurrenceFields(plan.after),
          },
          request,
        );
        seriesId = String(created.id);
      } else {
        await records.update(
          'recurrences',
          id,
          { channel: plan.after.channel, show: plan.after.show, ...recurrenceFields(plan.after) },
          request,
        );
      }

      // The timeslots leave the series before they change, so their hooks write no exceptions
      // of their own (the recurrence already has the planned ones); the ones that move are
      // cancelled first, so no step of the change overlaps another airing of the series.
      for (const timeslot of affected) {
        await records.update('timeslots', timeslot.id, { recurrence: '', occurrence: '' }, request);
      }
      for (const placement of plan.placements) {
        const timeslot = placement.timeslot;
        if (timeslot && timeslot.status !== 'cancelled' && moves(placement, targetId)) {
          await records.update('timeslots', timeslot.id, { status: 'cancelled' }, request);
        }
      }
      for (const timeslot of plan.removed) await records.delete('timeslots', timeslot.id, request);
      let updated = 0;
      let created = 0;
      for (const placement of plan.placements) {
        const values = {
          channel: targetId,
          show: placement.show,
          start: toRecordDate(placement.start),
          durationSec: placement.durationSec,
          status: placement.status,
          recurrence: seriesId,
          occurrence: placement.key,
          ...(changes.note !== undefined ? { note: changes.note } : {}),
        };
        if (placement.timeslot) {
          await records.update('timeslots', placement.timeslot.id, values, request);
          updated++;
        } else {
          await records.create(
            'timeslots',
            { ...values, organization, source: 'recurrence' },
            request,
          );
          created++;
        }
      }
      return { updated, created, removed: plan.removed.length };
    });
  }

  async delete(
    request: RecordRequest,
    id: string,
    input: SeriesDeleteRequest,
  ): Promise<SeriesResult> {
    const record = await this.records.view('recurrences', id, request);
    const organization = String(record.organization);
    this.requireEditor(request, organization);
    return this.records.transaction(async (records, trx) => {
      const recurrence = stored(record);
      await lockChannels(trx, organization, [recurrence.channel]);
      const pivot = this.pivotOf(recurrence, input.scope, input.pivot);
      const timeslots = await seriesTimeslots(trx, organization, id);
      const affected = pivot === null ? [] : inScope(timeslots, pivot, recurrence.timeZone);
      const split = pivot === null ? null : attempt(() => splitRecurrence(recurrence, pivot));
      // Out of the series first, so deleting them writes no cancellations into it.
      for (const timeslot of affected) {
        await records.update('timeslots', timeslot.id, { recurrence: '', occurrence: '' }, request);
        await records.delete('timeslots', timeslot.id, request);
      }
      if (input.scope === 'following' && split?.before) {
        await records.update('recurrences', id, recurrenceFields(split.before), request);
      } else {
        // The whole series goes; airings that already aired stay, as one-offs.
        await records.delete('recurrences', id, request);
      }
      return { updated: 0, created: 0, removed: affected.length };
    });
  }

  /** Where the scope starts: 'series' at the first airing not yet started. */
  private pivotOf(
    recurrence: StoredRecurrence,
    scope: 'following' | 'series',
    pivot: SeriesPivot,
  ): string | null {
    return attempt(() => {
      if (scope === 'series') return firstKeyFrom(recurrence, this.clock.now());
      if (pivot?.kind === 'date') {
        const key = firstKeyOnOrAfter(recurrence, pivot.date);
        if (key === null) {
          throw fieldError('occurrence', `This series has no airing on or after ${pivot.date}.`);
        }
        return key;
      }
      if (!pivot) throw fieldError('occurrence', 'Give the airing the change starts from.');
      try {
        requireInstance(recurrence, pivot.key);
      } catch (error) {
        if (error instanceof RecurrenceError) throw fieldError('occurrence', error.message);
        throw error;
      }
      return pivot.key;
    });
  }

  /** Superusers, and the organization's owners, admins and editors (the timeslots' rules). */
  private requireEditor(request: RecordRequest, organization: string) {
    if (request.isSuperuser) return;
    const auth = request.auth?.record;
    const isEditor =
      memberOrganizationOf(request.auth) === organization && isEditorRole(auth?.role);
    if (!isEditor) {
      throw new ApiError(
        403,
        'Only editors, admins and owners of the organization can change the schedule.',
      );
    }
  }
}

/** Runs pure planning, turning the domain's refusals into 400s with its message. */
function attempt<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof RecurrenceError) throw new ApiError(400, error.message);
    throw error;
  }
}

/** Locks each channel's schedule (in id order, so two operations never wait on each other). */
async function lockChannels(
  trx: Transaction,
  organization: string,
  ids: readonly string[],
): Promise<Map<string, ScheduleChannel>> {
  const channels = new Map<string, ScheduleChannel>();
  for (const id of [...new Set(ids)].sort()) {
    const channel = await lockChannelSchedule(trx, id, organization);
    if (channel) channels.set(id, channel);
  }
  return channels;
}

/**
 * Refuses, listing every one, the airings that would land on another timeslot of the channel
 * (the series' own timeslots in scope are moving too, so they are not in the way). Only the
 * organization's own schedule is read, so a collision names only what the requester may see.
 */
async function refuseCollisions(
  trx: Transaction,
  organization: string,
  channelId: string,
  channel: ScheduleChannel,
  placements: readonly Placement[],
  affected: readonly SeriesTimeslot[],
) {
  const airings = placements
    .filter((placement) => placement.status === 'scheduled')
    .map((placement) => ({
      id: placement.key,
      start: placement.start,
      durationSec: placement.durationSec,
    }));
  if (airings.length === 0) return;
  const from = Math.min(...airings.map((airing) => airing.start));
  const to = Math.max(...airings.map((airing) => airing.start + airing.durationSec * 1000));
  const leaving = new Set(affected.map((timeslot) => timeslot.id));
  const scheduled = (
    await barsOverlapping(trx, { organization, channel: channelId }, from, to)
  ).filter((bar) => !leaving.has(bar.id));
  const collisions = instanceCollisions(airings, scheduled);
  if (collisions.length === 0) return;
  throw new ApiError(
    400,
    `${collisions.length === 1 ? 'One airing collides' : `${collisions.length} airings collide`} with timeslots already on ${channel.name}: nothing was changed`,
    {
      collisions: collisions.map(({ instance, existing }) => ({
        start: toRecordDate(instance.start),
        key: instance.id,
        title: existing.title,
        timeslot: existing.id,
        message: overlapMessage(
          {
            id: existing.id,
            title: existing.title,
            start: toRecordDate(existing.start),
            durationSec: existing.durationSec,
          },
          channel,
        ),
      })),
    } as unknown as ErrorData,
  );
}
