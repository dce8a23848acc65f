import { formatDuration } from '@airgrid/domain';
import { SHOW_STATUSES, shows, type TextField } from '@airgrid/schema';
import type { AuthRecord } from 'pocketbase';
import { messages } from '../../i18n/messages';
import {
  choiceCell,
  durationCell,
  durationSecondsCell,
  languageCell,
  tagsCell,
  textCell,
  urlCell,
  wholeNumberCell,
} from './cell-parsers';
import type { ImportColumn, ImportRow } from './csv-import';

const t = messages();

// The shows import's columns and the record each row becomes. No network here: the target
// (shows-target.ts) sends the records.

/** The length limit of a text field of `shows`, from the schema the server validates with. */
function maxOf(name: string): number {
  const field = shows.fields.find((candidate) => candidate.name === name);
  const max = (field as TextField | undefined)?.max;
  if (max === undefined) throw new Error(`shows.${name} has no length limit`);
  return max;
}

function text(
  key: string,
  label: string,
  options: { required?: boolean; aliases?: string[]; hint?: string; example: string },
): ImportColumn<string> {
  const t = messages();
  const max = maxOf(key);
  return {
    key,
    label,
    required: options.required ?? false,
    aliases: options.aliases ?? [],
    hint: options.hint ?? t.csvImport.textUpToMaxCharacters(max),
    example: options.example,
    parse: textCell(max),
  };
}

export const SHOW_COLUMNS: readonly ImportColumn[] = [
  text('title', 'Title', {
    required: true,
    aliases: [
      'name',
      'show',
      'show title',
      'show name',
      'programme',
      'program',
      'programme title',
      'program title',
      'programme name',
      'program name',
    ],
    example: 'Riverside Tonight',
  }),
  text('subtitle', 'Subtitle', {
    aliases: ['episode title', 'sub title'],
    example: 'Flood defences special',
  }),
  text('description', 'Description', {
    aliases: ['summary', 'synopsis', 'desc', 'details', 'about'],
    example: 'The evening round-up of local news, weather and high-school scores.',
  }),
  text('category', 'Category', { aliases: ['genre'], example: 'News' }),
  {
    key: 'duration',
    field: 'durationSec',
    label: 'Duration',
    required: false,
    aliases: [
      'length',
      'runtime',
      'run time',
      'running time',
      'minutes',
      'mins',
      'duration minutes',
      'duration min',
      'duration mins',
      'length minutes',
    ],
    hint: t.csvImport.minutesOrHMmRounded,
    example: '30',
    parse: durationCell,
    parseField: durationSecondsCell,
    format: (value) => formatDuration(value as number, 'length', { units: true }),
  },
  text('rating', 'Rating', {
    aliases: ['tv rating', 'parental rating', 'content rating', 'age rating'],
    hint: t.csvImport.suchAsTvGOr,
    example: 'TV-G',
  }),
  {
    key: 'language',
    label: 'Language',
    required: false,
    aliases: ['lang', 'language code'],
    hint: t.csvImport.aLanguageCodeSuchAs,
    example: 'en',
    parse: languageCell(maxOf('language')),
  },
  {
    key: 'season',
    label: 'Season',
    required: false,
    aliases: ['season number', 'season no'],
    hint: t.csvImport.aWholeNumber,
    example: '1',
    parse: wholeNumberCell,
  },
  {
    key: 'episode',
    label: 'Episode',
    required: false,
    aliases: ['episode number', 'episode no', 'ep'],
    hint: t.csvImport.aWholeNumber,
    example: '12',
    parse: wholeNumberCell,
  },
  {
    key: 'tags',
    label: 'Tags',
    required: false,
    aliases: ['keywords', 'tag'],
    hint: t.csvImport.separatedByCommasOrSemicolons,
    example: 'local; weather',
    parse: tagsCell,
    format: (value) => (value as string[]).join(', '),
  },
  text('producerName', 'Producer', {
    aliases: ['producer name', 'produced by'],
    example: 'RCTV Newsroom',
  }),
  {
    key: 'mediaUrl',
    label: 'Media URL',
    required: false,
    aliases: ['media', 'media link', 'video url', 'video link', 'video', 'url', 'link', 'file url'],
    hint: t.csvImport.aWebAddressOfThe,
    example: 'https://media.example.org/riverside-tonight.mp4',
    parse: urlCell,
  },
  {
    key: 'status',
    label: 'Status',
    required: false,
    aliases: ['state'],
    hint: t.csvImport.draftReadyOrArchivedBlank,
    example: 'ready',
    parse: choiceCell(SHOW_STATUSES),
  },
];

/** Imported shows are in the catalogue, ready to schedule, unless the file says otherwise. */
export const DEFAULT_STATUS = 'ready';

/**
 * The `shows` record a checked row creates, in the signed-in user's organization. A producer
 * may only create shows they produce (the collection's create rule), so theirs name them.
 */
export function showRecord(row: ImportRow, user: AuthRecord): Record<string, unknown> {
  const { duration, status, ...values } = row.values;
  return {
    ...values,
    ...(duration !== undefined ? { durationSec: duration } : {}),
    status: status ?? DEFAULT_STATUS,
    organization: user?.organization,
    ...(user?.role === 'producer' ? { producer: user.id } : {}),
  };
}

/** Why this user cannot import shows, or null. */
export function showsBlockedReason(user: AuthRecord | null): string | null {
  const t = messages();
  if (!user) return t.csvImport.signInToImportShows;
  if (!user.organization) return t.csvImport.createOrJoinAnOrganization;
  if (user.role === 'viewer') {
    return t.csvImport.viewersCannotAddShowsAsk;
  }
  return null;
}
