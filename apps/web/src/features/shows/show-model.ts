import {
  type Clock,
  formatBytes,
  formatDuration,
  type RuntimeFit,
  runtimeFit,
  slotLengthOf,
} from '@airgrid/domain';
import {
  type ChannelRecord,
  type FileField,
  findField,
  isEditorRole,
  type MediaInfo,
  playsInBrowsers,
  type Role,
  type ShowRecord as SchemaShowRecord,
  SHOW_STATUSES,
  type ShowStatus,
  shows,
  type TimeslotRecord,
} from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import { durationInput, parseDuration } from '../../shared/duration';
import {
  mediaHint,
  mediaFileProblem as sharedMediaFileProblem,
} from '../../shared/media/media-file';
import { airingStartLabel, isDraftShow } from '../../shared/shows/draft-shows';

const t = messages();

// The shows pages' logic apart from React: who may change which show, how the list's filters
// become a PocketBase filter, how the form's values become a record and back, and the limits
// of the media and thumbnail files. The server stays the authority
// (apps/server/src/collections/shows.ts); the pages only say problems sooner and plainer.

/** The caption states a show can be in (the `captionStatus` select of the schema). */
export const CAPTION_STATUSES = ['none', 'partial', 'complete'] as const;
export type CaptionStatus = (typeof CAPTION_STATUSES)[number];

/** A show as the pages read it: the schema's record plus its files, producer and captions. */
export interface ShowRecord extends Omit<SchemaShowRecord, 'mediaInfo'> {
  media: string;
  /** The copy browsers play, when the media is not one (made by the server). */
  webMedia: string;
  /** What ffprobe read of the media; `{}` until it has been read. */
  mediaInfo: Partial<MediaInfo> | null;
  thumbnail: string;
  producer: string;
  captionStatus: CaptionStatus | '';
  expand?: { producer?: MemberRecord };
}

/** A member of the organization, as the producer select lists them. */
export interface MemberRecord {
  id: string;
  name: string;
  email?: string;
  role?: Role | '';
}

/** An airing of a show, with its channel expanded for the channel's name and zone. */
export interface AiringRecord extends TimeslotRecord {
  expand?: { channel?: ChannelRecord };
}

/** Whether the role manages every show of the organization, whoever produces it (editors and above). */
export function canManageAllShows(role: unknown): boolean {
  return isEditorRole(role);
}

/** Whether the role may add shows: editors and above, and producers (as their own shows). */
export function canCreateShows(role: unknown): boolean {
  return canManageAllShows(role) || role === 'producer';
}

/**
 * Whether this user may edit, upload to and archive this show: editors and above any show, a
 * producer the shows whose `producer` is themselves; viewers only read.
 */
export function canManageShow(
  user: { id?: unknown; role?: unknown } | null | undefined,
  show: Pick<ShowRecord, 'producer'>,
): boolean {
  if (!user) return false;
  if (canManageAllShows(user.role)) return true;
  return user.role === 'producer' && typeof user.id === 'string' && show.producer === user.id;
}

/** The list's filters as the page holds them; null or '' means "any". */
export interface ShowFilters {
  search: string;
  category: string | null;
  producer: string | null;
  neverAired: boolean;
  captionStatus: CaptionStatus | null;
  showArchived: boolean;
}

export const NO_FILTERS: ShowFilters = {
  search: '',
  category: null,
  producer: null,
  neverAired: false,
  captionStatus: null,
  showArchived: false,
};

/**
 * The filter expression and its parameters for `pb.filter(expression, params)`: values are
 * always `{:placeholders}` the SDK quotes, never pasted into the text. "Never aired" uses the
 * back-relation `timeslots_via_show`, which the record engine supports
 * (apps/server/src/records/filter/filter-compiler.ts `backRelation`): `?= null` holds when the
 * show has no timeslot, because an empty back-relation yields one row of NULLs.
 */
export function showsFilterParts(filters: ShowFilters): {
  expression: string;
  params: Record<string, string>;
} {
  const clauses: string[] = [];
  const params: Record<string, string> = {};
  const search = filters.search.trim();
  if (search !== '') {
    clauses.push('(title ~ {:search} || subtitle ~ {:search} || description ~ {:search})');
    params.search = search;
  }
  if (filters.category) {
    clauses.push('category = {:category}');
    params.category = filters.category;
  }
  if (filters.producer) {
    clauses.push('producer = {:producer}');
    params.producer = filters.producer;
  }
  if (filters.captionStatus) {
    // A show imported without a caption status has none.
    clauses.push(
      filters.captionStatus === 'none'
        ? '(captionStatus = {:captionStatus} || captionStatus = "")'
        : 'captionStatus = {:captionStatus}',
    );
    params.captionStatus = filters.captionStatus;
  }
  if (filters.neverAired) clauses.push('timeslots_via_show.id ?= null');
  if (!filters.showArchived) clauses.push('status != "archived"');
  return { expression: clauses.join(' && '), params };
}

/** Whether any filter beyond the archived switch narrows the list. */
function isFiltered(filters: ShowFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    Boolean(filters.category) ||
    Boolean(filters.producer) ||
    Boolean(filters.captionStatus) ||
    filters.neverAired
  );
}

/** What the list says when it has no rows, depending on why. */
export function emptyListMessage(filters: ShowFilters): string {
  const t = messages();
  const search = filters.search.trim();
  if (search !== '') return t.shows.noShowsMatchSearch(search);
  if (isFiltered(filters)) return t.shows.noShowsMatchTheseFilters;
  return filters.showArchived ? t.shows.noShowsYetCreateOne : t.shows.noShowsYetCreateOne2;
}

/** The distinct non-empty categories of the catalogue, sorted, for the category filter. */
export function distinctCategories(list: readonly { category?: string }[]): string[] {
  const seen = new Set<string>();
  for (const { category } of list) {
    const trimmed = category?.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen].sort((a, b) => a.localeCompare(b));
}

/** The show form's values as the inputs hold them. */
export interface ShowFormValues {
  title: string;
  subtitle: string;
  description: string;
  category: string;
  /** As typed: minutes or h:mm. */
  duration: string;
  rating: string;
  language: string;
  /** A NumberInput gives a number, or '' when empty. */
  season: number | string;
  episode: number | string;
  status: ShowStatus;
  /** A member's id, or '' for none. */
  producer: string;
  producerName: string;
}

/** A new show's starting values: a draft, produced by `producer` when given (a producer). */
export function newShowValues(producer = ''): ShowFormValues {
  return {
    title: '',
    subtitle: '',
    description: '',
    category: '',
    duration: '',
    rating: '',
    language: '',
    season: '',
    episode: '',
    status: 'draft',
    producer,
    producerName: '',
  };
}

/** An existing show's values, for the edit form. */
export function showFormValues(show: ShowRecord): ShowFormValues {
  return {
    title: show.title,
    subtitle: show.subtitle ?? '',
    description: show.description ?? '',
    category: show.category ?? '',
    duration: durationInput(show.durationSec),
    rating: show.rating ?? '',
    language: show.language ?? '',
    season: show.season || '',
    episode: show.episode || '',
    status: show.status || 'draft',
    producer: show.producer ?? '',
    producerName: show.producerName ?? '',
  };
}

function wholeNumber(value: number | string): number {
  return value === '' ? 0 : Number(value);
}

/** The record fields the form sends; call after `checkShowForm` found nothing. */
export function showPayload(values: ShowFormValues) {
  const duration = parseDuration(values.duration);
  return {
    title: values.title.trim(),
    subtitle: values.subtitle.trim(),
    description: values.description.trim(),
    category: values.category.trim(),
    durationSec: 'seconds' in duration ? duration.seconds : 0,
    rating: values.rating.trim(),
    language: values.language.trim(),
    season: wholeNumber(values.season),
    episode: wholeNumber(values.episode),
    status: values.status,
    producer: values.producer,
    // A member producer names the show; the free-text name is for someone outside the station.
    producerName: values.producer ? '' : values.producerName.trim(),
  };
}

function textMax(name: string): number {
  const field = findField(shows, name);
  if (field?.type !== 'text' || field.max === undefined)
    throw new Error(`The shows collection has no limited text field ${name}.`);
  return field.max;
}

const TEXT_LABELS: Readonly<Record<string, string>> = {
  title: 'title',
  subtitle: 'subtitle',
  description: 'description',
  category: 'category',
  rating: 'rating',
  language: 'language',
  producerName: 'producer name',
};

/** The form's problems by field, with the schema's limits; empty when it can be sent. */
export function checkShowForm(values: ShowFormValues): Record<string, string> {
  const t = messages();
  const errors: Record<string, string> = {};
  for (const [name, label] of Object.entries(TEXT_LABELS)) {
    const value = String(values[name as keyof ShowFormValues] ?? '').trim();
    const max = textMax(name);
    if (value.length > max) errors[name] = t.shows.theLabelCanBeAt(label, max);
  }
  if (values.title.trim() === '') errors.title = t.shows.giveTheShowATitle;
  const duration = parseDuration(values.duration);
  if ('error' in duration) errors.duration = duration.error;
  for (const name of ['season', 'episode'] as const) {
    const number = wholeNumber(values[name]);
    if (!Number.isInteger(number) || number < 0) errors[name] = t.shows.theNameMustBeA(name);
  }
  if (!(SHOW_STATUSES as readonly string[]).includes(values.status))
    errors.status = t.shows.chooseDraftReadyOrArchived;
  return errors;
}

/** The status badge's words and colour. */
export function statusBadge(status: string): { label: string; color: string } {
  const t = messages();
  if (status === 'ready') return { label: t.shows.ready, color: 'green' };
  if (status === 'archived') return { label: t.shows.archived, color: 'gray' };
  return { label: t.shows.draft, color: 'yellow' };
}

/** The caption status in words; unset reads as none. */
export function captionLabel(status: string): string {
  const t = messages();
  if (status === 'complete') return t.shows.captioned;
  if (status === 'partial') return t.shows.partlyCaptioned;
  return t.shows.noCaptions;
}

function fileField(name: 'media' | 'thumbnail'): FileField {
  const field = findField(shows, name);
  if (field?.type !== 'file') throw new Error(`The shows collection has no file field ${name}.`);
  return field;
}

/** The media field's byte limit (500 MiB in the schema). */
export const MEDIA_MAX_BYTES = fileField('media').maxSize;

/** The hint under the media input. */
export const MEDIA_HINT = mediaHint(MEDIA_MAX_BYTES);

/** A problem with a chosen media file, said before anything is uploaded; null when fine. */
export function mediaFileProblem(file: { name: string; type: string; size: number }) {
  return sharedMediaFileProblem(file, MEDIA_MAX_BYTES);
}

/** Whether the text is an absolute http(s) address, for the media URL. */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const thumbnail = fileField('thumbnail');

/** The thumbnail input's `accept`: the schema field's image types. */
export const THUMBNAIL_ACCEPT = thumbnail.mimeTypes.join(',');

const TYPE_LABELS: Readonly<Record<string, string>> = {
  'image/svg+xml': 'SVG',
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'image/gif': 'GIF',
  'image/webp': 'WEBP',
};

function typeList(): string {
  const t = messages();
  const labels = [...new Set(thumbnail.mimeTypes.map((type) => TYPE_LABELS[type] ?? type))];
  return labels.length <= 1
    ? (labels[0] ?? '')
    : t.common.or(labels.slice(0, -1).join(', '), String(labels.at(-1)));
}

/** The hint under the thumbnail input, with the field's types and pixel limit. */
export function thumbnailHint(): string {
  const t = messages();
  const max = thumbnail.maxImageSize;
  const types = typeList();
  return max ? t.shows.typesMaxWidthXHeight(types, max.width, max.height) : types;
}

/** A problem with a chosen thumbnail's type or byte size, or null. */
export function thumbnailFileProblem(file: { name: string; type: string; size: number }) {
  const t = messages();
  const type = file.type.split(';')[0]?.trim() ?? '';
  if (!thumbnail.mimeTypes.includes(type)) {
    const kind = type ? t.common.ofType(type) : t.common.ofAnUnknownType;
    return t.shows.jsonIsKindOnlyTypeList(JSON.stringify(file.name), kind, typeList());
  }
  if (thumbnail.maxSize > 0 && file.size > thumbnail.maxSize) {
    return t.common.fileTooLarge(JSON.stringify(file.name), formatBytes(thumbnail.maxSize));
  }
  return null;
}

/** A problem with the decoded thumbnail's pixel size, or null (an unsized SVG is the server's). */
export function thumbnailSizeProblem(
  file: { name: string; type: string },
  size: { width: number; height: number } | null | 'unreadable',
): string | null {
  const t = messages();
  if (size === 'unreadable') {
    return file.type === 'image/svg+xml' ? null : t.common.notAnImage(JSON.stringify(file.name));
  }
  const max = thumbnail.maxImageSize;
  if (!size || !max) return null;
  if (size.width > max.width || size.height > max.height) {
    return t.common.imageTooBig(max.width, max.height, size.width, size.height);
  }
  return null;
}

/**
 * A show's airings split at `now`: upcoming (not yet ended, soonest first) and past (ended,
 * latest first). Cancelled timeslots are left out: they never air.
 */
export function splitAirings<T extends Pick<TimeslotRecord, 'start' | 'durationSec' | 'status'>>(
  timeslots: readonly T[],
  now: number,
): { upcoming: T[]; past: T[] } {
  const start = (slot: T) => Date.parse(slot.start.replace(' ', 'T'));
  const live = timeslots.filter(
    (slot) => slot.status !== 'cancelled' && !Number.isNaN(start(slot)),
  );
  const sorted = [...live].sort((a, b) => start(a) - start(b));
  const ended = (slot: T) => start(slot) + slot.durationSec * 1000 <= now;
  return {
    upcoming: sorted.filter((slot) => !ended(slot)),
    past: sorted.filter(ended).reverse(),
  };
}

/**
 * The show page's warning for a draft with airings to come (drafts air as scheduled): how many,
 * and the first one's start and channel in the channel's zone; null for a show that is not a
 * draft or has nothing to come.
 */
export function draftAiringsWarning(
  show: Pick<ShowRecord, 'status'>,
  airings: readonly AiringRecord[],
  now: number,
  clock: Clock = '12h',
): { count: number; first: string; channel: string } | null {
  if (!isDraftShow(show.status)) return null;
  const { upcoming } = splitAirings(airings, now);
  const [next] = upcoming;
  if (!next) return null;
  const channel = next.expand?.channel;
  const start = Date.parse(next.start.replace(' ', 'T'));
  return {
    count: upcoming.length,
    first: airingStartLabel(start, channel?.timeZone || 'UTC', clock),
    channel: channel?.name ?? '',
  };
}

/**
 * A show's slot length beside what its media measures (issue 36: media never changes the
 * length the station gave): the slot, the runtime (0 until the media has been read), how the
 * one fits the other, and what to warn of when it does not.
 */
export function lengthFacts(show: Pick<ShowRecord, 'durationSec' | 'mediaInfo'>): {
  slotSec: number;
  runtimeSec: number;
  fit: RuntimeFit;
  warning: string | null;
} {
  const slotSec = slotLengthOf(show.durationSec);
  const read = show.mediaInfo?.durationSec;
  const runtimeSec = typeof read === 'number' && read > 0 ? read : 0;
  const fit = runtimeFit(slotSec, runtimeSec);
  const slot = formatDuration(slotSec, 'length', { units: true });
  let warning: string | null = null;
  if (fit.fit === 'long') {
    warning = t.shows.mediaRunsLong(formatDuration(fit.overSec, 'runtime', { units: true }), slot);
  } else if (fit.fit === 'short') {
    warning = t.shows.mediaRunsShort(
      formatDuration(runtimeSec, 'runtime', { units: true }),
      slot,
      formatDuration(fit.fitsLengthSec, 'length', { units: true }),
    );
  }
  return { slotSec, runtimeSec, fit, warning };
}

/** Whether the show has something browsers play: the web copy, or media that plays as it is. */
export function hasPlayableMedia(
  show: Pick<ShowRecord, 'media' | 'webMedia' | 'mediaInfo'>,
): boolean {
  if (show.webMedia) return true;
  const info = show.mediaInfo;
  return Boolean(
    show.media &&
      info &&
      typeof info.durationSec === 'number' &&
      playsInBrowsers(info as MediaInfo),
  );
}

/** Where a show stands for Airgrid playout (issue 39): its packaging job, or its packages. */
export type PlayoutReadiness =
  | { kind: 'queued'; error: string }
  | { kind: 'running'; progress: number }
  | { kind: 'failed'; error: string }
  | { kind: 'ready' }
  | { kind: 'stale' }
  | null;

/**
 * A show's playout readiness: its latest 'playout-package' job while it waits, runs or after it
 * failed; then "ready" when a package was made from the file that would be packaged now (the web
 * copy when there is one, else the media), "stale" when packages exist but none from it; null
 * when nothing was ever packaged (no channel on playout airs the show).
 */
export function playoutReadiness(
  show: Pick<ShowRecord, 'media' | 'webMedia'>,
  job: { state: string; progress?: number; error?: string } | null,
  packages: readonly { source: string }[],
): PlayoutReadiness {
  if (job?.state === 'queued') return { kind: 'queued', error: job.error ?? '' };
  if (job?.state === 'running') return { kind: 'running', progress: Math.round(job.progress ?? 0) };
  if (job?.state === 'failed') return { kind: 'failed', error: job.error ?? '' };
  if (packages.length === 0) return null;
  const file = show.webMedia || show.media;
  return packages.some((one) => one.source === file) ? { kind: 'ready' } : { kind: 'stale' };
}

/** The media card's playout line for a readiness. */
export function playoutText(readiness: NonNullable<PlayoutReadiness>): string {
  switch (readiness.kind) {
    case 'queued':
      return readiness.error
        ? t.shows.playoutRetrying(readiness.error)
        : t.shows.waitingToBePackagedForPlayout;
    case 'running':
      return t.shows.packagingForPlayout(readiness.progress);
    case 'failed':
      return t.shows.playoutPackagingFailed(readiness.error);
    case 'ready':
      return t.shows.readyForPlayout;
    case 'stale':
      return t.shows.needsPackagingAgain;
  }
}

/** A break point as the show page writes it: the media's m:ss and tenths (`12:04.5`). */
export function breakPointLabel(seconds: number): string {
  const whole = Math.floor(seconds);
  const tenths = Math.floor((seconds - whole) * 10 + 1e-6);
  return `${formatDuration(whole, 'runtime')}.${tenths}`;
}
