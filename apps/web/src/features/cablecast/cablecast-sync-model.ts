import { formatDuration, fromRecordDate } from '@airgrid/domain';
import {
  CABLECAST_NEW_CHANNEL,
  CABLECAST_SYNC_INTERVALS,
  type CablecastConnectionRecord,
  type CablecastSyncCounts,
  type CablecastSyncRecord,
} from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import { lastCheckOf } from './cablecast-model';

// What the Cablecast sync section decides, without React or the SDK: each Cablecast channel's
// choice (preselected from the saved map), what Save sends, whether Sync now can run, and how
// a run reads in the history.

/** How many runs the history shows, newest first. */
export const SYNCS_SHOWN = 10;

/**
 * "Don't import" in the channel Select. Mantine's Select has no empty-string option, so the
 * form holds this and the body sends '' (channel ids are 15 letters and digits: no clash).
 */
export const DONT_IMPORT = 'none';

/** An Airgrid channel the Select can offer. */
export type ChannelChoice = { id: string; name: string; archived?: boolean };

/** One Cablecast channel's row: what it is called there and where it goes here. */
export interface SyncRow {
  cablecast: number;
  name: string;
  /** An Airgrid channel id, CABLECAST_NEW_CHANNEL, or DONT_IMPORT. */
  choice: string;
}

export interface SyncFormValues {
  rows: SyncRow[];
  /** The interval in minutes, as the Select holds it ('0', '15', …). */
  every: string;
}

/** The Cablecast channels the last successful test found; [] when none did. */
export function foundChannels(
  record: CablecastConnectionRecord | null,
): { id: number; name: string }[] {
  const check = lastCheckOf(record);
  return check?.ok ? check.channels : [];
}

/**
 * The form's starting values: a row per channel the test found, with the saved choice; a
 * channel never mapped goes to the Airgrid channel of the same name when there is one not
 * taken, else nowhere (nothing is imported that nobody asked for). A saved channel that no
 * longer exists reads as "Don't import".
 */
export function syncFormOf(
  record: CablecastConnectionRecord | null,
  channels: readonly ChannelChoice[],
): SyncFormValues {
  const found = foundChannels(record);
  const saved = new Map((record?.channelMap ?? []).map((link) => [link.cablecast, link.channel]));
  const known = new Set(channels.map((channel) => channel.id));
  const taken = new Set(
    [...saved.values()].filter((channel) => channel !== '' && channel !== CABLECAST_NEW_CHANNEL),
  );
  const rows = found.map(({ id, name }): SyncRow => {
    const choice = saved.get(id);
    if (choice !== undefined) {
      return {
        cablecast: id,
        name,
        choice: choice !== '' && known.has(choice) ? choice : DONT_IMPORT,
      };
    }
    const same = channels.find(
      (channel) =>
        !channel.archived &&
        !taken.has(channel.id) &&
        channel.name.trim().toLowerCase() === name.trim().toLowerCase(),
    );
    if (same) taken.add(same.id);
    return { cablecast: id, name, choice: same?.id ?? DONT_IMPORT };
  });
  const every = (CABLECAST_SYNC_INTERVALS as readonly number[]).includes(
    record?.syncEveryMinutes ?? 0,
  )
    ? (record?.syncEveryMinutes ?? 0)
    : 0;
  return { rows, every: String(every) };
}

/** The Select's options for one row: a new channel, the station's channels, or none. */
export function choiceOptions(
  row: SyncRow,
  channels: readonly ChannelChoice[],
): { value: string; label: string }[] {
  const t = messages();
  return [
    { value: CABLECAST_NEW_CHANNEL, label: t.cablecastSync.newChannel(row.name) },
    // Archived channels only when already chosen: a sync into a hidden channel surprises.
    ...channels
      .filter((channel) => !channel.archived || channel.id === row.choice)
      .map((channel) => ({
        value: channel.id,
        label: channel.archived ? t.cablecastSync.archivedChannel(channel.name) : channel.name,
      })),
    { value: DONT_IMPORT, label: t.cablecastSync.dontImport },
  ];
}

/** The interval Select's options, in the server's order. */
export function intervalOptions(): { value: string; label: string }[] {
  const t = messages();
  return CABLECAST_SYNC_INTERVALS.map((minutes) => ({
    value: String(minutes),
    label: t.cablecastSync.intervalLabels[minutes] ?? t.cablecastSync.everyMinutes(minutes),
  }));
}

/**
 * Two rows sent to the same Airgrid channel, by row index: their runs would overlap (the
 * server refuses it too, without saying which row).
 */
export function rowProblems(rows: readonly SyncRow[]): Record<number, string> {
  const t = messages();
  const first = new Map<string, SyncRow>();
  const problems: Record<number, string> = {};
  rows.forEach((row, index) => {
    if (row.choice === DONT_IMPORT || row.choice === CABLECAST_NEW_CHANNEL) return;
    const other = first.get(row.choice);
    if (other) problems[index] = t.cablecastSync.sameChannelTwice(other.name);
    else first.set(row.choice, row);
  });
  return problems;
}

/** PUT /api/v1/cablecast/sync-settings's body. */
export function settingsBody(values: SyncFormValues): {
  channels: { cablecast: number; channel: string }[];
  syncEveryMinutes: number;
} {
  return {
    channels: values.rows.map((row) => ({
      cablecast: row.cablecast,
      channel: row.choice === DONT_IMPORT ? '' : row.choice,
    })),
    syncEveryMinutes: Number(values.every),
  };
}

/** Why Sync now cannot run, or null when it can: the saved map must send something somewhere. */
export function syncNowBlocked(record: CablecastConnectionRecord | null): string | null {
  const mapped = (record?.channelMap ?? []).some((link) => link.channel !== '');
  return mapped ? null : messages().cablecastSync.nothingMapped;
}

/** A key that changes when what the form starts from does (not on every sync's bookkeeping). */
export function settingsKey(record: CablecastConnectionRecord | null): string {
  const check = lastCheckOf(record);
  return JSON.stringify([check?.at ?? '', record?.channelMap ?? [], record?.syncEveryMinutes ?? 0]);
}

/** Whether a run is still to finish. */
export function isActive(sync: Pick<CablecastSyncRecord, 'state'>): boolean {
  return sync.state === 'queued' || sync.state === 'running';
}

/** Runs newest first (realtime may deliver out of order), at most SYNCS_SHOWN. */
export function sortSyncs(syncs: readonly CablecastSyncRecord[]): CablecastSyncRecord[] {
  return [...syncs]
    .sort((a, b) => b.created.localeCompare(a.created) || b.id.localeCompare(a.id))
    .slice(0, SYNCS_SHOWN);
}

/** A finished run's counts, or null (`{}` until a run finishes well). */
function countsOf(sync: Pick<CablecastSyncRecord, 'counts'>): CablecastSyncCounts | null {
  const counts = sync.counts as Partial<CablecastSyncCounts>;
  return typeof counts?.showsCreated === 'number' ? (counts as CablecastSyncCounts) : null;
}

/** "12 shows created, 3 updated; 240 timeslots created, 0 updated, 2 removed; 5 skipped". */
export function countsSentence(sync: Pick<CablecastSyncRecord, 'counts'>): string {
  const counts = countsOf(sync);
  return counts === null ? '' : messages().cablecastSync.counts(counts);
}

/** "took 1 min 4 s", "took less than a second"; '' before the run finished. */
export function tookText(sync: Pick<CablecastSyncRecord, 'started' | 'finished'>): string {
  const seconds = runSeconds(sync);
  if (seconds === null) return '';
  const t = messages();
  return seconds < 1
    ? t.cablecastSync.tookUnderASecond
    : t.cablecastSync.took(formatDuration(seconds, 'runtime', { units: true }));
}

/** How long a finished run took, in seconds, or null before it finished. */
export function runSeconds(sync: Pick<CablecastSyncRecord, 'started' | 'finished'>): number | null {
  const started = fromRecordDate(sync.started);
  const finished = fromRecordDate(sync.finished);
  if (started === null || finished === null || finished < started) return null;
  return (finished - started) / 1000;
}

/** When syncs started failing (epoch ms), or null when the last one worked. */
export function failingSince(record: CablecastConnectionRecord | null): number | null {
  return fromRecordDate(record?.failingSince ?? '');
}

/** When the scheduled sync is next due (epoch ms), or null without a schedule. */
export function nextSyncAt(record: CablecastConnectionRecord | null): number | null {
  return (record?.syncEveryMinutes ?? 0) > 0 ? fromRecordDate(record?.nextSyncAt ?? '') : null;
}

/** What a run skipped, as listed (a queued run's record may hold null until it finishes). */
export function skippedOf(
  sync: Pick<CablecastSyncRecord, 'skipped'>,
): { externalId: string; reason: string }[] {
  return Array.isArray(sync.skipped) ? sync.skipped : [];
}

/** How many were skipped: the counts hold them all, the list at most the first 500. */
export function skippedCount(sync: Pick<CablecastSyncRecord, 'skipped' | 'counts'>): number {
  const listed = skippedOf(sync).length;
  return Math.max(countsOf(sync)?.skipped ?? 0, listed);
}
