import { isEditorRole } from '@airgrid/schema';
import type { AuthRecord } from 'pocketbase';
import { messages } from '../../i18n/messages';
import { type CellResult, textCell } from './cell-parsers';
import type { ImportColumn } from './csv-import';

const t = messages();

// The as-run log's columns (issue 40, item 6): when each spot aired (to the second), which spot
// (its title or id), and its runtime if the log says. The start is read on the channel's clock
// unless the cell has its offset; as-run-target.ts makes it an instant with the channel's zone.

/** An instant with an explicit offset or Z: sent as written. */
const EXPLICIT_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const ISO_LOCAL =
  /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap]\.?m\.?)?$/i;
const US_LOCAL =
  /^(\d{1,2})\/(\d{1,2})\/(\d{4})[ ,]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap]\.?m\.?)?$/i;

const pad = (value: number) => String(value).padStart(2, '0');
const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** When a spot aired: an instant (`…Z`, `…-05:00`) as written, or wall-clock `YYYY-MM-DDTHH:mm:ss`. */
export type AiredAt = { instant: string } | { local: string };

/**
 * An aired-at cell: a wall-clock date and time to the second ("2031-01-06 12:00:04",
 * "1/6/2031 12:00:04 PM", US month first; seconds may be left out), or an instant with its
 * offset, kept as written. Fractions of a second are dropped: a log's second is the proof.
 */
export function airedAtCell(text: string): CellResult<AiredAt> {
  const t = messages();
  const value = text.trim();
  if (EXPLICIT_INSTANT.test(value) && !Number.isNaN(Date.parse(value.replace(' ', 'T'))))
    return { value: { instant: value.replace(' ', 'T') } };
  const iso = ISO_LOCAL.exec(value);
  const us = US_LOCAL.exec(value);
  const parts = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6], iso[7]]
    : us
      ? [us[3], us[1], us[2], us[4], us[5], us[6], us[7]]
      : null;
  if (!parts) return { error: t.csvImport.mustBeADateAndTimeToTheSecond };
  const [year, month, day, clockHour, minute, second] = parts
    .slice(0, 6)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const meridiem = parts[6];
  let hour = clockHour;
  if (meridiem) {
    if (hour < 1 || hour > 12) return { error: t.csvImport.hasHourBeforeAmPm(hour) };
    hour = (hour % 12) + (meridiem.toLowerCase().startsWith('p') ? 12 : 0);
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return { error: t.csvImport.hasNoSuchDateYear(year, pad(month), pad(day)) };
  if (hour > 23 || minute > 59 || second > 59)
    return { error: t.csvImport.mustBeADateAndTimeToTheSecond };
  return {
    value: {
      local: `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}`,
    },
  };
}

/** The longest spot a log line may say it aired. */
const MAX_SPOT_SEC = 3600;

/**
 * A spot's runtime: seconds ("30", "29.97") or a clock ("0:30" is m:ss, "00:00:30" h:mm:ss,
 * "00:00:29;29" with frames at 30 per second, as playout logs write them).
 */
export function spotDurationCell(text: string): CellResult<number> {
  const t = messages();
  const value = text.trim();
  let seconds: number | null = null;
  if (/^\d+(?:[.,]\d+)?$/.test(value)) seconds = Number(value.replace(',', '.'));
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2}(?:\.\d+)?)(?:[;:](\d{2}))?$/.exec(value);
  if (clock)
    seconds =
      Number(clock[1] ?? 0) * 3600 +
      Number(clock[2]) * 60 +
      Number(clock[3]) +
      Number(clock[4] ?? 0) / 30;
  if (seconds === null || !Number.isFinite(seconds))
    return { error: t.csvImport.mustBeSpotSeconds };
  if (seconds > MAX_SPOT_SEC) return { error: t.csvImport.mustBeAtMostAnHour };
  return { value: Math.round(seconds * 1000) / 1000 };
}

export const AS_RUN_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'start',
    label: 'Aired at',
    required: true,
    aliases: [
      'start',
      'start time',
      'actual start',
      'aired',
      'air time',
      'run date time',
      'date and time',
      'datetime',
      'time',
    ],
    hint: t.csvImport.airedAtHint,
    example: '2031-01-06 12:00:04',
    parse: airedAtCell,
    format: (value) => {
      const at = value as AiredAt;
      return 'instant' in at ? at.instant : at.local.replace('T', ' ');
    },
  },
  {
    key: 'spot',
    label: 'Spot',
    required: true,
    aliases: ['spot title', 'spot id', 'ad', 'title', 'item', 'name', 'media'],
    hint: t.csvImport.spotHint,
    example: 'Bakery 30',
    parse: textCell(300),
  },
  {
    key: 'duration',
    field: 'durationSec',
    label: 'Duration',
    required: false,
    aliases: ['length', 'runtime', 'seconds', 'actual duration'],
    hint: t.csvImport.spotDurationHint,
    example: '30',
    parse: spotDurationCell,
  },
];

/** Why this user cannot import the channel's as-run log, or null: editors and above may. */
export function asRunBlockedReason(
  user: AuthRecord | null,
  search: URLSearchParams,
): string | null {
  const t = messages();
  if (!user) return t.csvImport.signInToImportAsRun;
  if (!user.organization) return t.csvImport.createOrJoinAnOrganizationAsRun;
  if (!isEditorRole(user.role)) return t.csvImport.onlyEditorsImportAsRun;
  if (!search.get('channel')) return t.csvImport.openAsRunFromAChannel;
  return null;
}
