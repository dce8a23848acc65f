import {
  addDays,
  airSeconds,
  BREAK_POINT_SEC,
  type Break,
  breakInventory,
  type Campaign,
  type CampaignDelivery,
  type Daypart,
  DEFAULT_SEGMENT_SEC,
  instantToOffsetIso,
  localToInstant,
  type Placement,
  placeSpots,
  type RotationSpot,
  showOnGrid,
} from '@airgrid/domain';
import type { CampaignDeliverySummary } from '@airgrid/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { RecordService } from '../../records/record-service.js';
import type { AiringsRepository } from './airings-repository.js';
import type {
  NewPlacement,
  PlacedSpotRow,
  PlacementChannel,
  PlacementRepository,
  StoredAd,
  StoredCampaign,
  StoredPlacement,
} from './placement-repository.js';

// Places a station's campaigns into its schedule's breaks (issue 40, item 4) with packages/domain's
// `placeSpots`, again after every change to what placement reads: kept spots (every spot of a
// break that has begun) stay as they are, the rest is placed anew and only the difference is
// written, so a placement that did not move keeps its record.

/** How far back and ahead a flight is read: flights are at most about a year. */
const HORIZON_MS = 400 * 86_400_000;

const HOUR_MS = 3_600_000;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}/;

/** The first instant of a calendar day (`YYYY-MM-DD…`) in the zone, or null for none. */
function dayStart(value: string, zone: string, plusDays = 0): number | null {
  const day = DAY_PATTERN.exec(value)?.[0];
  return day ? localToInstant(`${addDays(day, plusDays)}T00:00`, zone) : null;
}

/** A daypart as stored, when it is one (the collection's hook checks them on write). */
function isDaypart(value: unknown): value is Daypart {
  const part = value as Partial<Daypart> | null;
  return (
    typeof part === 'object' &&
    part !== null &&
    Array.isArray(part.days) &&
    typeof part.from === 'string' &&
    typeof part.to === 'string'
  );
}

/** A stored campaign as the engine reads it: its days as instants on the station's calendar. */
function toCampaign(
  stored: StoredCampaign,
  zone: string,
  ads: ReadonlyMap<string, StoredAd>,
): Campaign | null {
  const startMs = dayStart(stored.flightStart, zone);
  const endMs = dayStart(stored.flightEnd, zone, 1);
  if (startMs === null || endMs === null) return null;
  const rotation: RotationSpot[] = stored.ads.flatMap((id) => {
    const ad = ads.get(id);
    if (!ad) return [];
    const weight = Number(stored.weights[id] ?? 1);
    return [
      {
        ad: id,
        durationSec: ad.durationSec,
        weight: ad.airable && Number.isFinite(weight) ? weight : 0,
        validFromMs: dayStart(ad.validFrom, zone),
        validToMs: dayStart(ad.validTo, zone, 1),
      },
    ];
  });
  return {
    id: stored.id,
    sponsor: stored.sponsor,
    category: stored.competitiveCategory.trim() || null,
    flight: { startMs, endMs },
    channels: stored.channels,
    dayparts: Array.isArray(stored.dayparts) ? stored.dayparts.filter(isDaypart) : [],
    goal: { per: stored.goalPer, spots: stored.goalSpots },
    caps: {
      perHour: stored.capPerHour > 0 ? stored.capPerHour : null,
      perProgramme: stored.capPerProgramme > 0 ? stored.capPerProgramme : null,
    },
    separation: {
      sponsorSec: stored.sponsorSeparationMin * 60,
      categorySec: stored.categorySeparationMin * 60,
    },
    priority: stored.priority,
    status: stored.status,
    rotation,
  };
}

/** When a placement's break begins: its id carries its start (`{channel}:{ms}:{kind}`). */
function breakStartOf(placement: Placement): number {
  const start = Number(placement.breakId.split(':')[1]);
  return Number.isFinite(start) ? start : placement.startMs - placement.offsetSec * 1000;
}

const keyOf = (placement: Placement) =>
  `${placement.breakId}|${placement.campaign}|${placement.ad}|${placement.offsetSec}`;

/** The campaign's delivery as its page and the dashboard read it. */
function summary(delivery: CampaignDelivery, placedAt: number): CampaignDeliverySummary {
  let placed = 0;
  let goal = 0;
  for (const period of delivery.periods) {
    placed += period.placed;
    goal += period.goal;
  }
  return {
    placedAt,
    per: delivery.per,
    placed,
    goal,
    shortfall: delivery.shortfall,
    missed: delivery.missed,
    periods: delivery.periods.map(({ period, goal, placed, missed, makeGoods, shortfall }) => ({
      period,
      goal,
      placed,
      missed,
      makeGoods,
      shortfall,
    })),
  };
}

/** Whether a stored delivery says what a new one says (when it was placed aside). */
function sameDelivery(stored: unknown, next: CampaignDeliverySummary): boolean {
  if (typeof stored !== 'object' || stored === null) return false;
  const { placedAt: _stored, ...was } = stored as CampaignDeliverySummary;
  const { placedAt: _next, ...is } = next;
  return JSON.stringify(was) === JSON.stringify(is);
}

export interface PlacementOutcome {
  placed: number;
  added: number;
  removed: number;
}

export class PlacementService {
  constructor(
    private readonly repository: PlacementRepository,
    private readonly proof: Pick<AiringsRepository, 'missedAmong'>,
    private readonly records: RecordService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Places the station's campaigns whose flight has not ended, and stores what changed and
   * each campaign's delivery. Campaigns whose flight is over keep their placements as they are.
   */
  async place(organization: string): Promise<PlacementOutcome> {
    const now = this.clock.now();
    const zone = await this.repository.stationZone(organization);
    const none = { placed: 0, added: 0, removed: 0 };
    if (!zone) return none;
    const stored = await this.repository.campaigns(organization);
    const ads = new Map(
      (await this.repository.ads(organization, [...new Set(stored.flatMap((c) => c.ads))])).map(
        (ad) => [ad.id, ad],
      ),
    );
    const campaigns = stored
      .map((campaign) => toCampaign(campaign, zone, ads))
      .filter((campaign): campaign is Campaign => campaign !== null)
      .filter((campaign) => campaign.flight.endMs > now);
    if (campaigns.length === 0) return none;
    const from = Math.max(now - HORIZON_MS, Math.min(...campaigns.map((c) => c.flight.startMs)));
    const to = Math.min(now + HORIZON_MS, Math.max(...campaigns.map((c) => c.flight.endMs)));
    const breaks = await this.inventory(organization, campaigns, from, to);
    const placing = new Set(campaigns.map((campaign) => campaign.id));
    const existing = (await this.repository.placements(organization, from)).filter((placement) =>
      placing.has(placement.campaign),
    );
    // A spot a log says was missed holds its break but counts for nothing: it is made good.
    const begun = existing.filter((placement) => breakStartOf(placement) < now);
    const missed = await this.proof.missedAmong(
      begun.filter((placement) => placement.startMs < now).map((placement) => placement.id),
    );
    const fixed = begun.map((placement) =>
      missed.has(placement.id) ? { ...placement, missed: true } : placement,
    );
    const result = placeSpots({ breaks, campaigns, fixed, now });

    const change = this.difference(existing, result.placements, breaks, now);
    // A delivery is stored (and its campaign's event sent) only when it changed, so the event
    // never leads to another placement that changes nothing.
    const before = new Map(stored.map((campaign) => [campaign.id, campaign.delivery]));
    const delivery = new Map(
      result.delivery
        .map((each) => [each.campaign, summary(each, now)] as const)
        .filter(([campaign, next]) => !sameDelivery(before.get(campaign), next)),
    );
    if (change.added.length + change.gone.length + delivery.size === 0)
      return { placed: result.placements.length, added: 0, removed: 0 };
    await this.repository.write(organization, { ...change, delivery }, now);
    for (const campaign of delivery.keys()) await this.records.announce('campaigns', campaign);
    this.log.debug(
      { organization, added: change.added.length, removed: change.gone.length },
      'campaigns placed',
    );
    return {
      placed: result.placements.length,
      added: change.added.length,
      removed: change.gone.length,
    };
  }

  /**
   * A channel's breaks starting in [from, to) with the spots placed in them (the timeline's
   * thin bars); null for a channel that is not the station's.
   */
  async breaksOf(organization: string, channelId: string, from: number, to: number) {
    const channel = await this.repository.channel(organization, channelId);
    if (!channel) return null;
    const breaks = await this.channelBreaks(channel, from, to);
    const spots = new Map<string, PlacedSpotRow[]>();
    for (const spot of await this.repository.placedOn(channel.id, from - HOUR_MS, to)) {
      spots.set(spot.breakId, [...(spots.get(spot.breakId) ?? []), spot]);
    }
    return {
      channel: channel.id,
      timeZone: channel.timeZone,
      breaks: breaks.map((brk) => {
        const placed = spots.get(brk.id) ?? [];
        const used = placed.reduce(
          (sum, spot) =>
            sum +
            (brk.spotUnitSec ? airSeconds(spot.durationSec, brk.spotUnitSec) : spot.durationSec),
          0,
        );
        return {
          id: brk.id,
          kind: brk.kind,
          start: new Date(Math.round(brk.startMs)).toISOString(),
          capacitySec: brk.capacitySec,
          freeSec: Math.max(0, brk.capacitySec - used),
          timeslot: brk.programme?.timeslotId ?? null,
          spots: placed.map((spot) => ({
            placement: spot.id,
            campaign: spot.campaign,
            campaignName: spot.campaignName,
            ad: spot.ad,
            adTitle: spot.adTitle,
            sponsorName: spot.sponsorName,
            start: new Date(Date.parse(spot.start.replace(' ', 'T'))).toISOString(),
            offsetSec: spot.offsetSec,
            durationSec: spot.durationSec,
          })),
        };
      }),
    };
  }

  /**
   * A channel's log of one local day (`YYYY-MM-DD` on its clock) for its own playout: the
   * programmes and the spots placed among them, in order, as CSV rows (DAILY_LOG_COLUMNS);
   * null for a channel that is not the station's.
   */
  async dailyLog(organization: string, channelId: string, date: string) {
    const channel = await this.repository.channel(organization, channelId);
    if (!channel) return null;
    const from = localToInstant(`${date}T00:00`, channel.timeZone);
    const to = localToInstant(`${addDays(date, 1)}T00:00`, channel.timeZone);
    const at = (start: string) => Date.parse(start.replace(' ', 'T'));
    const lines: { at: number; cells: (string | number)[] }[] = [];
    for (const programme of await this.repository.programmesOn(channel.id, from, to)) {
      lines.push({
        at: at(programme.start),
        cells: [
          instantToOffsetIso(at(programme.start), channel.timeZone),
          'programme',
          1,
          programme.title,
          programme.durationSec,
          programme.cablecastShowId,
          'false',
          'false',
          '',
          '',
          programme.id,
          '',
        ],
      });
    }
    for (const spot of await this.repository.placedOn(channel.id, from, to)) {
      lines.push({
        at: at(spot.start),
        cells: [
          instantToOffsetIso(at(spot.start), channel.timeZone),
          'spot',
          2,
          spot.adTitle,
          Math.round(spot.durationSec * 1000) / 1000,
          '',
          'true',
          'false',
          spot.campaignName,
          spot.sponsorName,
          '',
          spot.ad,
        ],
      });
    }
    // A programme and a spot at one instant: the programme first (a spot is in its break).
    lines.sort((a, b) => a.at - b.at || (a.cells[1] === 'programme' ? -1 : 1));
    return lines.map((line) => line.cells);
  }

  /** The breaks of every channel the campaigns air on, in [from, to). */
  private async inventory(
    organization: string,
    campaigns: readonly Campaign[],
    from: number,
    to: number,
  ): Promise<Break[]> {
    const ids = [...new Set(campaigns.flatMap((campaign) => campaign.channels))].sort();
    const breaks: Break[] = [];
    for (const channel of await this.repository.channels(organization, ids)) {
      breaks.push(...(await this.channelBreaks(channel, from, to)));
    }
    return breaks;
  }

  /**
   * A channel's breaks starting in [from, to). On a channel Airgrid airs, its shows are read on
   * the segment grid and spots take whole segments, so every break is what playout airs.
   */
  private async channelBreaks(channel: PlacementChannel, from: number, to: number) {
    const timeslots = await this.repository.timeslots(channel.id, from, to);
    const shows = await this.repository.shows([...new Set(timeslots.map((s) => s.showId))]);
    const onPlayout = channel.source === 'playout';
    const breaks = breakInventory({
      channel: { id: channel.id, timeZone: channel.timeZone },
      from,
      to,
      timeslots,
      shows: onPlayout
        ? shows.map((show) => showOnGrid(show, DEFAULT_SEGMENT_SEC, BREAK_POINT_SEC))
        : shows,
      defaultPointSec: BREAK_POINT_SEC,
    });
    return onPlayout
      ? breaks.map((brk): Break => ({ ...brk, spotUnitSec: DEFAULT_SEGMENT_SEC }))
      : breaks;
  }

  /** What to delete and insert so the stored placements become `placed`; kept ones are left. */
  private difference(
    existing: readonly StoredPlacement[],
    placed: readonly Placement[],
    breaks: readonly Break[],
    now: number,
  ): { gone: string[]; added: NewPlacement[] } {
    const stored = new Map(existing.map((placement) => [keyOf(placement), placement]));
    const wanted = new Set<string>();
    const byId = new Map(breaks.map((brk) => [brk.id, brk]));
    const added: NewPlacement[] = [];
    for (const placement of placed) {
      const key = keyOf(placement);
      wanted.add(key);
      if (stored.has(key) || breakStartOf(placement) < now) continue;
      const brk = byId.get(placement.breakId);
      const programme = brk?.programme ?? brk?.before ?? null;
      added.push({
        ...placement,
        breakKind: brk?.kind ?? 'gap',
        timeslot: programme?.timeslotId ?? '',
        show: programme?.showId ?? '',
      });
    }
    const gone = existing
      .filter((placement) => !wanted.has(keyOf(placement)) && breakStartOf(placement) >= now)
      .map((placement) => placement.id);
    return { gone, added };
  }
}
