import type { Break } from './breaks.js';
import type { Daypart } from './dayparts.js';

/** Only a booked campaign places spots; the others keep what they already have. */
export type CampaignStatus = 'booked' | 'draft' | 'paused' | 'ended';

/** What a campaign's goal counts: spots per local day, per local week (Monday on), or in all. */
export type GoalPeriod = 'day' | 'week' | 'total';

/** One ad in a campaign's rotation. */
export interface RotationSpot {
  ad: string;
  /** Exact to the frame (29.97 is 29.97): never rounded. */
  durationSec: number;
  /** Its share of the rotation, relative to the others; 0 or less: it is not placed. */
  weight: number;
  /** The ad may air only within [validFromMs, validToMs); null: no limit on that side. */
  validFromMs: number | null;
  validToMs: number | null;
}

/** A flight of spots with its targeting, goal and rules. */
export interface Campaign {
  id: string;
  sponsor: string;
  /** Competitive category ("banking"), compared trimmed and case-blind; null: none. */
  category: string | null;
  /** The flight, [startMs, endMs): a break is eligible when it lies wholly inside. */
  flight: { startMs: number; endMs: number };
  channels: readonly string[];
  /** When, on each channel's wall clock, a break may start; empty: any time. */
  dayparts: readonly Daypart[];
  goal: { per: GoalPeriod; spots: number };
  /**
   * At most this many spots per clock hour of a channel (the hour its break starts in, on the
   * channel's wall clock) and per programme (one timeslot's breaks; a gap break is its own).
   * Null: no cap.
   */
  caps: { perHour: number | null; perProgramme: number | null };
  /**
   * Quiet seconds, on one channel, from the end of a spot of this sponsor to the start of the
   * next (`sponsorSec`), and between this campaign's spots and those of another sponsor in the
   * same category (`categorySec`). Of two campaigns, the larger of their figures applies.
   */
  separation: { sponsorSec: number; categorySec: number };
  /** Higher wins. */
  priority: number;
  status: CampaignStatus;
  rotation: readonly RotationSpot[];
}

/** One spot of a campaign in a break: a planned play. */
export interface Placement {
  breakId: string;
  channel: string;
  campaign: string;
  ad: string;
  /** Epoch ms: the break's start plus `offsetSec`. */
  startMs: number;
  /** Seconds from the break's start; spots follow one another without a hole. */
  offsetSec: number;
  durationSec: number;
  /**
   * A fixed placement that did not air (a log covers its time without it): it holds its
   * break's seconds but counts toward nothing (goal, caps, separation, rotation), and its spot
   * is owed: a make-good in a later break (`PeriodDelivery.makeGoods`).
   */
  missed?: boolean;
}

export interface PlacementInput {
  /** The inventory, each break with its channel's zone; in any order. */
  breaks: readonly Break[];
  campaigns: readonly Campaign[];
  /**
   * Placements to keep as they are, counted toward goals and rules: at least every spot that
   * has aired. A break that has begun (starts before `now`) is on air and takes no new spot, so
   * pass every placement of such a break, not only those that started; a break that has not
   * begun keeps its fixed spots and takes new ones after them.
   */
  fixed: readonly Placement[];
  /** Epoch ms. */
  now: number;
}

/** A campaign's delivery in one period of its goal. */
export interface PeriodDelivery {
  /** The local date ("2026-03-09"), the Monday of a local week, or "flight" for a total. */
  period: string;
  goal: number;
  /** Spots counted: aired and planned, not missed. */
  placed: number;
  /** Spots of the campaign that were missed in this period. */
  missed: number;
  /**
   * Make-goods owed here on top of the goal: spots missed in an earlier period that had no
   * break left to make them good in.
   */
  makeGoods: number;
  /** Spots still owed: the goal and make-goods less what is placed and what moved on. */
  shortfall: number;
}

export interface CampaignDelivery {
  campaign: string;
  per: GoalPeriod;
  /**
   * The periods where the campaign could air in the breaks given, or where it has a spot, in
   * order (a per-total goal always has its one period).
   */
  periods: PeriodDelivery[];
  /** The sum of the periods' shortfalls: spots owed, for make-goods. */
  shortfall: number;
  /** Spots missed over the flight (each made good later when `shortfall` allows). */
  missed: number;
}

export interface PlacementResult {
  /** Fixed and new, by start, then channel. */
  placements: Placement[];
  /** One per campaign, by id, booked or not (a paused campaign shows what it still owes). */
  delivery: CampaignDelivery[];
}
