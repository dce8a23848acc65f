import { formatDuration } from '@airgrid/domain';
import { SHOW_STATUSES, shows, type TextField } from '@airgrid/schema';
import type { AuthRecord } from 'pocketbase';
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
  const max = maxOf(key);
  return {
    key,
    label,
    required: options.required ?? false,
    aliases: options.aliases ?? [],
    hint: options.hint ?? `Text, up to ${max} characters.`,
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
    hint: 'Minutes or h:mm; rounded up to 15 minutes.',
    example: '30',
    parse: durationCell,
    parseField: durationSecondsCell,
    format: (value) => formatDuration(value as number),
  },
  text('rating', 'Rating', {
    aliases: ['tv rating', 'parental rating', 'content rating', 'age rating'],
    hint: 'Such as TV-G or TV-PG.',
    example: 'TV-G',
  }),
  {
    key: 'language',
    label: 'Language',
    required: false,
    aliases: ['lang', 'language code'],
    hint: 'A language code, such as en or es-MX.',
    example: 'en',
    parse: languageCell(maxOf('language')),
  },
  {
    key: 'season',
    label: 'Season',
    required: false,
    aliases: ['season number', 'season no'],
    hint: 'A whole number.',
    example: '1',
    parse: wholeNumberCell,
  },
  {
    key: 'episode',
    label: 'Episode',
    required: false,
    aliases: ['episode number', 'episode no', 'ep'],
    hint: 'A whole number.',
    example: '12',
    parse: wholeNumberCell,
  },
  {
    key: 'tags',
    label: 'Tags',
    required: false,
    aliases: ['keywords', 'tag'],
    hint: 'Separated by commas or semicolons.',
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
    hint: 'A web address of the media file, starting with https://.',
    example: 'https://media.example.org/riverside-tonight.mp4',
    parse: urlCell,
  },
  {
    key: 'status',
    label: 'Status',
    required: false,
    aliases: ['state'],
    hint: 'draft, ready or archived; blank means ready.',
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
  if (!user) return 'Sign in to import shows.';
  if (!user.organization) return 'Create or join an organization before importing shows.';
  if (user.role === 'viewer') {
    return 'Viewers cannot add shows. Ask an editor or admin of your organization to import them.';
  }
  return null;
}
