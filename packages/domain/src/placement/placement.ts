/**
 * The placement engine (issue 40, item 4): which spot of which campaign airs in which break.
 *
 * Campaigns are served one priority level at a time, highest first; each level walks the open
 * breaks (those starting at or after `now`) in time order, and at each break offers it to the
 * level's campaigns that are due there (behind their even pace, `pacing.ts`), most behind first.
 * A campaign takes the break when every rule allows (`PlacementBook.tryPlace`): one spot per
 * campaign per break, its caps, separation, and room for the rotation's next ad, appended after
 * what the break already holds. A lower level only ever sees what the higher ones left, so it
 * cannot take anything from them. See README.md and docs/decisions/0046-spot-placement.md.
 */

import { type BreakFacts, compareText, describeBreak, orderBreaks } from './break-facts.js';
import type { Break } from './breaks.js';
import { type CampaignPlan, type Offer, planCampaign } from './campaign-plan.js';
import { LocalClocks } from './local-clock.js';
import { spotsBehind } from './pacing.js';
import { PlacementBook } from './placement-book.js';
import type {
  Campaign,
  CampaignDelivery,
  Placement,
  PlacementInput,
  PlacementResult,
} from './placement-types.js';
import { SeparationIndex } from './separation.js';

/** Places the booked campaigns' spots in the open breaks, keeping the fixed placements. */
export function placeSpots(input: PlacementInput): PlacementResult {
  const clocks = new LocalClocks();
  const breaks = orderBreaks(input.breaks).map((brk, index) => describeBreak(brk, index, clocks));
  const breaksByChannel = groupByChannel(breaks);
  const campaigns = uniqueById(input.campaigns);
  campaigns.forEach(checkCampaign);
  const plans = campaigns.map((campaign) => planCampaign(campaign, breaksByChannel));
  const book = new PlacementBook(
    new SeparationIndex(breaksByChannel, longestSeparation(campaigns)),
  );
  keepFixed(input.fixed, book, breaks, plans, clocks, input.now);
  for (const level of priorityLevels(plans)) fillLevel(level, book, input.now);
  return {
    placements: book.placements.sort(comparePlacements),
    delivery: plans.map(deliveryOf),
  };
}

function groupByChannel(breaks: readonly BreakFacts[]): Map<string, BreakFacts[]> {
  const byChannel = new Map<string, BreakFacts[]>();
  for (const facts of breaks) {
    const list = byChannel.get(facts.brk.channel) ?? [];
    list.push(facts);
    byChannel.set(facts.brk.channel, list);
  }
  return byChannel;
}

/** Campaigns by id, one per id (the first given). */
function uniqueById(campaigns: readonly Campaign[]): Campaign[] {
  const byId = new Map<string, Campaign>();
  for (const campaign of campaigns) if (!byId.has(campaign.id)) byId.set(campaign.id, campaign);
  return [...byId.values()].sort((a, b) => compareText(a.id, b.id));
}

function isCount(value: number | null): boolean {
  return value === null || (Number.isInteger(value) && value >= 0);
}

function checkCampaign(campaign: Campaign): void {
  const { goal, caps, separation } = campaign;
  const problem = !isCount(goal.spots)
    ? 'its goal must be a whole number of spots'
    : !isCount(caps.perHour) || !isCount(caps.perProgramme)
      ? 'its caps must be whole numbers or null'
      : !(separation.sponsorSec >= 0 && separation.categorySec >= 0)
        ? 'its separations must be seconds, 0 or more'
        : null;
  if (problem) throw new RangeError(`Campaign ${campaign.id}: ${problem}.`);
}

function longestSeparation(campaigns: readonly Campaign[]): number {
  let longest = 0;
  for (const { separation } of campaigns) {
    longest = Math.max(longest, separation.sponsorSec, separation.categorySec);
  }
  return longest;
}

/** Fixed placements, each in its break (or, outside the inventory, a break of its own). */
function keepFixed(
  fixed: readonly Placement[],
  book: PlacementBook,
  breaks: readonly BreakFacts[],
  plans: readonly CampaignPlan[],
  clocks: LocalClocks,
  now: number,
): void {
  const breaksById = new Map(breaks.map((facts) => [facts.brk.id, facts]));
  const zones = new Map(breaks.map((facts) => [facts.brk.channel, facts.brk.timeZone]));
  const plansById = new Map(plans.map((plan) => [plan.campaign.id, plan]));
  for (const placement of [...fixed].sort(comparePlacements)) {
    const facts =
      breaksById.get(placement.breakId) ??
      describeBreak(ownBreak(placement, zones.get(placement.channel) ?? 'UTC'), -1, clocks);
    book.keep(placement, facts, plansById.get(placement.campaign), now);
  }
}

/** A fixed placement whose break is not among those given counts as a break of its own. */
function ownBreak(placement: Placement, timeZone: string): Break {
  return {
    id: placement.breakId,
    channel: placement.channel,
    timeZone,
    startMs: placement.startMs,
    capacitySec: placement.durationSec,
    kind: 'gap',
    programme: null,
    before: null,
    after: null,
  };
}

/** Booked campaigns grouped by priority, highest first. */
function priorityLevels(plans: readonly CampaignPlan[]): CampaignPlan[][] {
  const levels = new Map<number, CampaignPlan[]>();
  for (const plan of plans) {
    if (plan.campaign.status !== 'booked') continue;
    const level = levels.get(plan.campaign.priority) ?? [];
    level.push(plan);
    levels.set(plan.campaign.priority, level);
  }
  return [...levels.entries()].sort(([a], [b]) => b - a).map(([, level]) => level);
}

/** One level's walk through the open breaks. */
function fillLevel(level: readonly CampaignPlan[], book: PlacementBook, now: number): void {
  // Offers by break index: the walk is in break order.
  const offersByBreak: (Offer[] | undefined)[] = [];
  for (const plan of level) {
    for (const offer of plan.offers) {
      if (offer.facts.brk.startMs < now) continue;
      const offers = offersByBreak[offer.facts.index];
      if (offers) offers.push(offer);
      else offersByBreak[offer.facts.index] = [offer];
    }
  }
  for (const offers of offersByBreak) {
    if (offers) for (const offer of mostBehindFirst(offers)) book.tryPlace(offer);
  }
}

/** The offers whose campaigns are due, most spots behind first, then by campaign id. */
function mostBehindFirst(offers: readonly Offer[]): Offer[] {
  return offers
    .map((offer) => ({ offer, behind: spotsBehind(offer) }))
    .filter(({ behind }) => behind > 0)
    .sort(
      (a, b) =>
        b.behind - a.behind || compareText(a.offer.plan.campaign.id, b.offer.plan.campaign.id),
    )
    .map(({ offer }) => offer);
}

function comparePlacements(a: Placement, b: Placement): number {
  return (
    a.startMs - b.startMs ||
    compareText(a.channel, b.channel) ||
    compareText(a.breakId, b.breakId) ||
    a.offsetSec - b.offsetSec ||
    compareText(a.campaign, b.campaign) ||
    compareText(a.ad, b.ad)
  );
}

function deliveryOf(plan: CampaignPlan): CampaignDelivery {
  const periods = [...plan.periods.values()]
    .sort((a, b) => compareText(a.key, b.key))
    .map((period) => ({
      period: period.key,
      goal: period.goal - period.makeGoods,
      placed: period.placed,
      missed: period.missed,
      makeGoods: period.makeGoods,
      shortfall: Math.max(0, period.goal - period.placed - period.carriedOut),
    }));
  return {
    campaign: plan.campaign.id,
    per: plan.campaign.goal.per,
    periods,
    shortfall: periods.reduce((sum, period) => sum + period.shortfall, 0),
    missed: periods.reduce((sum, period) => sum + period.missed, 0),
  };
}
