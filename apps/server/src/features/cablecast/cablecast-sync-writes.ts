import { fromRecordDate, toRecordDate } from '@airgrid/domain';
import {
  type CablecastSyncCounts,
  MAX_DURATION_SEC,
  shows as showsCollection,
  timeslots as timeslotsCollection,
} from '@airgrid/schema';
import { ApiError, type FieldError } from '../../errors/api-error.js';
import { type RecordService, serverRequest } from '../../records/record-service.js';
import type { ImportedShow, TimeslotPlan } from './cablecast-mapping.js';
import type { CablecastSyncRepository, ImportedTimeslotRow } from './cablecast-sync-repository.js';

// The sync's writes, all in the caller's one transaction (cablecast-sync.ts): shows upserted by
// their Cablecast id, then the window's timeslots brought in step with the plan: tombstones,
// runs now skipped and runs gone upstream removed; changed runs updated in place (so a
// webhook hears an update, not a delete and a create); new runs created. Every write goes
// through the record engine, so the overlap check, realtime and webhooks see the import as
// they see any edit.

/** A run or show the sync left out, and why: the run's report lists them. */
export interface SkippedEntry {
  externalId: string;
  reason: string;
}

/** The plan of one Cablecast channel's runs, for the Airgrid channel it feeds. */
export interface PlannedChannel {
  channel: string;
  plan: TimeslotPlan;
}

export interface ImportInput {
  organization: string;
  shows: readonly ImportedShow[];
  planned: readonly PlannedChannel[];
  window: { start: number; end: number };
  /** What was left out so far; the writes add theirs. */
  skipped: SkippedEntry[];
}

const DAY_MS = 86_400_000;
/** The fields of an imported timeslot the sync owns; a difference in any is an update. */
const SYNCED_FIELDS = [
  'channel',
  'show',
  'start',
  'durationSec',
  'status',
  'locked',
  'sourceStart',
  'sourceDurationSec',
] as const;

interface TimeslotWrite {
  run: number;
  values: Record<string, unknown>;
  row: ImportedTimeslotRow | undefined;
  /** Its old copy was removed to break a swap: writing it anew is an update. */
  rewritten?: boolean;
}

/** Writes the import; answers what it did. */
export async function writeImport(
  records: RecordService,
  repository: CablecastSyncRepository,
  input: ImportInput,
): Promise<CablecastSyncCounts> {
  const counts: CablecastSyncCounts = {
    showsCreated: 0,
    showsUpdated: 0,
    timeslotsCreated: 0,
    timeslotsUpdated: 0,
    timeslotsRemoved: 0,
    skipped: 0,
  };
  const showIds = await upsertShows(records, repository, input, counts);
  await reconcileTimeslots(records, repository, input, showIds, counts);
  counts.skipped = input.skipped.length;
  return counts;
}

/** Creates the shows new to Airgrid, updates those changed in Cablecast; their ids by run key. */
async function upsertShows(
  records: RecordService,
  repository: CablecastSyncRepository,
  input: ImportInput,
  counts: CablecastSyncCounts,
): Promise<Map<string, string>> {
  const imported = await repository.importedShows(input.organization);
  const ids = new Map<string, string>();
  for (const [cablecastId, row] of imported) ids.set(cablecastId, row.id);
  for (const show of input.shows) {
    const existing = imported.get(show.externalId);
    const modified = show.lastModified ?? '';
    if (existing && existing.cablecastModified !== '' && existing.cablecastModified === modified)
      continue;
    const values = {
      ...showValues(show),
      externalIds: {
        ...(existing?.externalIds ?? {}),
        cablecast: show.externalId,
        cablecastModified: modified,
      },
    };
    if (existing) {
      await records.update(showsCollection.name, existing.id, values, serverRequest('PATCH'));
      counts.showsUpdated += 1;
    } else {
      const created = await records.create(
        showsCollection.name,
        { ...values, organization: input.organization, status: 'ready' },
        serverRequest('POST'),
      );
      ids.set(show.externalId, String(created.id));
      counts.showsCreated += 1;
    }
  }
  return ids;
}

/** An Airgrid show's fields from Cablecast's, cut to the collection's limits. */
function showValues(show: ImportedShow) {
  return {
    title: show.title.slice(0, 200),
    description: show.description.slice(0, 5000),
    category: (show.category ?? '').slice(0, 64),
    producerName: (show.producerName ?? '').slice(0, 120),
    durationSec:
      show.durationSec === null ? 0 : Math.min(MAX_DURATION_SEC, Math.round(show.durationSec)),
  };
}

async function reconcileTimeslots(
  records: RecordService,
  repository: CablecastSyncRepository,
  input: ImportInput,
  showIds: ReadonlyMap<string, string>,
  counts: CablecastSyncCounts,
) {
  const existing = await repository.importedTimeslots(
    input.organization,
    input.window.start - DAY_MS,
  );
  const rows = new Map(existing.map((row) => [row.cablecastId, row]));
  const wanted = new Map<number, Record<string, unknown>>();
  // Runs whose local copy goes: tombstones, and runs skipped now though imported before.
  const dropped = new Set<number>();
  for (const { channel, plan } of input.planned) {
    for (const removed of plan.removed) dropped.add(Number(removed.externalId));
    for (const skipped of plan.skipped) {
      input.skipped.push({ externalId: `run ${skipped.externalId}`, reason: skipped.reason });
      dropped.add(Number(skipped.externalId));
    }
    for (const timeslot of plan.timeslots) {
      const run = Number(timeslot.externalId);
      const show = showIds.get(timeslot.showExternalId);
      if (!show) {
        input.skipped.push({
          externalId: `run ${timeslot.externalId}`,
          reason: `Its show (Cablecast id ${timeslot.showExternalId}) could not be imported.`,
        });
        dropped.add(run);
        continue;
      }
      wanted.set(run, {
        organization: input.organization,
        channel,
        show,
        start: toRecordDate(timeslot.start),
        durationSec: timeslot.durationSec,
        status: 'scheduled',
        locked: true,
        source: 'import',
        cablecastId: run,
        sourceStart: toRecordDate(timeslot.sourceStart),
        sourceDurationSec: Math.round(timeslot.sourceDurationSec ?? 0),
      });
    }
  }

  // First what goes, so the runs that stay can take its place.
  const channels = new Set(input.planned.map(({ channel }) => channel));
  for (const row of existing) {
    const sourceStart = fromRecordDate(row.sourceStart) ?? 0;
    const vanished =
      !wanted.has(row.cablecastId) &&
      channels.has(row.channel) &&
      sourceStart >= input.window.start &&
      sourceStart < input.window.end;
    if (!dropped.has(row.cablecastId) && !vanished) continue;
    await records.delete(timeslotsCollection.name, row.id, serverRequest('DELETE'));
    rows.delete(row.cablecastId);
    counts.timeslotsRemoved += 1;
  }

  const writes: TimeslotWrite[] = [...wanted]
    .map(([run, values]) => ({ run, values, row: rows.get(run) }))
    .filter(
      ({ row, values }) => !row || SYNCED_FIELDS.some((field) => row[field] !== values[field]),
    )
    .sort((a, b) => String(a.values.start).localeCompare(String(b.values.start)));
  // A run moving onto the place of another that moves too is refused until that one has
  // moved: try again while each pass gets further.
  let refused = await writeEach(records, writes, counts);
  // What is left either swapped places with another run (the old copies go, then the runs
  // are written anew) or lands on a timeslot made in Airgrid, which stays: the run is skipped.
  const stuck = refused.filter(({ write }) => write.row);
  for (const { write } of stuck) {
    await records.delete(timeslotsCollection.name, String(write.row?.id), serverRequest('DELETE'));
    counts.timeslotsRemoved += 1;
    write.row = undefined;
    write.rewritten = true;
  }
  if (stuck.length > 0)
    refused = await writeEach(
      records,
      refused.map(({ write }) => write),
      counts,
    );
  for (const { write, message } of refused) {
    input.skipped.push({
      externalId: `run ${write.run}`,
      reason: `${message}: the timeslot made in Airgrid stays, and this run is left out.`,
    });
  }
}

/**
 * Applies the writes in passes until a pass writes nothing more; answers the ones refused
 * for an overlap, with the reason.
 */
async function writeEach(
  records: RecordService,
  writes: TimeslotWrite[],
  counts: CablecastSyncCounts,
): Promise<{ write: TimeslotWrite; message: string }[]> {
  let pending = writes;
  let refused: { write: TimeslotWrite; message: string }[] = [];
  while (pending.length > 0) {
    refused = [];
    for (const write of pending) {
      try {
        if (write.row) {
          await records.update(
            timeslotsCollection.name,
            write.row.id,
            write.values,
            serverRequest('PATCH'),
          );
          counts.timeslotsUpdated += 1;
        } else {
          await records.create(timeslotsCollection.name, write.values, serverRequest('POST'));
          if (write.rewritten) {
            counts.timeslotsRemoved -= 1;
            counts.timeslotsUpdated += 1;
          } else counts.timeslotsCreated += 1;
        }
      } catch (error) {
        const message = overlapOf(error);
        if (message === null) throw error;
        refused.push({ write, message });
      }
    }
    if (refused.length === pending.length) break;
    pending = refused.map(({ write }) => write);
  }
  return refused;
}

/** The overlap a write was refused for, or null when it was refused for anything else. */
function overlapOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const start = error.data.start as FieldError | undefined;
  return start?.code === 'validation_timeslot_overlap' ? start.message : null;
}
