import { type ChannelRecord, channels, findField, isEditorRole } from '@airgrid/schema';

// The channels pages' logic apart from React: who may change channels, which channels the list
// shows, and how the channel form's values become a record and back. The server stays the
// authority (apps/server/src/collections/channels.ts); the form only says problems sooner and
// in plainer words than "Invalid value format.".

/** A channel record as the pages read it. */
export type { ChannelRecord } from '@airgrid/schema';

/** The bumper title viewers see when a channel has none of its own (seed §1). */
export const DEFAULT_BUMPER_TITLE = 'We’ll be right back';

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
  if (total === 0) return 'No channels yet.';
  if (search.trim() !== '') return `No channels match “${search.trim()}”.`;
  return showArchived
    ? 'No channels yet.'
    : 'Every channel is archived: turn on Show archived to see them.';
}

/** The channel form's values as the inputs hold them. */
export interface ChannelFormValues {
  name: string;
  slug: string;
  /** A NumberInput gives a number, or '' when empty. */
  number: number | string;
  timeZone: string;
  streamUrl: string;
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
    streamUrl: '',
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
    streamUrl: channel.streamUrl,
    public: channel.public,
    color: channel.color,
    description: channel.description,
  };
}

/** The record fields the form sends: trimmed text, an integer number (0 when left empty). */
export function channelPayload(values: ChannelFormValues) {
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    number: values.number === '' ? 0 : Number(values.number),
    timeZone: values.timeZone,
    streamUrl: values.streamUrl.trim(),
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
  const errors: Record<string, string> = {};
  const payload = channelPayload(values);
  if (payload.name === '') errors.name = 'Give the channel a name.';
  else if (payload.name.length > NAME.max)
    errors.name = `The name can be at most ${NAME.max} characters.`;

  if (payload.slug === '') errors.slug = 'The slug is required: it names the channel in feed URLs.';
  else if (payload.slug.length > SLUG.max)
    errors.slug = `The slug can be at most ${SLUG.max} characters.`;
  else if (SLUG.pattern && !SLUG.pattern.test(payload.slug))
    errors.slug = 'Use lower-case letters and digits, joined by single hyphens (e.g. channel-2).';

  if (!Number.isInteger(payload.number) || payload.number < 0 || payload.number > NUMBER_MAX)
    errors.number = `The channel number must be a whole number from 0 to ${NUMBER_MAX}.`;

  if (payload.timeZone === '') errors.timeZone = 'Choose the time zone the channel airs in.';
  else if (!knownZones.includes(payload.timeZone))
    errors.timeZone = `${payload.timeZone} is not an IANA time zone, e.g. America/New_York.`;

  if (payload.streamUrl !== '' && !isWebAddress(payload.streamUrl))
    errors.streamUrl = 'The stream URL must start with http:// or https://.';

  if (payload.color !== '' && COLOR.pattern && !COLOR.pattern.test(payload.color))
    errors.color = 'Pick a colour, or write it as #rrggbb.';

  if (payload.description.length > DESCRIPTION.max)
    errors.description = `The description can be at most ${DESCRIPTION.max} characters.`;
  return errors;
}
