import {
  fromRecordDate,
  type InstanceOverride,
  instantToLocal,
  MAX_RECORD_DATE_MS,
  overrideFor,
  parseExceptions,
  QUARTER_HOUR_MS,
  snapInstant,
  snapToQuarterHour,
  toRecordDate,
  withOverride,
} from '@airgrid/domain';
import { timeslots as definition } from '@airgrid/schema';
import { editorWrites } from '../../collections/role-rules.js';
import { noteScheduleDeletion } from '../../collections/schedule-deletions-repository.js';
import { ApiError } from '../../errors/api-error.js';
import {
  type CollectionModule,
  FieldProblem,
  type HookContext,
} from '../../records/collection-module.js';
import {
  type Collision,
  findCollision,
  findRecurrence,
  lockChannelSchedule,
  type ScheduleChannel,
  saveRecurrenceExceptions,
} from './timeslots-repository.js';

/** Fields whose change can make a timeslot collide with another. */
const SCHEDULE_FIELDS = ['channel', 'start', 'durationSec', 'status'] as const;

/** Fields whose change makes a recurrence's instance differ from its rule. */
const INSTANCE_FIELDS = [...SCHEDULE_FIELDS, 'show'] as const;

/**
 * Rounds a record date to the nearest 15-minute step (the domain's snapInstant: ties go later),
 * the grid the timeline and the guide draw on. Anything that is not a date (or lies outside
 * years 1 to 9999) comes back unchanged for validation to report; the last minutes of 9999,
 * which would round into year 10000, go to the step before instead.
 */
export function snapStartToQuarterHour(start: unknown): unknown {
  if (typeof start !== 'string') return start;
  const ms = fromRecordDate(start);
  if (ms === null) return start;
  const snapped = snapInstant(ms);
  return toRecordDate(snapped > MAX_RECORD_DATE_MS ? snapped - QUARTER_HOUR_MS : snapped);
}

/** "19:00": the wall-clock time of a record date in a zone. */
function localTime(recordDate: string, zone: string): string {
  return instantToLocal(fromRecordDate(recordDate) ?? 0, zone).slice(11, 16);
}

/**
 * The field message for a collision, in the channel's own time zone:
 * `Overlaps "Council Meeting" on RCTV 1 from 19:00 to 20:00 (America/New_York)`.
 */
export function overlapMessage(collision: Collision, channel: ScheduleChannel): string {
  const end = toRecordDate((fromRecordDate(collision.start) ?? 0) + collision.durationSec * 1000);
  const from = localTime(collision.start, channel.timeZone);
  const to = localTime(end, channel.timeZone);
  return `Overlaps "${collision.title}" on ${channel.name} from ${from} to ${to} (${channel.timeZone})`;
}

function snap(values: Record<string, unknown>) {
  values.start = snapStartToQuarterHour(values.start);
  if (typeof values.durationSec === 'number')
    values.durationSec = snapToQuarterHour(values.durationSec);
}

/**
 * Refuses a scheduled timeslot that overlaps another scheduled one on its channel. Runs in the
 * write's transaction after taking the channel's schedule lock, so of two concurrent writes
 * that collide, the second sees the first.
 */
async function refuseOverlap(values: Record<string, unknown>, context: HookContext) {
  const { organization, channel, start, durationSec, status } = values;
  if (status === 'cancelled') return;
  if (typeof channel !== 'string' || channel === '' || typeof organization !== 'string') return;
  if (typeof start !== 'string' || typeof durationSec !== 'number') return;
  const startMs = fromRecordDate(start);
  if (startMs === null || durationSec <= 0) return;
  // The engine has already refused a channel that is missing or another organization's.
  const scheduleChannel = await lockChannelSchedule(context.trx, channel, organization);
  if (!scheduleChannel) return;
  const collision = await findCollision(context.trx, {
    organization,
    channel,
    start,
    end: toRecordDate(startMs + durationSec * 1000),
    except: typeof values.id === 'string' ? values.id : '',
  });
  if (collision) {
    throw new FieldProblem(
      'start',
      'validation_timeslot_overlap',
      overlapMessage(collision, scheduleChannel),
    );
  }
}

/**
 * Writes what happened to a recurrence's instance into the recurrence's exceptions, in the same
 * transaction, so expanding the recurrence again keeps the change instead of bringing the
 * instance back at its old place (docs/decisions/0010-recurrence.md). `airing` is how the
 * instance airs now, or null when it is deleted (a cancellation). An instance moved to another
 * channel leaves the recurrence: it is cancelled there and becomes a one-off.
 */
async function recordInstanceChange(
  existing: Readonly<Record<string, unknown>>,
  airing: Record<string, unknown> | null,
  context: HookContext,
) {
  const { recurrence: id, occurrence: key } = existing;
  if (typeof id !== 'string' || id === '' || typeof key !== 'string' || key === '') return;
  const recurrence = await findRecurrence(context.trx, id, String(existing.organization));
  if (!recurrence) return;
  let override: InstanceOverride | null = { cancelled: true };
  if (airing && airing.channel === recurrence.channel) {
    override = overrideFor(key, recurrence, {
      startLocal: instantToLocal(fromRecordDate(String(airing.start)) ?? 0, recurrence.timeZone),
      durationSec: Number(airing.durationSec),
      show: String(airing.show),
      cancelled: airing.status === 'cancelled',
    });
  } else if (airing) {
    airing.recurrence = '';
    airing.occurrence = '';
  }
  const exceptions = withOverride(parseExceptions(recurrence.exceptions), key, override);
  await saveRecurrenceExceptions(
    context.trx,
    recurrence.id,
    JSON.stringify(exceptions),
    toRecordDate(context.now),
  );
  await context.changed('recurrences', recurrence.id);
}

/** What a member may still change on a timeslot imported from Cablecast. */
const LOCAL_FIELDS = new Set([
  'note',
  'updated',
  'created',
  'id',
  'collectionId',
  'collectionName',
]);

const IMPORTED_MESSAGE =
  'Imported from Cablecast: change it in Cablecast (the next sync would undo a change made here). Only its note can change in Airgrid.';

/**
 * A timeslot the Cablecast sync keeps (`cablecastId`) is the sync's: a member's change to its
 * time, show, channel or status, or its removal, would last only until the next sync, so it is
 * refused with the reason (decision 0030). The server itself (the sync) passes.
 */
function refuseImportedChange(
  existing: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>> | null,
  context: HookContext,
) {
  if (context.isSuperuser || !(Number(existing.cablecastId) > 0)) return;
  // A delete's hook runs outside field validation: its refusal is the request's own 400.
  if (!values) throw new ApiError(400, IMPORTED_MESSAGE);
  const changed = Object.keys(values).find(
    (field) => !LOCAL_FIELDS.has(field) && values[field] !== existing[field],
  );
  if (changed) throw new FieldProblem(changed, 'validation_timeslot_imported', IMPORTED_MESSAGE);
}

/**
 * Airings: members read the schedule, editors and above change it. Starts snap to the 15-minute
 * grid and durations to 15-minute steps; a scheduled timeslot never overlaps another on its
 * channel. An update that leaves channel, start, duration and status as they were is not
 * checked again, so fixing a note on an old airing never trips over history. Moving,
 * cancelling, re-showing or deleting a recurrence's instance records it on the recurrence.
 */
export const timeslots: CollectionModule = {
  definition,
  rules: editorWrites(),
  hooks: {
    async beforeCreate(values, context) {
      snap(values);
      await refuseOverlap(values, context);
    },
    async beforeUpdate(values, existing, context) {
      snap(values);
      refuseImportedChange(existing, values, context);
      if (INSTANCE_FIELDS.some((field) => values[field] !== existing[field]))
        await recordInstanceChange(existing, values, context);
      if (SCHEDULE_FIELDS.every((field) => values[field] === existing[field])) return;
      await refuseOverlap(values, context);
    },
    async beforeDelete(existing, context) {
      refuseImportedChange(existing, null, context);
      await recordInstanceChange(existing, null, context);
      await noteScheduleDeletion(existing, context);
    },
  },
};
