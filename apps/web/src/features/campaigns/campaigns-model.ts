import { type Clock, formatDuration, formatTime } from '@airgrid/domain';
import {
  type AdRecord,
  AFFIDAVIT_MAX_DAYS,
  type CampaignDaypart,
  type CampaignDeliverySummary,
  type CampaignRecord,
  type CampaignStatus,
  type ChannelRecord,
  type GoalPeriod,
  isEditorRole,
  type PlacementRecord,
  type ShowRecord,
  type SponsorRecord,
} from '@airgrid/schema';
import type { CampaignAiring } from '@airgrid/schema/contracts';
import { messages } from '../../i18n/messages';

// The campaigns area's logic apart from React (issue 40): who keeps campaigns, how the list is
// filtered, how a campaign's flight, dayparts, goal and delivery read, its status actions, and
// the form's values, checks and body. The server decides (rules, every check of
// features/campaigns); the page says the same first.

/** Staff (editors and above) keep campaigns; other members read them. */
export const isStaff = (role: string): boolean => isEditorRole(role);

/** A campaign as the list reads it, with its sponsor's name. */
export interface CampaignRow extends CampaignRecord {
  expand?: { sponsor?: Pick<SponsorRecord, 'id' | 'name'> };
}

/** A campaign as its page reads it: its sponsor, channels and spots. */
export interface CampaignDetail extends CampaignRecord {
  expand?: {
    sponsor?: Pick<SponsorRecord, 'id' | 'name'>;
    channels?: Pick<ChannelRecord, 'id' | 'name' | 'timeZone'>[];
    ads?: AdRecord[];
  };
}

/** A placed spot as the placements table reads it. */
export interface PlacementRow extends PlacementRecord {
  expand?: {
    channel?: Pick<ChannelRecord, 'id' | 'name' | 'timeZone'>;
    ad?: Pick<AdRecord, 'id' | 'title'>;
    show?: Pick<ShowRecord, 'id' | 'title'>;
  };
}

export function statusLabel(status: string): string {
  const t = messages().campaigns;
  const labels: Record<CampaignStatus, string> = {
    draft: t.statusDraft,
    booked: t.statusBooked,
    paused: t.statusPaused,
    ended: t.statusEnded,
  };
  return labels[status as CampaignStatus] ?? status;
}

export const STATUS_COLORS: Record<CampaignStatus, string> = {
  draft: 'gray',
  booked: 'green',
  paused: 'yellow',
  ended: 'dark',
};

// ── status actions ─────────────────────────────────────────────────────────────────────────

export type StatusAction = 'book' | 'pause' | 'resume' | 'end';

/** The status each action leads to. */
export const ACTION_STATUS: Record<StatusAction, CampaignStatus> = {
  book: 'booked',
  pause: 'paused',
  resume: 'booked',
  end: 'ended',
};

/** What staff may do with a campaign in this status: Book, Pause, Resume, End. */
export function statusActions(status: string): StatusAction[] {
  switch (status) {
    case 'draft':
      return ['book'];
    case 'booked':
      return ['pause', 'end'];
    case 'paused':
      return ['resume', 'end'];
    default:
      return [];
  }
}

/** Only drafts are deleted (the server's rule): a booked campaign has placements. */
export const canDelete = (campaign: Pick<CampaignRecord, 'status'>) => campaign.status === 'draft';

export function actionLabel(action: StatusAction): string {
  const t = messages().campaigns;
  return { book: t.book, pause: t.pause, resume: t.resume, end: t.end }[action];
}

// ── the list ───────────────────────────────────────────────────────────────────────────────

/** Not ended (the default: ended campaigns are history), one status, or every campaign. */
export type StatusFilter = 'current' | CampaignStatus | 'all';

export interface CampaignFilters {
  search: string;
  /** A sponsor's id, or '' for any. */
  sponsor: string;
  status: StatusFilter;
}

export const NO_FILTERS: CampaignFilters = { search: '', sponsor: '', status: 'current' };

/** The campaigns the filters keep: by flight, soonest first, then by name. */
export function filterCampaigns(
  campaigns: readonly CampaignRow[],
  filters: CampaignFilters,
): CampaignRow[] {
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return campaigns
    .filter((campaign) => {
      if (filters.status === 'current' && campaign.status === 'ended') return false;
      if (
        filters.status !== 'current' &&
        filters.status !== 'all' &&
        campaign.status !== filters.status
      )
        return false;
      if (filters.sponsor && campaign.sponsor !== filters.sponsor) return false;
      const text = `${campaign.name} ${campaign.expand?.sponsor?.name ?? ''}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => a.flightStart.localeCompare(b.flightStart) || a.name.localeCompare(b.name));
}

// ── how a campaign reads ───────────────────────────────────────────────────────────────────

/** A stored day (`YYYY-MM-DD …`) as the US writes it, MM/DD/YYYY; '' for none. */
function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** The flight: "04/01/2031 – 04/30/2031", or one day. */
export function flightText(campaign: Pick<CampaignRecord, 'flightStart' | 'flightEnd'>): string {
  const from = dayText(campaign.flightStart);
  const to = dayText(campaign.flightEnd);
  if (!from || !to || from === to) return from || to;
  return messages().campaigns.dayToDay(from, to);
}

/** Whether today (YYYY-MM-DD, the station's) is before, inside or after the flight. */
export function flightState(
  campaign: Pick<CampaignRecord, 'flightStart' | 'flightEnd'>,
  today: string,
): 'upcoming' | 'flying' | 'over' {
  if (campaign.flightEnd && campaign.flightEnd.slice(0, 10) < today) return 'over';
  if (campaign.flightStart && campaign.flightStart.slice(0, 10) > today) return 'upcoming';
  return 'flying';
}

/** A period of whole days on the station's calendar, both included (YYYY-MM-DD). */
export interface DayPeriod {
  from: string;
  to: string;
}

/** The flight as a period: an affidavit's default. */
export function flightPeriod(
  campaign: Pick<CampaignRecord, 'flightStart' | 'flightEnd'>,
): DayPeriod {
  return { from: campaign.flightStart.slice(0, 10), to: campaign.flightEnd.slice(0, 10) };
}

/** The calendar month before today's (today YYYY-MM-DD, the station's): monthly invoicing. */
export function lastMonth(today: string): DayPeriod {
  const [year = 1970, month = 1] = today.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** A real calendar day, YYYY-MM-DD (no 31 April). */
function isCalendarDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === text
  );
}

/**
 * What is wrong with a period before it is sent, by field, as the server says it: each day
 * chosen, the last not before the first, at most AFFIDAVIT_MAX_DAYS days.
 */
export function periodProblems(period: DayPeriod): Partial<Record<keyof DayPeriod, string>> {
  const t = messages().campaigns;
  const problems: Partial<Record<keyof DayPeriod, string>> = {};
  if (!isCalendarDay(period.from)) problems.from = t.chooseADay;
  if (!isCalendarDay(period.to)) problems.to = t.chooseADay;
  if (problems.from || problems.to) return problems;
  const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 + 1;
  if (days < 1) problems.to = t.periodEndsBeforeItStarts;
  else if (days > AFFIDAVIT_MAX_DAYS) problems.to = t.periodTooLong(AFFIDAVIT_MAX_DAYS);
  return problems;
}

/** ISO weekdays, Monday (1) to Sunday (7). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAYS_ONLY = [1, 2, 3, 4, 5] as const;
export const WEEKEND = [6, 7] as const;

const same = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((day, index) => day === b[index]);

/** A weekday's short name: "Mon". */
export function weekdayName(day: number): string {
  return messages().campaigns.weekdays[day - 1] ?? String(day);
}

/** Days as people say them: "Weekdays", "Weekend", "Every day", "Mon–Thu", "Mon, Wed, Fri". */
export function daysText(days: readonly number[]): string {
  const t = messages().campaigns;
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (same(sorted, WEEKDAYS)) return t.everyDay;
  if (same(sorted, WEEKDAYS_ONLY)) return t.weekdaysLabel;
  if (same(sorted, WEEKEND)) return t.weekendLabel;
  // Runs of three days or more read as a range.
  const parts: string[] = [];
  let start = 0;
  while (start < sorted.length) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === (sorted[end] ?? 0) + 1) end += 1;
    const first = sorted[start] ?? 0;
    const last = sorted[end] ?? 0;
    if (end - start >= 2) parts.push(`${weekdayName(first)}–${weekdayName(last)}`);
    else
      for (let index = start; index <= end; index += 1) parts.push(weekdayName(sorted[index] ?? 0));
    start = end + 1;
  }
  return parts.join(', ');
}

/** One daypart: "Weekdays 18:00–21:00"; past midnight, "Fri 22:00–02:00 (next day)". */
export function daypartLabel(daypart: CampaignDaypart): string {
  const t = messages().campaigns;
  const overnight = daypart.from >= daypart.to && daypart.to !== '24:00';
  const hours = `${daypart.from}–${daypart.to}`;
  return `${daysText(daypart.days)} ${overnight ? t.overnight(hours) : hours}`;
}

/** The dayparts, or "Any time" for none. */
export function daypartsText(dayparts: readonly CampaignDaypart[] | null | undefined): string {
  if (!dayparts || dayparts.length === 0) return messages().campaigns.anyTime;
  return dayparts.map(daypartLabel).join('; ');
}

/** The goal: "12 a week", "1 a day", "40 over the flight"; "No goal" without one. */
export function goalLabel(goalSpots: number, per: GoalPeriod | string): string {
  const t = messages().campaigns;
  if (!(goalSpots > 0)) return t.noGoal;
  if (per === 'day') return t.goalPerDay(goalSpots);
  if (per === 'total') return t.goalPerFlight(goalSpots);
  return t.goalPerWeek(goalSpots);
}

/** The delivery summary when the server has placed the campaign; null before. */
export function deliveryOf(
  campaign: Pick<CampaignRecord, 'delivery'>,
): CampaignDeliverySummary | null {
  const delivery = campaign.delivery;
  return delivery && typeof delivery === 'object' && 'placed' in delivery
    ? (delivery as CampaignDeliverySummary)
    : null;
}

/** "38 of 48 placed, 10 owed", "48 of 48 placed", or "Not placed yet". */
export function deliveryText(delivery: CampaignDeliverySummary | null): string {
  const t = messages().campaigns;
  if (!delivery) return t.notPlacedYet;
  return delivery.shortfall > 0
    ? t.placedOwed(delivery.placed, delivery.goal, delivery.shortfall)
    : t.placedOf(delivery.placed, delivery.goal);
}

/**
 * What became of the spots a log says were missed: "2 missed, made good in later breaks",
 * "2 missed, still owed", "2 missed: 1 made good in later breaks, 1 still owed"; null for none.
 * The owed ones are those the shortfall still counts (at most the missed).
 */
export function missedText(delivery: CampaignDeliverySummary | null): string | null {
  const t = messages().campaigns;
  const missed = delivery?.missed ?? 0;
  if (!delivery || !(missed > 0)) return null;
  const owed = Math.min(missed, Math.max(0, delivery.shortfall));
  if (owed === 0) return t.missedMadeGood(missed);
  return owed === missed ? t.missedStillOwed(missed) : t.missedPartly(missed, owed);
}

/** How a past spot's proof reads: a badge's label and colour, and what it means. */
export interface ProofBadge {
  label: string;
  color: string;
  hint: string;
}

/**
 * A past placement's proof from its airing (GET /api/v1/campaigns/{id}/airings): "Aired
 * 14:03:12 · as-run" (Airgrid playout), "Aired 14:03:12 · import" (an imported log), "Missed",
 * or "Aired by schedule" (no log covers it, or its airing is not read yet).
 */
export function proofBadge(
  airing: Pick<CampaignAiring, 'status' | 'proof' | 'airedStart'> | undefined,
  zone: string,
  clock: Clock,
): ProofBadge {
  const t = messages().campaigns;
  const aired = airing?.airedStart ? Date.parse(airing.airedStart) : null;
  if (airing?.status === 'missed') return { label: t.missed, color: 'red', hint: t.missedHint };
  if (airing?.status === 'off-plan')
    return { label: t.airedOffPlan, color: 'orange', hint: t.offPlanExplained };
  if (airing?.status === 'aired' && aired !== null && airing.proof === 'as-run')
    return {
      label: t.airedAsRun(spotTime(aired, zone, clock)),
      color: 'teal',
      hint: t.airedAsRunHint,
    };
  if (airing?.status === 'aired' && aired !== null && airing.proof === 'import')
    return {
      label: t.airedImport(spotTime(aired, zone, clock)),
      color: 'teal',
      hint: t.airedImportHint,
    };
  return { label: t.airedBySchedule, color: 'gray', hint: t.airedByScheduleHint };
}

/** How much of the goal is placed, 0 to 100. */
export function deliveryPercent(delivery: CampaignDeliverySummary | null): number {
  if (!delivery || !(delivery.goal > 0)) return 0;
  return Math.min(100, Math.round((delivery.placed / delivery.goal) * 100));
}

/** A period of the delivery as the chart labels it: "04/01", "Week of 03/31", "Whole flight". */
function periodLabel(period: string, per: GoalPeriod | string): string {
  const t = messages().campaigns;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  if (!match) return t.wholeFlight;
  const day = `${match[2]}/${match[3]}`;
  return per === 'week' ? t.weekOf(day) : day;
}

/** The chart's rows: each period's goal, what is placed, and what is owed. */
export function deliveryRows(delivery: CampaignDeliverySummary | null) {
  return (delivery?.periods ?? []).map((period) => ({
    period: period.period,
    label: periodLabel(period.period, delivery?.per ?? 'day'),
    goal: period.goal,
    placed: period.placed,
    owed: period.shortfall,
  }));
}

/** A spot's runtime to the hundredth ("0:29.97"), or what stands in for it. */
export function spotRuntime(spot: Pick<AdRecord, 'media' | 'durationSec'>): string {
  const t = messages().campaigns;
  if (!spot.media) return t.noMedia;
  if (!(spot.durationSec > 0)) return t.notReadYet;
  return formatDuration(spot.durationSec, 'runtime', { fraction: 2 });
}

/** Each spot's share of the rotation, in whole percent, by spot id (weights default to 1). */
export function rotationShares(
  ads: readonly string[],
  weights: Readonly<Record<string, number>> | null | undefined,
): Record<string, number> {
  const weightOf = (ad: string) => {
    const weight = weights?.[ad];
    return typeof weight === 'number' && weight > 0 ? weight : 1;
  };
  const total = ads.reduce((sum, ad) => sum + weightOf(ad), 0);
  return Object.fromEntries(
    ads.map((ad) => [ad, total > 0 ? Math.round((weightOf(ad) / total) * 100) : 0]),
  );
}

/**
 * When a spot starts, to the second, on the zone's clock: "6:28:30 PM", "18:28:30". (Zones
 * are whole minutes off UTC, so the seconds are the instant's own.)
 */
export function spotTime(epochMs: number, zone: string, clock: Clock): string {
  const seconds = String(Math.floor(epochMs / 1000) - Math.floor(epochMs / 60_000) * 60);
  return formatTime(epochMs, zone, clock).replace(/^(\d+:\d{2})/, `$1:${seconds.padStart(2, '0')}`);
}

/** A number of minutes as "30 min", "1 h 30 min"; none as "None". */
export function minutesText(minutes: number): string {
  if (!(minutes > 0)) return messages().campaigns.none;
  return formatDuration(minutes * 60, 'length', { units: true });
}

// ── the form ───────────────────────────────────────────────────────────────────────────────

/** A daypart as the form edits it: `to` as a time input holds it ("00:00" for midnight). */
export interface DaypartRow {
  days: number[];
  from: string;
  to: string;
}

/** A spot of the rotation and its weight (a number input's value: '' while emptied). */
export interface RotationRow {
  ad: string;
  weight: number | string;
}

export interface CampaignFormValues {
  name: string;
  sponsor: string;
  /** YYYY-MM-DD. */
  flightStart: string;
  flightEnd: string;
  channels: string[];
  dayparts: DaypartRow[];
  goalSpots: number | string;
  goalPer: GoalPeriod;
  capPerHour: number | string;
  capPerProgramme: number | string;
  sponsorSeparationMin: number | string;
  categorySeparationMin: number | string;
  competitiveCategory: string;
  priority: number | string;
  rotation: RotationRow[];
  rate: number | string;
  notes: string;
}

/** The form's fields whose server errors go under them (rotation takes `ads` and `weights`). */
export const FORM_FIELDS = [
  'name',
  'sponsor',
  'flightStart',
  'flightEnd',
  'channels',
  'dayparts',
  'goalSpots',
  'goalPer',
  'capPerHour',
  'capPerProgramme',
  'sponsorSeparationMin',
  'categorySeparationMin',
  'competitiveCategory',
  'priority',
  'rotation',
  'rate',
  'notes',
] as const;

/** The API's fields the form names otherwise. */
export const FORM_ALIASES = { ads: 'rotation', weights: 'rotation' } as const;

export function newCampaignValues(): CampaignFormValues {
  return {
    name: '',
    sponsor: '',
    flightStart: '',
    flightEnd: '',
    channels: [],
    dayparts: [],
    goalSpots: '',
    goalPer: 'week',
    capPerHour: '',
    capPerProgramme: '',
    sponsorSeparationMin: '',
    categorySeparationMin: '',
    competitiveCategory: '',
    priority: 5,
    rotation: [],
    rate: '',
    notes: '',
  };
}

/** A blank number field for 0 (the record's "none"). */
const orBlank = (value: number) => (value > 0 ? value : '');

export function campaignFormValues(campaign: CampaignRecord): CampaignFormValues {
  return {
    name: campaign.name,
    sponsor: campaign.sponsor,
    flightStart: campaign.flightStart.slice(0, 10),
    flightEnd: campaign.flightEnd.slice(0, 10),
    channels: [...campaign.channels],
    dayparts: (campaign.dayparts ?? []).map((daypart) => ({
      days: [...daypart.days],
      from: daypart.from,
      // A time input stops at 23:59: midnight at the end is 00:00 there.
      to: daypart.to === '24:00' ? '00:00' : daypart.to,
    })),
    goalSpots: orBlank(campaign.goalSpots),
    goalPer: campaign.goalPer || 'week',
    capPerHour: orBlank(campaign.capPerHour),
    capPerProgramme: orBlank(campaign.capPerProgramme),
    sponsorSeparationMin: orBlank(campaign.sponsorSeparationMin),
    categorySeparationMin: orBlank(campaign.categorySeparationMin),
    competitiveCategory: campaign.competitiveCategory,
    priority: campaign.priority || 5,
    rotation: campaign.ads.map((ad) => ({ ad, weight: campaign.weights?.[ad] ?? 1 })),
    rate: orBlank(campaign.rate),
    notes: campaign.notes,
  };
}

/** A new daypart row: weekdays 18:00–21:00, the most asked-for. */
export function newDaypart(): DaypartRow {
  return { days: [...WEEKDAYS_ONLY], from: '18:00', to: '21:00' };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(value));

/** A number field's value as a number; null when blank, NaN when not a number. */
function numberOf(value: number | string): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : Number.NaN;
}

/** A whole number from `min` to `max`, or blank when `optional`. */
function wholeProblem(
  value: number | string,
  min: number,
  max: number,
  optional: boolean,
): string | null {
  const t = messages().campaigns;
  const number = numberOf(value);
  if (number === null) return optional ? null : t.writeANumber(min, max);
  if (!Number.isInteger(number) || number < min || number > max) return t.writeANumber(min, max);
  return null;
}

/** The form's check before it is sent (the server checks the same, and a booked campaign's needs). */
export function checkCampaignForm(values: CampaignFormValues): Record<string, string> {
  const t = messages().campaigns;
  const errors: Record<string, string> = {};
  if (values.name.trim() === '') errors.name = t.giveTheCampaignAName;
  if (!values.sponsor) errors.sponsor = t.chooseTheSponsor;
  for (const name of ['flightStart', 'flightEnd'] as const) {
    if (!isDay(values[name])) errors[name] = t.writeADay;
  }
  if (!errors.flightStart && !errors.flightEnd && values.flightEnd < values.flightStart)
    errors.flightEnd = t.lastDayBeforeFirst(dayText(values.flightStart));
  const badDaypart = values.dayparts.findIndex(
    (daypart) => daypart.days.length === 0 || !CLOCK.test(daypart.from) || !CLOCK.test(daypart.to),
  );
  if (badDaypart >= 0) errors.dayparts = t.daypartIncomplete(badDaypart + 1);
  const checks: [keyof CampaignFormValues, number, number][] = [
    ['goalSpots', 1, 100_000],
    ['capPerHour', 0, 60],
    ['capPerProgramme', 0, 100],
    ['sponsorSeparationMin', 0, 1440],
    ['categorySeparationMin', 0, 1440],
  ];
  for (const [name, min, max] of checks) {
    const problem = wholeProblem(values[name] as number | string, min, max, true);
    if (problem) errors[name] = problem;
  }
  const priority = wholeProblem(values.priority, 1, 10, false);
  if (priority) errors.priority = priority;
  if (
    values.rotation.some((row) => {
      const weight = numberOf(row.weight);
      return weight !== null && !(weight > 0 && weight <= 100);
    })
  )
    errors.rotation = t.weightsArePositive;
  const rate = numberOf(values.rate);
  if (rate !== null && !(rate >= 0 && rate <= 1_000_000)) errors.rate = t.writeARate;
  return errors;
}

/** A number field's value for the record: 0 for blank (the record's "none"). */
const stored = (value: number | string) => numberOf(value) ?? 0;

/** The record's fields for a create or an update. */
export function campaignBody(values: CampaignFormValues): Record<string, unknown> {
  return {
    name: values.name.trim(),
    sponsor: values.sponsor,
    flightStart: `${values.flightStart} 00:00:00.000Z`,
    flightEnd: `${values.flightEnd} 00:00:00.000Z`,
    channels: values.channels,
    dayparts: values.dayparts.map(
      (daypart): CampaignDaypart => ({
        days: [...daypart.days].sort((a, b) => a - b),
        from: daypart.from,
        // Midnight at the end of a daypart is the end of its day.
        to: daypart.to === '00:00' ? '24:00' : daypart.to,
      }),
    ),
    goalSpots: stored(values.goalSpots),
    goalPer: values.goalPer,
    capPerHour: stored(values.capPerHour),
    capPerProgramme: stored(values.capPerProgramme),
    sponsorSeparationMin: stored(values.sponsorSeparationMin),
    categorySeparationMin: stored(values.categorySeparationMin),
    competitiveCategory: values.competitiveCategory.trim(),
    priority: stored(values.priority) || 5,
    ads: values.rotation.map((row) => row.ad),
    weights: Object.fromEntries(values.rotation.map((row) => [row.ad, stored(row.weight) || 1])),
    rate: stored(values.rate),
    notes: values.notes.trim(),
  };
}

/**
 * The spots a rotation may take from: the sponsor's spots that are not archived (and any the
 * rotation names already), active ones first, then by title.
 */
export function rotationChoices(
  spots: readonly AdRecord[],
  sponsor: string,
  chosen: readonly string[],
): AdRecord[] {
  const rank = (spot: AdRecord) => (spot.status === 'active' ? 0 : 1);
  return spots
    .filter(
      (spot) =>
        chosen.includes(spot.id) || (spot.sponsor === sponsor && spot.status !== 'archived'),
    )
    .sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title));
}

/** A sum of money in a currency: "$25.00" (en-US). */
export function moneyText(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}

/** The sign a currency is written with in en-US: "$", "CA$", "€". */
export function currencySymbol(currency: string): string {
  const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}
