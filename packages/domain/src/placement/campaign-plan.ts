import { type BreakFacts, spotLength } from './break-facts.js';
import { type ClockDaypart, inAnyDaypart, readDaypart } from './dayparts.js';
import type { Campaign, GoalPeriod, RotationSpot } from './placement-types.js';
import type { SeparationMark } from './separation.js';

/**
 * What a campaign may use, worked out before anything is placed: its eligible breaks, grouped
 * into the periods of its goal and, within each, into local days. Eligibility depends on the
 * inventory and the campaign alone (never on what others placed), so pacing targets built on
 * it do not move as spots are placed.
 */

/** One local day of a period with eligible breaks. */
interface DayPlan {
  key: string;
  /** Its place among the period's days. */
  index: number;
  /** Eligible breaks that day. */
  breaks: number;
  /** Spots of the campaign that day so far (fixed ones from the start). */
  placed: number;
}

interface PeriodPlan {
  key: string;
  /** The goal, with the make-goods moved here from earlier periods (`makeGoods`). */
  goal: number;
  makeGoods: number;
  /** Missed spots of this period, and how many of them are made good in a later one. */
  missed: number;
  carriedOut: number;
  /** The period's days with eligible breaks, in order. */
  days: DayPlan[];
  dayByKey: Map<string, DayPlan>;
  placed: number;
}

/** An eligible break of a campaign, where its pace is read. */
export interface Offer {
  plan: CampaignPlan;
  facts: BreakFacts;
  period: PeriodPlan;
  day: DayPlan;
  /** Its place among the day's eligible breaks. */
  position: number;
  /** The rotation's ads valid across the whole break and no longer than it. */
  ads: readonly RotationSpot[];
}

export interface CampaignPlan {
  campaign: Campaign;
  /** What separation reads of its spots; the category trimmed and lower case. */
  mark: SeparationMark;
  periods: Map<string, PeriodPlan>;
  /** In break order. */
  offers: Offer[];
}

const FLIGHT_PERIOD = 'flight';

/** The key of the goal period a break belongs to. */
function periodKey(per: GoalPeriod, facts: BreakFacts): string {
  if (per === 'day') return facts.day;
  if (per === 'week') return facts.week;
  return FLIGHT_PERIOD;
}

function normaliseCategory(category: string | null): string | null {
  const trimmed = category?.trim().toLowerCase() ?? '';
  return trimmed === '' ? null : trimmed;
}

function isValidThroughout(spot: RotationSpot, facts: BreakFacts): boolean {
  return (
    (spot.validFromMs === null || spot.validFromMs <= facts.brk.startMs) &&
    (spot.validToMs === null || facts.endMs <= spot.validToMs)
  );
}

/** A campaign's rotation as eligibility reads it. */
interface Rotation {
  /** The ads that can air at all (positive weight and length). */
  ads: readonly RotationSpot[];
  longestSec: number;
  /** No ad has validity dates: a break long enough for the longest takes the whole rotation. */
  alwaysValid: boolean;
}

function readRotation(campaign: Campaign): Rotation {
  const ads = campaign.rotation.filter((spot) => spot.weight > 0 && spot.durationSec > 0);
  return {
    ads,
    longestSec: Math.max(0, ...ads.map((spot) => spot.durationSec)),
    alwaysValid: ads.every((spot) => spot.validFromMs === null && spot.validToMs === null),
  };
}

/** The ads a campaign could air in a break, ignoring what is already there. */
function adsFor(
  campaign: Campaign,
  rotation: Rotation,
  dayparts: readonly ClockDaypart[],
  facts: BreakFacts,
): readonly RotationSpot[] {
  const { flight } = campaign;
  const inFlight = facts.brk.startMs >= flight.startMs && facts.endMs <= flight.endMs;
  if (!inFlight || !inAnyDaypart(facts.moment, dayparts)) return [];
  // The usual case, shared rather than copied: a month has hundreds of thousands of these.
  if (rotation.alwaysValid && spotLength(rotation.longestSec, facts) <= facts.brk.capacitySec)
    return rotation.ads;
  return rotation.ads.filter(
    (spot) =>
      spotLength(spot.durationSec, facts) <= facts.brk.capacitySec &&
      isValidThroughout(spot, facts),
  );
}

function periodOf(plan: CampaignPlan, key: string): PeriodPlan {
  let period = plan.periods.get(key);
  if (!period) {
    period = {
      key,
      goal: plan.campaign.goal.spots,
      makeGoods: 0,
      missed: 0,
      carriedOut: 0,
      days: [],
      dayByKey: new Map(),
      placed: 0,
    };
    plan.periods.set(key, period);
  }
  return period;
}

function dayOf(period: PeriodPlan, key: string): DayPlan {
  let day = period.dayByKey.get(key);
  if (!day) {
    day = { key, index: period.days.length, breaks: 0, placed: 0 };
    period.days.push(day);
    period.dayByKey.set(key, day);
  }
  return day;
}

/**
 * The campaign's plan over the inventory: `breaksByChannel` holds each channel's breaks in
 * fill order.
 */
export function planCampaign(
  campaign: Campaign,
  breaksByChannel: ReadonlyMap<string, readonly BreakFacts[]>,
): CampaignPlan {
  const plan: CampaignPlan = {
    campaign,
    mark: {
      sponsor: campaign.sponsor,
      category: normaliseCategory(campaign.category),
      sponsorSec: campaign.separation.sponsorSec,
      categorySec: campaign.separation.categorySec,
    },
    periods: new Map(),
    offers: [],
  };
  if (campaign.goal.per === 'total') periodOf(plan, FLIGHT_PERIOD);
  const dayparts = campaign.dayparts.map(readDaypart);
  const rotation = readRotation(campaign);
  const eligible: { facts: BreakFacts; ads: readonly RotationSpot[] }[] = [];
  for (const channel of new Set(campaign.channels)) {
    for (const facts of breaksByChannel.get(channel) ?? []) {
      const ads = adsFor(campaign, rotation, dayparts, facts);
      if (ads.length > 0) eligible.push({ facts, ads });
    }
  }
  eligible.sort((a, b) => a.facts.index - b.facts.index);
  for (const { facts, ads } of eligible) {
    const period = periodOf(plan, periodKey(campaign.goal.per, facts));
    const day = dayOf(period, facts.day);
    plan.offers.push({ plan, facts, period, day, position: day.breaks, ads });
    day.breaks += 1;
  }
  return plan;
}

/**
 * Counts a spot the campaign already has (a fixed placement) in its period and, when the break
 * is on one of its eligible days, in that day.
 */
export function countKeptSpot(plan: CampaignPlan, facts: BreakFacts): void {
  const period = periodOf(plan, periodKey(plan.campaign.goal.per, facts));
  period.placed += 1;
  const day = period.dayByKey.get(facts.day);
  if (day) day.placed += 1;
}

/**
 * Owes a missed spot (a fixed placement that did not air): it counts toward nothing, so its
 * period, while it still has an eligible break that has not begun, places one more by its pace.
 * When its period has none left, the spot moves to the next period of the flight that has one,
 * whose target grows by one (a make-good); with none, it stays owed where it was missed.
 */
export function oweMissedSpot(plan: CampaignPlan, facts: BreakFacts, now: number): void {
  const home = periodOf(plan, periodKey(plan.campaign.goal.per, facts));
  home.missed += 1;
  const open = plan.offers.find(
    (offer) => offer.facts.brk.startMs >= now && offer.period.key >= home.key,
  );
  if (!open || open.period === home) return;
  home.carriedOut += 1;
  open.period.makeGoods += 1;
  open.period.goal += 1;
}
