import {
  EMBED_GUIDE_HOURS,
  EMBED_MAX_SIZE_PX,
  EMBED_ORIGIN_PATTERN,
  EMBED_UPCOMING_COUNT,
  type EmbedKind,
  type EmbedRecord,
  type EmbedTheme,
  isEditorRole,
} from '@airgrid/schema';
import type { WidgetConfig } from '../../embed/widget-config';
import { messages } from '../../i18n/messages';

const t = messages();

// The /embeds page's logic apart from React: who may change embeds, the form's values and how
// they become a record, the live preview's draft, and the snippet a station pastes. The server
// stays the authority (apps/server/src/collections/embeds.ts); the form only says problems
// sooner.

export type { EmbedRecord } from '@airgrid/schema';

/** Whether the role creates, edits and deletes embeds: editors and above. */
export function canManageEmbeds(role: unknown): boolean {
  return isEditorRole(role);
}

/** Each kind as the page names and explains it. */
export const KIND_CHOICES: readonly { value: EmbedKind; label: string; description: string }[] = [
  { value: 'guide', label: t.embeds.guide, description: t.embeds.theNextHoursOfEvery },
  { value: 'nownext', label: t.embeds.nowAndNext, description: t.embeds.whatIsOnNowAnd },
  { value: 'upcoming', label: t.embeds.upcoming, description: t.embeds.theNextAiringsAsA },
  { value: 'player', label: t.embeds.player, description: t.embeds.oneChannelLiveWithNow },
];

export function kindLabel(kind: EmbedKind): string {
  return KIND_CHOICES.find((choice) => choice.value === kind)?.label ?? kind;
}

/** A height that suits each kind when the station has not picked one. */
export const DEFAULT_HEIGHTS: Readonly<Record<EmbedKind, number>> = {
  guide: 420,
  nownext: 360,
  upcoming: 440,
  player: 420,
};

/** The form's values as the inputs hold them. */
export interface EmbedFormValues {
  name: string;
  kind: EmbedKind;
  channels: string[];
  theme: EmbedTheme;
  accent: string;
  /** NumberInputs give a number, or '' when empty. */
  width: number | string;
  height: number | string;
  hours: number | string;
  count: number | string;
  /** One origin per line. */
  origins: string;
}

/** A new embed's starting values. */
export function newEmbedValues(kind: EmbedKind = 'guide'): EmbedFormValues {
  return {
    name: '',
    kind,
    channels: [],
    theme: 'auto',
    accent: '',
    width: 0,
    height: DEFAULT_HEIGHTS[kind],
    hours: EMBED_GUIDE_HOURS.default,
    count: EMBED_UPCOMING_COUNT.default,
    origins: '',
  };
}

/** An existing embed's values, for the edit form. */
export function embedFormValues(embed: EmbedRecord): EmbedFormValues {
  return {
    name: embed.name,
    kind: embed.kind,
    channels: [...(embed.channels ?? [])],
    theme: embed.theme || 'auto',
    accent: embed.accent,
    width: embed.width,
    height: embed.height,
    hours: embed.options?.hours ?? EMBED_GUIDE_HOURS.default,
    count: embed.options?.count ?? EMBED_UPCOMING_COUNT.default,
    origins: (embed.allowedOrigins ?? []).join('\n'),
  };
}

/** The origins typed one per line: trimmed, blank lines left out. */
export function originLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const whole = (value: number | string, fallback: number) =>
  value === '' || !Number.isFinite(Number(value)) ? fallback : Math.round(Number(value));

/**
 * The record fields the form sends. A player keeps only its first channel, and each kind keeps
 * only its own option, so switching kinds back and forth never leaves stale settings behind.
 */
export function embedPayload(values: EmbedFormValues) {
  const options: EmbedRecord['options'] = {};
  if (values.kind === 'guide') options.hours = whole(values.hours, EMBED_GUIDE_HOURS.default);
  if (values.kind === 'upcoming') options.count = whole(values.count, EMBED_UPCOMING_COUNT.default);
  return {
    name: values.name.trim(),
    kind: values.kind,
    channels: values.kind === 'player' ? values.channels.slice(0, 1) : values.channels,
    theme: values.theme,
    accent: values.accent.trim().toLowerCase(),
    width: whole(values.width, 0),
    height: whole(values.height, 0),
    options,
    allowedOrigins: originLines(values.origins),
  };
}

/** The live preview's draft: the form as it is now, saved or not. */
export function draftOf(values: EmbedFormValues, organization: string): WidgetConfig {
  const payload = embedPayload(values);
  return {
    organization,
    name: payload.name,
    kind: payload.kind,
    channels: payload.channels,
    theme: payload.theme,
    accent: /^#[0-9a-f]{6}$/.test(payload.accent) ? payload.accent : '',
    hours: payload.options?.hours ?? EMBED_GUIDE_HOURS.default,
    count: payload.options?.count ?? EMBED_UPCOMING_COUNT.default,
  };
}

const ORIGIN = new RegExp(EMBED_ORIGIN_PATTERN, 'i');

/**
 * The form's problems by field, with the schema's limits; empty when it can be sent. Origins are
 * checked line by line and the message quotes the first wrong one, as the server's does.
 */
export function checkEmbedForm(values: EmbedFormValues): Record<string, string> {
  const t = messages();
  const errors: Record<string, string> = {};
  const payload = embedPayload(values);
  if (payload.name === '') errors.name = t.embeds.giveTheEmbedAName;
  else if (payload.name.length > 120) errors.name = t.embeds.theNameCanBeAt;
  if (payload.accent !== '' && !/^#[0-9a-f]{6}$/.test(payload.accent))
    errors.accent = t.embeds.pickAColourOrWrite;
  if (values.kind === 'player' && values.channels.length === 0)
    errors.channels = t.embeds.chooseTheChannelThePlayer;
  for (const name of ['width', 'height'] as const) {
    const size = payload[name];
    if (!Number.isInteger(size) || size < 0 || size > EMBED_MAX_SIZE_PX)
      errors[name] = t.embeds.use0FillOrA(EMBED_MAX_SIZE_PX);
  }
  const wrong = payload.allowedOrigins.find((line) => !ORIGIN.test(line.replace(/\/$/, '')));
  if (wrong !== undefined) errors.allowedOrigins = t.embeds.wrongIsNotAnOrigin(wrong);
  return errors;
}

function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The widget's address on this deployment. */
function embedUrl(origin: string, id: string): string {
  return `${origin.replace(/\/$/, '')}/embed/${id}`;
}

/**
 * The snippet a station pastes into its website: an iframe of the widget, lazy-loaded and
 * borderless, titled for screen readers with the embed's name; 0 as a size fills the space the
 * page gives it.
 */
export function embedSnippet(
  origin: string,
  embed: Pick<EmbedRecord, 'id' | 'name' | 'width' | 'height'>,
): string {
  const size = (value: number) => (value > 0 ? String(value) : '100%');
  return `<iframe src="${escapeAttribute(embedUrl(origin, embed.id))}" width="${size(embed.width)}" height="${size(embed.height)}" title="${escapeAttribute(embed.name)}" loading="lazy" style="border:0"></iframe>`;
}
