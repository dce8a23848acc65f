import { type BreakFacts, spotLength } from './break-facts.js';
import { type CampaignPlan, countKeptSpot, type Offer, oweMissedSpot } from './campaign-plan.js';
import type { Placement, RotationSpot } from './placement-types.js';
import { nextAd } from './rotation.js';
import type { SeparationIndex } from './separation.js';

const MS_PER_SEC = 1000;

/**
 * The placements so far and everything the rules count: how full each break is, which
 * campaigns it holds, spots per campaign and clock hour or programme, how often each ad aired,
 * and the separation index. Fixed placements are entered first; new spots go only through
 * `tryPlace`, which applies every rule.
 */
export class PlacementBook {
  readonly placements: Placement[] = [];
  /** Seconds from a break's start to where its next spot goes. */
  private readonly filledSec = new Map<BreakFacts, number>();
  private readonly campaignsIn = new Map<BreakFacts, Set<string>>();
  private readonly countsByCampaign = new Map<string, CampaignCounts>();

  constructor(private readonly separation: SeparationIndex) {}

  /**
   * Keeps a fixed placement as it is and counts it; `plan` is absent for unknown campaigns. A
   * missed one holds its seconds of the break and counts toward nothing: its spot is owed.
   */
  keep(placement: Placement, facts: BreakFacts, plan: CampaignPlan | undefined, now: number): void {
    this.placements.push(placement);
    this.filledSec.set(
      facts,
      Math.max(
        this.filledSec.get(facts) ?? 0,
        placement.offsetSec + spotLength(placement.durationSec, facts),
      ),
    );
    this.campaignsIn.set(facts, (this.campaignsIn.get(facts) ?? new Set()).add(placement.campaign));
    if (!plan) return;
    if (placement.missed) {
      oweMissedSpot(plan, facts, now);
      return;
    }
    countKeptSpot(plan, facts);
    this.count(plan, facts, placement.ad);
  }

  /** Places the campaign's next ad at the end of the break when every rule allows it. */
  tryPlace(offer: Offer): boolean {
    const { plan, facts } = offer;
    const campaign = plan.campaign;
    if (this.campaignsIn.get(facts)?.has(campaign.id)) return false;
    const counts = this.countsOf(campaign.id);
    if (atCap(counts.perHour, facts.hourKey, campaign.caps.perHour)) return false;
    if (atCap(counts.perProgramme, facts.programmeKey, campaign.caps.perProgramme)) return false;
    if (!this.separation.allows(facts, plan.mark)) return false;
    const offsetSec = this.filledSec.get(facts) ?? 0;
    const fits = (spot: RotationSpot) =>
      offsetSec + spotLength(spot.durationSec, facts) <= facts.brk.capacitySec;
    const spot = nextAd(offer.ads, counts.aired, fits);
    if (!spot) return false;
    this.placements.push({
      breakId: facts.brk.id,
      channel: facts.brk.channel,
      campaign: campaign.id,
      ad: spot.ad,
      startMs: facts.brk.startMs + offsetSec * MS_PER_SEC,
      offsetSec,
      durationSec: spot.durationSec,
    });
    this.filledSec.set(facts, offsetSec + spotLength(spot.durationSec, facts));
    this.campaignsIn.set(facts, (this.campaignsIn.get(facts) ?? new Set()).add(campaign.id));
    offer.period.placed += 1;
    offer.day.placed += 1;
    this.count(plan, facts, spot.ad);
    return true;
  }

  private count(plan: CampaignPlan, facts: BreakFacts, ad: string): void {
    const counts = this.countsOf(plan.campaign.id);
    increment(counts.perHour, facts.hourKey);
    increment(counts.perProgramme, facts.programmeKey);
    increment(counts.aired, ad);
    this.separation.add(facts, plan.mark);
  }

  private countsOf(campaign: string): CampaignCounts {
    let counts = this.countsByCampaign.get(campaign);
    if (!counts) {
      counts = { perHour: new Map(), perProgramme: new Map(), aired: new Map() };
      this.countsByCampaign.set(campaign, counts);
    }
    return counts;
  }
}

/** A campaign's spots by clock hour and by programme, and how often each ad aired. */
interface CampaignCounts {
  perHour: Map<string, number>;
  perProgramme: Map<string, number>;
  aired: Map<string, number>;
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function atCap(counts: ReadonlyMap<string, number>, key: string, cap: number | null): boolean {
  return cap !== null && (counts.get(key) ?? 0) >= cap;
}
