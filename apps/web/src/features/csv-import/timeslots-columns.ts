import { formatDuration } from '@airgrid/domain';
import { type TextField, TIMESLOT_STATUSES, timeslots } from '@airgrid/schema';
import type { AuthRecord } from 'pocketbase';
import { messages } from '../../i18n/messages';
import { canManageChannels } from '../../shared/channels/channel-model';
import {
  type CellResult,
  choiceCell,
  durationCell,
  durationSecondsCell,
  textCell,
} from './cell-parsers';
import type { ImportColumn, ImportRow } from './csv-import';

const t = messages();

// The timeslots import's columns and the values each row sends. Channel and show are names as
// people write them; the server finds them in the organization and reads the start in the
// channel's own time zone (apps/server/src/features/import/timeslot-rows.ts).

const NOTE_MAX = (timeslots.fields.find((field) => field.name === 'note') as TextField).max ?? 2000;

/** Longest channel or show name a cell may hold: a title's limit, with room to spare. */
const NAME_MAX = 200;

const START_HINT = t.csvImport.mustBeADateAnd;

/** An ISO instant with an explicit offset or Z: sent as written. */
const EXPLICIT_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const ISO_LOCAL = /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?$/i;
const US_LOCAL =
  /^(\d{1,2})\/(\d{1,2})\/(\d{4})[ ,]+(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?$/i;

const pad = (value: number) => String(value).padStart(2, '0');
const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A start cell: a wall-clock date and time ("2026-12-01 19:00", "2026-12-01 7:00 PM",
 * "12/1/2026 7:00 PM", US month first) as "YYYY-MM-DD HH:mm", which the server reads in the
 * channel's zone; or an instant with an explicit offset, kept as written.
 */
export function startCell(text: string): CellResult<string> {
  const t = messages();
  const value = text.trim();
  if (EXPLICIT_INSTANT.test(value) && !Number.isNaN(Date.parse(value.replace(' ', 'T'))))
    return { value };
  let parts: [number, number, number, number, number, string | undefined] | null = null;
  const iso = ISO_LOCAL.exec(value);
  const us = US_LOCAL.exec(value);
  if (iso)
    parts = [
      +(iso[1] ?? 0),
      +(iso[2] ?? 0),
      +(iso[3] ?? 0),
      +(iso[4] ?? 0),
      +(iso[5] ?? 0),
      iso[6],
    ];
  else if (us)
    parts = [+(us[3] ?? 0), +(us[1] ?? 0), +(us[2] ?? 0), +(us[4] ?? 0), +(us[5] ?? 0), us[6]];
  if (!parts) return { error: START_HINT };
  const [year, month, day, clockHour, minute, meridiem] = parts;
  let hour = clockHour;
  if (meridiem) {
    if (hour < 1 || hour > 12) return { error: t.csvImport.hasHourBeforeAmPm(hour) };
    hour = (hour % 12) + (meridiem.toLowerCase().startsWith('p') ? 12 : 0);
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return { error: t.csvImport.hasNoSuchDateYear(year, pad(month), pad(day)) };
  if (hour > 23 || minute > 59) return { error: START_HINT };
  return { value: `${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}` };
}

export const TIMESLOT_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'channel',
    label: 'Channel',
    required: true,
    aliases: ['channel name', 'channel number', 'station', 'ch'],
    hint: t.csvImport.theChannelSNameNumber,
    example: 'RCTV 1',
    parse: textCell(NAME_MAX),
  },
  {
    key: 'show',
    label: 'Show',
    required: true,
    aliases: ['title', 'show title', 'programme', 'program', 'show name'],
    hint: t.csvImport.theShowSTitleAs,
    example: 'Council Meeting',
    parse: textCell(NAME_MAX),
  },
  {
    key: 'start',
    label: 'Start',
    required: true,
    aliases: ['starts', 'start time', 'date and time', 'datetime', 'airs', 'air time', 'air date'],
    hint: t.csvImport.dateAndTimeInThe,
    example: '2026-12-01 19:00',
    parse: startCell,
  },
  {
    key: 'duration',
    field: 'durationSec',
    label: 'Duration',
    required: false,
    aliases: ['length', 'minutes', 'running time', 'runtime'],
    hint: t.csvImport.minutes30130Rounded,
    example: '90',
    parse: durationCell,
    parseField: durationSecondsCell,
    format: (value) => formatDuration(value as number, 'length', { units: true }),
  },
  {
    key: 'status',
    label: 'Status',
    required: false,
    aliases: ['state'],
    hint: t.csvImport.scheduledOrCancelledBlankMeans,
    example: 'scheduled',
    parse: choiceCell(TIMESLOT_STATUSES),
  },
  {
    key: 'note',
    label: 'Note',
    required: false,
    aliases: ['notes', 'comment', 'comments'],
    hint: t.csvImport.textUpToNoteMax(NOTE_MAX),
    example: 'Live from city hall',
    parse: textCell(NOTE_MAX),
  },
];

/** The values a checked row sends (TimeslotImportValues in packages/schema/src/import.ts). */
export function timeslotValues(row: ImportRow): Record<string, unknown> {
  const { duration, ...values } = row.values;
  return { ...values, ...(duration !== undefined ? { durationSec: duration } : {}) };
}

/** Why this user cannot import timeslots, or null: the schedule is for editors and above. */
export function timeslotsBlockedReason(user: AuthRecord | null): string | null {
  const t = messages();
  if (!user) return t.csvImport.signInToImportTimeslots;
  if (!user.organization) return t.csvImport.createOrJoinAnOrganizationTimeslots;
  if (!canManageChannels(user.role)) {
    return t.csvImport.onlyEditorsAndAdminsChange;
  }
  return null;
}
