import {
  type ChangeRefused,
  type ChangeResult,
  expandRecurrence,
  fromRecordDate,
  moveBar,
  type Occurrence,
  parseExceptions,
  RecurrenceError,
  resizeBar,
  toRecordDate,
} from '@airgrid/domain';
import { isEditorRole } from '@airgrid/schema';
import type { ExpandRequest, MoveRequest } from '@airgrid/schema/contracts';
import { ApiError, type ErrorData } from '../../errors/api-error.js';
import type { RecordRequest, RecordService } from '../../records/record-service.js';
import { memberOrganizationOf } from '../../request-types.js';
import { instanceCollisions, reachesBeyond, reachOf, writeOrder } from './schedule-plan.js';
import {
  barsEndingAfter,
  barsOverlapping,
  barsStartingBefore,
  bundleMembers,
  madeInstances,
  type ScheduleBar,
  scheduledBar,
} from './schedule-repository.js';
import { overlapMessage } from './timeslots-collection.js';
import { lockChannelSchedule, type ScheduleChannel } from './timeslots-repository.js';

/**
 * The most bars a push reads in its direction. The domain settles 10,000 back-to-back bars in
 * under a millisecond; the bound is for the reads and writes, and a push that would need more is
 * refused rather than cut short.
 */
export const MAX_PUSH_BARS = 10_000;

const NOT_AN_EDITOR =
  'Only editors, admins and owners of the organization can change the schedule.';

/** A field error with the id of the timeslot in the way, for the UI to point at. */
function blockedBy(field: string, code: string, message: string, timeslot: string): ApiError {
  return new ApiError(400, message, { [field]: { code, message, params: { timeslot } } });
}

/**
 * The schedule's own operations (PRODUCT.md: the scheduling workspace): moving and resizing a
 * timeslot with push-on-overlap or no-overlap, and filling a window with a recurrence's
 * instances. Both read and write in one transaction holding the channel's schedule lock, and
 * write through the record engine as the requester, so the timeslots' rules, snapping, overlap
 * check and realtime events apply to every changed timeslot.
 */
export class ScheduleService {
  constructor(private readonly records: RecordService) {}

  async move(request: RecordRequest, input: MoveRequest) {
    // Another organization's timeslot is not found; a member who is not an editor is refused.
    const target = await this.records.view('timeslots', input.timeslot, request);
    this.requireEditor(request, String(target.organization));
    if (target.status === 'cancelled') {
      throw new ApiError(400, 'This timeslot is cancelled: restore it before moving it.');
    }
    const scope = { organization: String(target.organization), channel: String(target.channel) };
    return this.records.transaction(async (records, trx) => {
      const channel = await lockChannelSchedule(trx, scope.channel, scope.organization);
      const bar = channel && (await scheduledBar(trx, scope, input.timeslot));
      if (!channel || !bar) throw new ApiError(404);
      const bundle = bar.bundle ? await bundleMembers(trx, scope, [bar.bundle]) : [];
      const reach = reachOf(bar, bundle, input.change, input.mode);

      let loaded: ScheduleBar[];
      let truncated = false;
      if (reach.direction === 'window') {
        loaded = await barsOverlapping(trx, scope, reach.from, reach.to);
      } else {
        const read = reach.direction === 'right' ? barsEndingAfter : barsStartingBefore;
        const edge = reach.direction === 'right' ? reach.from : reach.to;
        loaded = await read(trx, scope, edge, { limit: MAX_PUSH_BARS + 1 });
        truncated = loaded.length > MAX_PUSH_BARS;
        if (truncated) loaded = loaded.slice(0, MAX_PUSH_BARS);
      }
      const lastLoaded = loaded.at(-1);
      // A pushed bar takes its whole bundle along: read every member of the bundles reached.
      // A member far from the change may push neighbours this read did not reach; the
      // timeslots' own overlap check refuses that write, so the worst case is a refusal.
      const bundles = [...new Set(loaded.flatMap((other) => (other.bundle ? [other.bundle] : [])))];
      const bars = new Map<string, ScheduleBar>();
      for (const other of [
        bar,
        ...bundle,
        ...loaded,
        ...(await bundleMembers(trx, scope, bundles)),
      ])
        bars.set(other.id, other);

      const list = [...bars.values()];
      const result: ChangeResult<ScheduleBar> =
        input.change.kind === 'move'
          ? moveBar(list, bar.id, input.change.start, input.mode)
          : resizeBar(list, bar.id, input.change.edge, input.change.instant, input.mode);
      const field = input.change.kind === 'move' ? 'start' : input.change.edge;
      if (!result.ok) throw refusal(result, bars, channel, bar.id, field);
      if (
        truncated &&
        lastLoaded &&
        reach.direction !== 'window' &&
        reachesBeyond(reach.direction, lastLoaded, result.changed)
      ) {
        throw new ApiError(
          400,
          `This push would move more than ${MAX_PUSH_BARS} timeslots on ${channel.name}: make room first, or use no-overlap mode`,
        );
      }

      const changed: Record<string, unknown>[] = [];
      for (const next of writeOrder(bars, result.changed)) {
        changed.push(
          await records.update(
            'timeslots',
            next.id,
            { start: toRecordDate(next.start), durationSec: next.durationSec },
            request,
          ),
        );
      }
      // Answered in start order, however they were written; `previous` has where they were
      // (for an undo).
      changed.sort((a, b) => String(a.start).localeCompare(String(b.start)));
      return { changed, previous: previousSpans(bars, result.changed) };
    });
  }

  async expand(request: RecordRequest, id: string, window: ExpandRequest) {
    const recurrence = await this.records.view('recurrences', id, request);
    this.requireEditor(request, String(recurrence.organization));
    let occurrences: Occurrence[];
    try {
      occurrences = expandRecurrence(
        {
          rrule: String(recurrence.rrule),
          timeZone: String(recurrence.timeZone),
          startLocal: String(recurrence.startLocal),
          durationSec: Number(recurrence.durationSec),
          until: typeof recurrence.until === 'string' ? fromRecordDate(recurrence.until) : null,
          exceptions: parseExceptions(recurrence.exceptions),
        },
        window,
      );
    } catch (error) {
      if (error instanceof RecurrenceError) throw new ApiError(400, error.message);
      throw error;
    }
    const channelId = String(recurrence.channel);
    const scope = { organization: String(recurrence.organization), channel: channelId };
    return this.records.transaction(async (records, trx) => {
      const channel = await lockChannelSchedule(trx, channelId, scope.organization);
      if (!channel) throw new ApiError(404);
      const first = occurrences[0];
      const last = occurrences.at(-1);
      if (!first || !last) return { created: [], skipped: 0 };
      // An instance already made (its key, or its start for older timeslots) is left as it is:
      // its edits live in the recurrence's exceptions, which the expansion already applied.
      const made = await madeInstances(trx, id);
      const fresh = occurrences.filter(
        (occurrence) => !made.keys.has(occurrence.key) && !made.starts.has(occurrence.start),
      );
      const skipped = occurrences.length - fresh.length;

      const instances = fresh.map((occurrence) => ({ ...occurrence, id: occurrence.key }));
      const end = Math.max(...instances.map((bar) => bar.start + bar.durationSec * 1000), 0);
      const scheduled = instances.length
        ? await barsOverlapping(trx, scope, instances[0]?.start ?? 0, end)
        : [];
      const collisions = instanceCollisions(instances, scheduled);
      if (collisions.length > 0) {
        throw new ApiError(
          400,
          `${collisions.length === 1 ? 'One instance collides' : `${collisions.length} instances collide`} with timeslots already on ${channel.name}: nothing was created`,
          {
            collisions: collisions.map(({ instance, existing: other }) => ({
              start: toRecordDate(instance.start),
              key: instance.key,
              title: other.title,
              timeslot: other.id,
              message: overlapMessage(
                {
                  id: other.id,
                  title: other.title,
                  start: toRecordDate(other.start),
                  durationSec: other.durationSec,
                },
                channel,
              ),
            })),
          } as unknown as ErrorData,
        );
      }

      const created: Record<string, unknown>[] = [];
      for (const instance of instances) {
        created.push(
          await records.create(
            'timeslots',
            {
              organization: recurrence.organization,
              channel: channelId,
              show: showOf(instance, String(recurrence.show)),
              start: toRecordDate(instance.start),
              durationSec: instance.durationSec,
              status: 'scheduled',
              recurrence: id,
              occurrence: instance.key,
              source: 'recurrence',
            },
            request,
          ),
        );
      }
      return { created, skipped };
    });
  }

  /** Superusers, and the organization's owners, admins and editors (the timeslots' rules). */
  private requireEditor(request: RecordRequest, organization: string) {
    if (request.isSuperuser) return;
    const auth = request.auth?.record;
    const isEditor =
      memberOrganizationOf(request.auth) === organization && isEditorRole(auth?.role);
    if (!isEditor) throw new ApiError(403, NOT_AN_EDITOR);
  }
}

/** Where the changed bars were before the change, as record fields. */
export function previousSpans(
  bars: ReadonlyMap<string, ScheduleBar>,
  changed: readonly { id: string }[],
): { id: string; start: string; durationSec: number }[] {
  return changed.flatMap(({ id }) => {
    const bar = bars.get(id);
    return bar ? [{ id, start: toRecordDate(bar.start), durationSec: bar.durationSec }] : [];
  });
}

/** The show an instance airs: the recurrence's, or the one its override puts in its place. */
function showOf(occurrence: Occurrence, show: string): string {
  const override = occurrence.override;
  return override && !override.cancelled && override.show ? override.show : show;
}

/** The refusal as a 400 naming the timeslot in the way, in the channel's time zone. */
export function refusal(
  result: ChangeRefused,
  bars: ReadonlyMap<string, ScheduleBar>,
  channel: ScheduleChannel,
  target: string,
  field: string,
): ApiError {
  const blocking = bars.get(result.blocking);
  if (result.reason === 'locked' && result.blocking === target) {
    return blockedBy(
      field,
      'validation_timeslot_locked',
      'This timeslot is locked: unlock it before moving or resizing it',
      target,
    );
  }
  const collision = {
    id: result.blocking,
    title: blocking?.title ?? '',
    start: toRecordDate(blocking?.start ?? 0),
    durationSec: blocking?.durationSec ?? 0,
  };
  const where = overlapMessage(collision, channel).replace(/^Overlaps /, '');
  if (result.reason === 'locked') {
    return blockedBy(
      field,
      'validation_timeslot_locked',
      `${where} is locked and would have to move: unlock it or make room another way`,
      result.blocking,
    );
  }
  return blockedBy(
    field,
    'validation_timeslot_overlap',
    overlapMessage(collision, channel),
    result.blocking,
  );
}
