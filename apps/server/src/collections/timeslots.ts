import {
  fromRecordDate,
  instantToLocal,
  snapInstant,
  snapToQuarterHour,
  toRecordDate,
} from '@airgrid/domain';
import { timeslots as definition } from '@airgrid/schema';
import { type CollectionModule, FieldProblem, type HookContext } from './collection-module.js';
import { editorWrites } from './role-rules.js';
import {
  type Collision,
  findCollision,
  lockChannelSchedule,
  type ScheduleChannel,
} from './timeslots-repository.js';

/** Fields whose change can make a timeslot collide with another. */
const SCHEDULE_FIELDS = ['channel', 'start', 'durationSec', 'status'] as const;

/**
 * Rounds a record date to the nearest 15-minute step (the domain's snapInstant: ties go later),
 * the grid the timeline and the guide draw on. Anything that is not a date comes back unchanged
 * for validation to report.
 */
export function snapStartToQuarterHour(start: unknown): unknown {
  if (typeof start !== 'string') return start;
  const ms = fromRecordDate(start);
  if (ms === null) return start;
  return toRecordDate(snapInstant(ms));
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
  const { channel, start, durationSec, status } = values;
  if (status === 'cancelled') return;
  if (typeof channel !== 'string' || channel === '') return;
  if (typeof start !== 'string' || typeof durationSec !== 'number') return;
  const startMs = fromRecordDate(start);
  if (startMs === null || durationSec <= 0) return;
  // A channel that does not exist is reported by the relation check that follows.
  const scheduleChannel = await lockChannelSchedule(context.trx, channel);
  if (!scheduleChannel) return;
  const collision = await findCollision(context.trx, {
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
 * Airings: members read the schedule, editors and above change it. Starts snap to the 15-minute
 * grid and durations to 15-minute steps; a scheduled timeslot never overlaps another on its
 * channel. An update that leaves channel, start, duration and status as they were is not
 * checked again, so fixing a note on an old airing never trips over history.
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
      if (SCHEDULE_FIELDS.every((field) => values[field] === existing[field])) return;
      await refuseOverlap(values, context);
    },
  },
};
