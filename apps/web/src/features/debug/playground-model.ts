/**
 * What /debug/playground shows, apart from React: its sections, the chart state its URL names
 * (`?scheme=sky&precision=week`, so a test or a link can open one of the 55), the chart's sample
 * window for each precision, and the form that shows each of the seed's validation rules.
 */
import { describeField, type FieldDescriptor } from '@airgrid/domain';
import { messages } from '../../i18n/messages';
import {
  COLOR_SCHEME_NAMES,
  type ColorSchemeName,
  PRECISIONS,
  type Precision,
  type TimelineBar,
} from '../../ui/timeline';
import { type SampleSchedule, sampleSchedule } from './sample-schedule';

/** The sections, in page order; each id is its element's id and its `?section=` value. */
export const PLAYGROUND_SECTIONS = [
  'buttons',
  'forms',
  'toasts',
  'loaders',
  'timeline',
  'states',
] as const;
export type PlaygroundSection = (typeof PLAYGROUND_SECTIONS)[number];

/** The section a `?section=` value names, or null. */
export function sectionParam(value: string | null): PlaygroundSection | null {
  return (PLAYGROUND_SECTIONS as readonly string[]).includes(value ?? '')
    ? (value as PlaygroundSection)
    : null;
}

/** The colour scheme a `?scheme=` value names; the default scheme otherwise. */
export function schemeParam(value: string | null): ColorSchemeName {
  return (COLOR_SCHEME_NAMES as readonly string[]).includes(value ?? '')
    ? (value as ColorSchemeName)
    : 'default';
}

/** The precision a `?precision=` value names; hours otherwise. */
export function precisionParam(value: string | null): Precision {
  return (PRECISIONS as readonly string[]).includes(value ?? '') ? (value as Precision) : 'hour';
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The sample's first day: a fixed Monday (1 June 2026, UTC) rather than today, so the chart
 * draws the same on every load and its screenshots compare.
 */
export const SAMPLE_DAY = Date.UTC(2026, 5, 1);
/** The chart's "now", fixed too: that Monday at 14:30 UTC. */
export const SAMPLE_NOW = SAMPLE_DAY + 14.5 * HOUR;

/**
 * Days in the window of each precision, as the timeslots workspace shows them: a day of hours,
 * a week of days, two weeks of dates, five weeks, a quarter (June to August) of months.
 */
const WINDOW_DAYS: Record<Precision, number> = {
  hour: 1,
  day: 7,
  date: 14,
  week: 35,
  month: 92,
};
/** Channels in the sample: enough rows to read, few enough bars for a quarter to draw at once. */
const SAMPLE_CHANNELS = 3;

/**
 * The sample schedule for a precision: three channels over its window from {@link SAMPLE_DAY}
 * (from 06:00 for hours), with the second channel's first show from 20:00 on the first day
 * cancelled (hatched, struck through).
 */
export function playgroundSchedule(precision: Precision): SampleSchedule {
  const schedule = sampleSchedule(SAMPLE_DAY, SAMPLE_CHANNELS, WINDOW_DAYS[precision]);
  const cancelledAt = SAMPLE_DAY + 20 * HOUR;
  const status = messages().debug.playground.cancelled;
  let marked = false;
  const bars = schedule.bars.map((bar): TimelineBar => {
    if (marked || bar.rowId !== 'ch2' || bar.start < cancelledAt || bar.start >= SAMPLE_DAY + DAY)
      return bar;
    marked = true;
    return { ...bar, cancelled: true, status };
  });
  // The sample's days start at 06:00: a day of hours shows from there, its bars in sight.
  const from = precision === 'hour' ? SAMPLE_DAY + 6 * HOUR : schedule.from;
  return { ...schedule, bars, from };
}

/** One of the seed's validation rules (seed-spec §5) as the playground's form shows it. */
interface RuleExample {
  /** The rules text, e.g. `min:3`. */
  rules: string;
  /** A value the rule refuses, so the field shows the rule's own message. */
  value: string;
}

/**
 * Each rule with a value it refuses, in the order of the seed's list. `same:email` compares with
 * the email field above it, whose value differs.
 */
const RULE_EXAMPLES: readonly RuleExample[] = [
  { rules: 'required', value: '' },
  { rules: 'min:3', value: 'ab' },
  { rules: 'max:5', value: 'abcdefgh' },
  { rules: 'email', value: 'not-an-email' },
  { rules: 'same:email', value: 'other@example.com' },
  { rules: 'phone', value: '555-0100' },
  { rules: 'zipcode', value: '1234' },
  { rules: 'numeric', value: '12a' },
  { rules: 'ein', value: '123456789' },
  { rules: 'url', value: 'not a url' },
  { rules: 'routing', value: '000000000' },
  { rules: 'lowercase', value: 'MixedCase' },
  { rules: 'cablecast', value: 'http://bad host/' },
];

/** A field of the rules form: the descriptor `useRecordForm` checks, and the rule it shows. */
export interface RuleField {
  field: FieldDescriptor;
  rules: string;
}

/**
 * The rules form's fields, each labelled by what it asks for and given a value its rule
 * refuses; the messages are the rules' own (`checkRules` in packages/domain), as every form of
 * the app shows them.
 */
export function ruleFields(): RuleField[] {
  const labels = messages().debug.playground.ruleLabels;
  return RULE_EXAMPLES.map(({ rules, value }) => {
    const rule = rules.split(':')[0] as keyof typeof labels;
    const label = labels[rule];
    const name = rule === 'same' ? 'confirmEmail' : rule;
    return { rules, field: describeField({ label, name, rules, value }) };
  });
}
