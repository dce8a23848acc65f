import { moveBar, snapInstant, snapToQuarterHour, toRecordDate } from '@airgrid/domain';
import { isEditorRole } from '@airgrid/schema';
import type { PlaceRequest } from '@airgrid/schema/contracts';
import { ApiError } from '../../errors/api-error.js';
import type { RecordRequest, RecordService } from '../../records/record-service.js';
import { memberOrganizationOf } from '../../request-types.js';
import { reachesBeyond, writeOrder } from './schedule-plan.js';
import { barsEndingAfter, bundleMembers, type ScheduleBar } from './schedule-repository.js';
import { MAX_PUSH_BARS, previousSpans, refusal } from './schedule-service.js';
import { lockChannelSchedule } from './timeslots-repository.js';

/**
 * Creating a timeslot the way the workspace's drags change one (POST /api/v1/schedule/place):
 * in no-overlap mode an occupied slot is refused naming the timeslot in the way (the timeslots'
 * own check); in push mode the new timeslot keeps the start it was given and what it lands on
 * moves later: the first scheduled timeslot still running at, or starting inside, the new span
 * is moved to start where the new one ends, with the domain's push (its later neighbours shift
 * only as far as needed, bundles move together, a locked one refuses). All in one transaction
 * under the channel's schedule lock, written through the record engine as the requester.
 */
export class PlaceService {
  constructor(private readonly records: RecordService) {}

  async place(request: RecordRequest, input: PlaceRequest) {
    const given = input.fields.organization;
    const organization =
      typeof given === 'string' && given !== ''
        ? given
        : String(request.auth?.record?.organization ?? '');
    requireEditor(request, organization);
    const start = snapInstant(input.start);
    const durationSec = snapToQuarterHour(input.durationSec);
    const end = start + durationSec * 1000;
    const fields: Record<string, unknown> = {
      source: 'manual',
      status: 'scheduled',
      ...input.fields,
      organization,
      channel: input.channel,
      start: toRecordDate(start),
      durationSec,
    };
    return this.records.transaction(async (records, trx) => {
      const channel = await lockChannelSchedule(trx, input.channel, organization);
      if (!channel) {
        throw new ApiError(400, 'An error occurred while validating the submitted data.', {
          channel: {
            code: 'validation_missing_rel_record',
            message: 'There is no such channel in your organization.',
          },
        });
      }
      const changed: Record<string, unknown>[] = [];
      let previous: ReturnType<typeof previousSpans> = [];
      if (input.mode === 'push' && fields.status !== 'cancelled') {
        const scope = { organization, channel: input.channel };
        let loaded = await barsEndingAfter(trx, scope, start, { limit: MAX_PUSH_BARS + 1 });
        const first = loaded[0];
        if (first && first.start < end) {
          const truncated = loaded.length > MAX_PUSH_BARS;
          if (truncated) loaded = loaded.slice(0, MAX_PUSH_BARS);
          const bundles = [
            ...new Set(loaded.flatMap((other) => (other.bundle ? [other.bundle] : []))),
          ];
          const bars = new Map<string, ScheduleBar>();
          for (const other of [...loaded, ...(await bundleMembers(trx, scope, bundles))])
            bars.set(other.id, other);
          const result = moveBar([...bars.values()], first.id, end, 'push');
          if (!result.ok) throw refusal(result, bars, channel, '', 'start');
          const lastLoaded = loaded.at(-1);
          if (truncated && lastLoaded && reachesBeyond('right', lastLoaded, result.changed)) {
            throw new ApiError(
              400,
              `This push would move more than ${MAX_PUSH_BARS} timeslots on ${channel.name}: make room first, or use no-overlap mode`,
            );
          }
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
          changed.sort((a, b) => String(a.start).localeCompare(String(b.start)));
          previous = previousSpans(bars, result.changed);
        }
      }
      // The timeslots' own rules check the rest (show, status, overlap in no-overlap mode).
      const timeslot = await records.create('timeslots', fields, request);
      return { timeslot, changed, previous };
    });
  }
}

/** Superusers, and the organization's owners, admins and editors (the timeslots' rules). */
function requireEditor(request: RecordRequest, organization: string) {
  if (request.isSuperuser) return;
  const auth = request.auth?.record;
  const isEditor =
    organization !== '' &&
    memberOrganizationOf(request.auth) === organization &&
    isEditorRole(auth?.role);
  if (!isEditor) {
    throw new ApiError(
      403,
      'Only editors, admins and owners of the organization can change the schedule.',
    );
  }
}
