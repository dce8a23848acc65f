import { defineCollection, type RecordOf } from '../collection.js';
import { date, json, number, relation, select, text } from '../fields.js';

/** A campaign's life: prepared, booked (its spots are placed), paused, ended. */
export const CAMPAIGN_STATUSES = ['draft', 'booked', 'paused', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What a campaign's goal counts: spots per local day, per week (Monday on), or in all. */
export const GOAL_PERIODS = ['day', 'week', 'total'] as const;
export type GoalPeriod = (typeof GOAL_PERIODS)[number];

/** At most this many spots in one campaign's rotation, and channels it airs on. */
export const MAX_CAMPAIGN_ADS = 20;
export const MAX_CAMPAIGN_CHANNELS = 50;

/** The longest period one affidavit or invoice of a campaign covers, in days (about a flight). */
export const AFFIDAVIT_MAX_DAYS = 400;

/** A daypart, on each channel's wall clock: days 1 (Monday) to 7, `HH:MM` to `HH:MM` or `24:00`. */
export interface CampaignDaypart {
  days: number[];
  from: string;
  to: string;
}

/** What the last placement found for the campaign (server-set), for its page and the dashboard. */
export interface CampaignDeliverySummary {
  /** When it was placed, epoch ms. */
  placedAt: number;
  per: GoalPeriod;
  /** Spots placed in the flight (aired and planned) and the goal over the flight. */
  placed: number;
  goal: number;
  /** Spots owed: what the breaks of the schedule could not take, missed ones not made good. */
  shortfall: number;
  /**
   * Spots a log says were missed (they count toward nothing; each is made good in a later
   * break while the flight has room). Absent in deliveries stored before proof of play.
   */
  missed?: number;
  periods: {
    period: string;
    goal: number;
    placed: number;
    /** Missed in this period, and make-goods owed here from earlier ones. */
    missed?: number;
    makeGoods?: number;
    shortfall: number;
  }[];
}

/**
 * A flight of a sponsor's spots (issue 40): when and where they may air, how many, under which
 * caps and separations, and in what rotation. Booked campaigns are placed into the schedule's
 * breaks by the server (`placements`); the goal and rate make the affidavit and the invoice.
 */
export const campaigns = defineCollection({
  id: 'pbc_2270728936',
  name: 'campaigns',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    text('name', { required: true, max: 200 }),
    relation('sponsor', 'sponsors', { required: true }),
    select('status', CAMPAIGN_STATUSES),
    // The flight: its first and last day (inclusive), on the station's calendar.
    date('flightStart', { required: true }),
    date('flightEnd', { required: true }),
    relation('channels', 'channels', { maxSelect: MAX_CAMPAIGN_CHANNELS }),
    // When a spot may air (CampaignDaypart[]); empty: any time of day.
    json('dayparts'),
    select('goalPer', GOAL_PERIODS),
    number('goalSpots', { min: 1, max: 100_000, onlyInt: true }),
    // Caps; 0 or empty: none.
    number('capPerHour', { min: 0, max: 60, onlyInt: true }),
    number('capPerProgramme', { min: 0, max: 100, onlyInt: true }),
    // Minutes between this sponsor's spots, and between competitors' (same category).
    number('sponsorSeparationMin', { min: 0, max: 1440, onlyInt: true }),
    number('categorySeparationMin', { min: 0, max: 1440, onlyInt: true }),
    text('competitiveCategory', { max: 64 }),
    // 1 (lowest) to 10: a higher campaign is placed first.
    number('priority', { min: 1, max: 10, onlyInt: true }),
    // The rotation: the spots, and each one's weight by spot id (empty: 1 each).
    relation('ads', 'ads', { maxSelect: MAX_CAMPAIGN_ADS }),
    json('weights'),
    // Price of one spot, in the organization's currency, for the invoice.
    number('rate', { min: 0, max: 1_000_000 }),
    text('notes', { max: 5000 }),
    // What the last placement found (CampaignDeliverySummary; server-set).
    json('delivery', { system: true }),
  ],
  indexes: [
    { name: 'organization_name', columns: ['organization', 'name'] },
    { name: 'sponsor', columns: ['sponsor'] },
  ],
});

export type CampaignRecord = RecordOf<
  typeof campaigns,
  {
    status: CampaignStatus;
    goalPer: GoalPeriod;
    dayparts: CampaignDaypart[];
    weights: Record<string, number>;
    delivery: CampaignDeliverySummary | Record<string, never> | null;
  }
>;
