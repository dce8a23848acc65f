import {
  CHANNEL_SOURCES,
  type ChannelRecord,
  type ChannelSource,
  channels,
  findField,
  isEditorRole,
  PLAYOUT_PROFILE_IDS,
  PLAYOUT_PROFILES,
  type PlayoutProfileId,
  playbackPath,
} from '@airgrid/schema';
import { messages } from '../../i18n/messages';
import { channelSource } from './playback';

const t = messages();

// The channels pages' logic apart from React: who may change channels, which channels the list
// shows, and how the channel form's values become a record and back. The server stays the
// authority (apps/server/src/collections/channels.ts); the form only says problems sooner and
// in plainer words than "Invalid value format.".

/** A channel record as the pages read it. */
export type { ChannelRecord } from '@airgrid/schema';

/** The bumper title viewers see when a channel has none of its own (seed §1). */
export const DEFAULT_BUMPER_TITLE = t.channels.weLlBeRightBack;

/** Whether a member with this role may change channels (editors and above); others read. */
export function canManageChannels(role: unknown): boolean {
  return isEditorRole(role);
}

/**
 * The channels the list shows: archived ones only when asked for, and those whose name, slug
 * or number contain the search text (case-insensitive). Order is kept.
 */
export function visibleChannels<
  T extends Pick<ChannelRecord, 'name' | 'slug' | 'number' | 'archived'>,
>(list: readonly T[], search: string, showArchived: boolean): T[] {
  const needle = search.trim().toLowerCase();
  return list.filter((channel) => {
    if (channel.archived && !showArchived) return false;
    if (needle === '') return true;
    return (
      channel.name.toLowerCase().includes(needle) ||
      channel.slug.toLowerCase().includes(needle) ||
      String(channel.number ?? '').includes(needle)
    );
  });
}

/** What the list says when it has no rows, depending on why. */
export function emptyListMessage(total: number, search: string, showArchived: boolean): string {
  const t = messages();
  if (total === 0) return t.channels.noChannelsYet;
  if (search.trim() !== '') return t.channels.noChannelsMatchSearch(search.trim());
  return showArchived ? t.channels.noChannelsYet : t.channels.everyChannelIsArchivedTurn;
}

/** The channel form's values as the inputs hold them. */
export interface ChannelFormValues {
  name: string;
  slug: string;
  /** A NumberInput gives a number, or '' when empty. */
  number: number | string;
  timeZone: string;
  language: string;
  /** Where the picture comes from: the stream URL, Airgrid playout or the test pattern. */
  source: ChannelSource;
  streamUrl: string;
  /** The playout's packaging profile; '' is the default (DEFAULT_PLAYOUT_PROFILE). */
  playoutProfile: string;
  public: boolean;
  color: string;
  description: string;
}

/** A new channel's starting values: public, number 1, the browser's zone. */
export function newChannelValues(timeZone: string, number = 1): ChannelFormValues {
  return {
    name: '',
    slug: '',
    number,
    timeZone,
    language: '',
    source: 'stream',
    streamUrl: '',
    playoutProfile: '',
    public: true,
    color: '',
    description: '',
  };
}

/** The next free channel number after the highest one in use. */
export function nextChannelNumber(list: readonly Pick<ChannelRecord, 'number'>[]): number {
  return list.reduce((highest, channel) => Math.max(highest, channel.number || 0), 0) + 1;
}

/** An existing channel's values, for the edit form. */
export function channelFormValues(channel: ChannelRecord): ChannelFormValues {
  return {
    name: channel.name,
    slug: channel.slug,
    number: channel.number,
    timeZone: channel.timeZone,
    language: channel.language ?? '',
    source: channelSource(channel),
    streamUrl: channel.streamUrl ?? '',
    playoutProfile: channel.playoutProfile ?? '',
    public: channel.public,
    color: channel.color,
    description: channel.description,
  };
}

/**
 * The record fields the form sends: trimmed text, an integer number (0 when left empty). A
 * stream URL is kept when another source is chosen (switching back finds it), unless it is not
 * an address: the field is hidden then, so nothing could say what is wrong with it.
 */
export function channelPayload(values: ChannelFormValues) {
  const streamUrl = values.streamUrl.trim();
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    number: values.number === '' ? 0 : Number(values.number),
    timeZone: values.timeZone,
    language: values.language.trim(),
    source: values.source,
    streamUrl: values.source === 'stream' || isWebAddress(streamUrl) ? streamUrl : '',
    playoutProfile: values.playoutProfile,
    public: values.public,
    color: values.color.trim(),
    description: values.description.trim(),
  };
}

function textLimit(name: string): { max: number; pattern?: RegExp } {
  const field = findField(channels, name);
  if (field?.type !== 'text') throw new Error(`The channels collection has no text field ${name}.`);
  return { max: field.max ?? 0, pattern: field.pattern ? new RegExp(field.pattern) : undefined };
}

const NAME = textLimit('name');
const SLUG = textLimit('slug');
const DESCRIPTION = textLimit('description');
const COLOR = textLimit('color');
const LANGUAGE = textLimit('language');
const NUMBER_MAX = (() => {
  const field = findField(channels, 'number');
  return field?.type === 'number' && field.max !== undefined ? field.max : 99999;
})();

/** Whether the text is an absolute http(s) address. */
function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The form's problems by field, with the schema's limits (packages/schema `channels`); empty
 * when it can be sent. `knownZones` is the select's list: a zone outside it cannot be chosen.
 */
export function checkChannelForm(
  values: ChannelFormValues,
  knownZones: readonly string[],
): Record<string, string> {
  const t = messages();
  const errors: Record<string, string> = {};
  const payload = channelPayload(values);
  if (payload.name === '') errors.name = t.channels.giveTheChannelAName;
  else if (payload.name.length > NAME.max) errors.name = t.channels.theNameCanBeAt(NAME.max);

  if (payload.slug === '') errors.slug = t.channels.theSlugIsRequiredIt;
  else if (payload.slug.length > SLUG.max) errors.slug = t.channels.theSlugCanBeAt(SLUG.max);
  else if (SLUG.pattern && !SLUG.pattern.test(payload.slug))
    errors.slug = t.channels.useLowerCaseLettersAnd;

  if (!Number.isInteger(payload.number) || payload.number < 0 || payload.number > NUMBER_MAX)
    errors.number = t.channels.theChannelNumberMustBe(NUMBER_MAX);

  if (payload.timeZone === '') errors.timeZone = t.channels.chooseTheTimeZoneThe;
  else if (!knownZones.includes(payload.timeZone))
    errors.timeZone = t.channels.timeZoneIsNotAnIana(payload.timeZone);

  if (payload.language !== '' && LANGUAGE.pattern && !LANGUAGE.pattern.test(payload.language))
    errors.language = t.channels.languageCode;

  if (!(CHANNEL_SOURCES as readonly string[]).includes(payload.source))
    errors.source = t.channels.chooseWhereThePictureComes;
  else if (
    payload.source === 'stream' &&
    payload.streamUrl !== '' &&
    !isWebAddress(payload.streamUrl)
  )
    errors.streamUrl = t.channels.theStreamUrlMustStart;
  if (
    payload.playoutProfile !== '' &&
    !(PLAYOUT_PROFILE_IDS as readonly string[]).includes(payload.playoutProfile)
  )
    errors.playoutProfile = t.channels.chooseAPlayoutProfile;

  if (payload.color !== '' && COLOR.pattern && !COLOR.pattern.test(payload.color))
    errors.color = t.channels.pickAColourOrWrite;

  if (payload.description.length > DESCRIPTION.max)
    errors.description = t.channels.theDescriptionCanBeAt(DESCRIPTION.max);
  return errors;
}

// ---- Sources (issue 39) -----------------------------------------------------------------------

/** A source's name, as the form's choice and the channel page say it. */
export function sourceLabel(source: ChannelSource): string {
  const t = messages();
  if (source === 'playout') return t.channels.sourcePlayout;
  if (source === 'test-pattern') return t.channels.sourceTestPattern;
  return t.channels.sourceStream;
}

/** The form's source choices, in the order they are offered. */
export function sourceOptions(): { value: ChannelSource; label: string; description: string }[] {
  const t = messages();
  const descriptions: Record<ChannelSource, string> = {
    stream: t.channels.sourceStreamHint,
    playout: t.channels.sourcePlayoutHint,
    'test-pattern': t.channels.sourceTestPatternHint,
  };
  return CHANNEL_SOURCES.map((value) => ({
    value,
    label: sourceLabel(value),
    description: descriptions[value],
  }));
}

/** A playout profile as people read it: "720p, 30 fps". */
export function playoutProfileLabel(id: PlayoutProfileId): string {
  const { height, fps } = PLAYOUT_PROFILES[id];
  return messages().channels.profileLabel(height, fps);
}

/** The playout profile select's options, smallest first. */
export function playoutProfileOptions(): { value: PlayoutProfileId; label: string }[] {
  return PLAYOUT_PROFILE_IDS.map((value) => ({ value, label: playoutProfileLabel(value) }));
}

/**
 * What the channels list says of a channel's picture: its source, or "None" for a stream source
 * without an address (`airs` false: viewers get nothing to play).
 */
export function listedSource(channel: Pick<ChannelRecord, 'id' | 'source' | 'streamUrl'>): {
  label: string;
  airs: boolean;
} {
  const t = messages();
  if (playbackPath(channel) === '') return { label: t.channels.none, airs: false };
  const source = channelSource(channel);
  return { label: source === 'stream' ? t.channels.stream : sourceLabel(source), airs: true };
}
