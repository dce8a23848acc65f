import { Temporal } from 'temporal-polyfill';
import type { Break } from './breaks.js';
import { inDaypart } from './dayparts.js';
import type {
  Campaign,
  Placement,
  PlacementInput,
  PlacementResult,
  RotationSpot,
} from './placement-types.js';

// Factories and an oracle for the placement tests. The oracle states each rule the plain way,
// over the finished result: it reads zones through Temporal, compares spots pairwise, and counts
// per period from the placements themselves, never from the engine's counters.

/** Seconds a spot takes in a break: its runtime, or whole segments where the break says so. */
function takes(durationSec: number, brk: Break): number {
  const unit = brk.spotUnitSec;
  return unit === undefined
    ? durationSec
    : Math.max(1, Math.ceil(durationSec / unit - 1e-6)) * unit;
}

/** 2026-05-04, a Monday, 00:00 UTC. */
export const MONDAY = Date.UTC(2026, 4, 4);
export const MIN = 60_000;
export const HOUR = 3_600_000;
export const DAY_MS = 86_400_000;

/** The instant of "HH:MM" on the test Monday (UTC), `days` later. */
export function at(time: string, days = 0): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return MONDAY + days * DAY_MS + (h * 60 + m) * MIN;
}

/** A break of `capacitySec` at `startMs`; a gap unless it names a programme. */
export function makeBreak(
  channel: string,
  startMs: number,
  capacitySec: number,
  extra: Partial<Break> = {},
): Break {
  const kind = extra.kind ?? (extra.programme ? 'end' : 'gap');
  return {
    id: `${channel}:${startMs}:${kind}`,
    channel,
    timeZone: 'UTC',
    startMs,
    capacitySec,
    kind,
    programme: null,
    before: null,
    after: null,
    ...extra,
  };
}

export function ad(
  id: string,
  durationSec: number,
  extra: Partial<RotationSpot> = {},
): RotationSpot {
  return { ad: id, durationSec, weight: 1, validFromMs: null, validToMs: null, ...extra };
}

/** A booked campaign on channel "ch" with one 30-second ad, a wide flight and no limits. */
export function makeCampaign(id: string, extra: Partial<Campaign> = {}): Campaign {
  return {
    id,
    sponsor: `sponsor-${id}`,
    category: null,
    flight: { startMs: MONDAY - 30 * DAY_MS, endMs: MONDAY + 60 * DAY_MS },
    channels: ['ch'],
    dayparts: [],
    goal: { per: 'total', spots: 1 },
    caps: { perHour: null, perProgramme: null },
    separation: { sponsorSec: 0, categorySec: 0 },
    priority: 1,
    status: 'booked',
    rotation: [ad(`${id}-ad`, 30)],
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading the result

function breakEnd(brk: Break): number {
  return brk.startMs + brk.capacitySec * 1000;
}

function zoned(epochMs: number, zone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(Math.floor(epochMs)).toZonedDateTimeISO(zone);
}

function localDate(brk: Break): string {
  return zoned(brk.startMs, brk.timeZone).toPlainDate().toString();
}

function localMonday(brk: Break): string {
  const date = zoned(brk.startMs, brk.timeZone).toPlainDate();
  return date.subtract({ days: date.dayOfWeek - 1 }).toString();
}

/** The instant the clock hour of the break's start began on its channel's clock. */
function localHourStart(brk: Break): number {
  const zdt = zoned(brk.startMs, brk.timeZone);
  const offsetMs = zdt.offsetNanoseconds / 1e6;
  return brk.startMs - ((((brk.startMs + offsetMs) % HOUR) + HOUR) % HOUR);
}

function programmeOf(brk: Break): string {
  return brk.programme ? `slot:${brk.programme.timeslotId}` : `break:${brk.id}`;
}

function category(campaign: Campaign): string | null {
  const text = campaign.category?.trim().toLowerCase() ?? '';
  return text === '' ? null : text;
}

/** Breaks in fill order: by start, then id. */
function compareBreaks(a: Break, b: Break): number {
  return a.startMs - b.startMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The ads of the campaign that may air anywhere in the break, ignoring what it holds. */
function adsFor(campaign: Campaign, brk: Break): RotationSpot[] {
  const inFlight = brk.startMs >= campaign.flight.startMs && breakEnd(brk) <= campaign.flight.endMs;
  if (!campaign.channels.includes(brk.channel) || !inFlight) return [];
  if (!inDaypart(brk.startMs, campaign.dayparts, brk.timeZone)) return [];
  return campaign.rotation.filter(
    (spot) =>
      spot.weight > 0 &&
      spot.durationSec > 0 &&
      takes(spot.durationSec, brk) <= brk.capacitySec &&
      (spot.validFromMs === null || spot.validFromMs <= brk.startMs) &&
      (spot.validToMs === null || breakEnd(brk) <= spot.validToMs),
  );
}

/** Everything the oracle needs about one run. */
export class Outcome {
  readonly breaks: Map<string, Break>;
  readonly campaigns: Map<string, Campaign>;
  readonly fixed: Set<Placement>;
  /** Temporal is slow: each break's date and each campaign's eligible breaks, read once. */
  private readonly dates = new Map<Break, string>();
  private readonly weeks = new Map<Break, string>();
  private readonly eligible = new Map<Campaign, Break[]>();

  constructor(
    readonly input: PlacementInput,
    readonly result: PlacementResult,
  ) {
    this.breaks = new Map(input.breaks.map((brk) => [brk.id, brk]));
    this.campaigns = new Map(input.campaigns.map((campaign) => [campaign.id, campaign]));
    this.fixed = new Set(input.fixed);
  }

  /** Placements the engine made in this run. */
  get placed(): Placement[] {
    return this.result.placements.filter((p) => !this.isFixed(p));
  }

  isFixed(placement: Placement): boolean {
    return this.fixed.has(placement);
  }

  breakOf(placement: Placement): Break {
    const brk = this.breaks.get(placement.breakId);
    if (!brk) throw new Error(`no break ${placement.breakId}`);
    return brk;
  }

  campaignOf(placement: Placement): Campaign {
    const campaign = this.campaigns.get(placement.campaign);
    if (!campaign) throw new Error(`no campaign ${placement.campaign}`);
    return campaign;
  }

  inBreak(brk: Break): Placement[] {
    return this.result.placements
      .filter((p) => p.breakId === brk.id)
      .sort((a, b) => a.offsetSec - b.offsetSec);
  }

  // -------------------------------------------------------------------------------------------
  // Rules: each returns a description of every violation, empty when the rule holds.

  /** Spots back to back from the break's start, exact start instants, within capacity. */
  overfilled(): string[] {
    const problems: string[] = [];
    for (const brk of this.breaks.values()) {
      let end = 0;
      for (const p of this.inBreak(brk)) {
        if (p.offsetSec !== end)
          problems.push(`${p.breakId}: ${p.ad} at ${p.offsetSec}, not ${end}`);
        if (p.startMs !== brk.startMs + p.offsetSec * 1000) problems.push(`${p.ad}: start`);
        if (p.channel !== brk.channel) problems.push(`${p.ad}: channel`);
        end = p.offsetSec + takes(p.durationSec, brk);
      }
      if (end > brk.capacitySec) problems.push(`${brk.id}: ${end} s in ${brk.capacitySec} s`);
    }
    return problems;
  }

  /** New spots only for booked campaigns, in open breaks they may use, with a valid ad. */
  ineligible(): string[] {
    const problems: string[] = [];
    for (const p of this.placed) {
      const brk = this.breakOf(p);
      const campaign = this.campaignOf(p);
      const spot = adsFor(campaign, brk).find((s) => s.ad === p.ad);
      if (campaign.status !== 'booked') problems.push(`${p.campaign} is ${campaign.status}`);
      if (brk.startMs < this.input.now) problems.push(`${p.campaign} in begun ${brk.id}`);
      if (!spot || spot.durationSec !== p.durationSec) {
        problems.push(`${p.campaign}/${p.ad} not eligible in ${brk.id}`);
      }
      const twice = this.inBreak(brk).filter((q) => q.campaign === p.campaign).length > 1;
      if (twice) problems.push(`${p.campaign} twice in ${brk.id}`);
    }
    return problems;
  }

  /** Per clock hour (the break's start, channel clock) and per programme. */
  overCap(): string[] {
    const problems: string[] = [];
    const groups = new Map<string, { cap: number | null; spots: Placement[] }>();
    for (const p of this.result.placements) {
      const brk = this.breaks.get(p.breakId);
      const campaign = this.campaigns.get(p.campaign);
      if (!brk || !campaign) continue;
      const keys: [string, number | null][] = [
        [`${p.campaign} hour ${brk.channel}:${localHourStart(brk)}`, campaign.caps.perHour],
        [`${p.campaign} programme ${programmeOf(brk)}`, campaign.caps.perProgramme],
      ];
      for (const [key, cap] of keys) {
        const group = groups.get(key) ?? { cap, spots: [] };
        group.spots.push(p);
        groups.set(key, group);
      }
    }
    for (const [key, { cap, spots }] of groups) {
      const hasNew = spots.some((p) => !this.isFixed(p));
      if (hasNew && cap !== null && spots.length > cap) problems.push(`${key}: ${spots.length}`);
    }
    return problems;
  }

  /** Quiet time between the spots themselves (end of one to start of the next). */
  tooClose(): string[] {
    const problems: string[] = [];
    const spots = this.result.placements.filter((p) => this.campaigns.has(p.campaign));
    for (const [i, a] of spots.entries()) {
      for (const b of spots.slice(i + 1)) {
        if (a.channel !== b.channel || (this.isFixed(a) && this.isFixed(b))) continue;
        const needSec = requiredSeparation(this.campaignOf(a), this.campaignOf(b));
        if (needSec === 0) continue;
        const [first, second] = a.startMs <= b.startMs ? [a, b] : [b, a];
        const quietMs = second.startMs - (first.startMs + first.durationSec * 1000);
        if (quietMs < needSec * 1000) {
          problems.push(`${first.campaign}/${second.campaign} ${quietMs / 1000} s < ${needSec} s`);
        }
      }
    }
    return problems;
  }

  /** Spots per campaign and period, from the placements (missed ones count for nothing). */
  countsByPeriod(): Map<string, Map<string, number>> {
    const counts = new Map<string, Map<string, number>>();
    for (const p of this.result.placements) {
      if (p.missed) continue;
      const brk = this.breaks.get(p.breakId);
      const campaign = this.campaigns.get(p.campaign);
      if (!brk || !campaign) continue;
      const byPeriod = counts.get(campaign.id) ?? new Map<string, number>();
      const period = this.period(campaign, brk);
      byPeriod.set(period, (byPeriod.get(period) ?? 0) + 1);
      counts.set(campaign.id, byPeriod);
    }
    return counts;
  }

  /** No period of a campaign gets new spots beyond its goal (and the make-goods moved to it). */
  overGoal(): string[] {
    const problems: string[] = [];
    const newIn = new Set(
      this.placed.map((p) => `${p.campaign}|${this.period(this.campaignOf(p), this.breakOf(p))}`),
    );
    for (const [campaign, byPeriod] of this.countsByPeriod()) {
      const spots = this.campaigns.get(campaign)?.goal.spots ?? 0;
      const reported = this.result.delivery.find((each) => each.campaign === campaign);
      for (const [period, count] of byPeriod) {
        const makeGoods = reported?.periods.find((each) => each.period === period)?.makeGoods;
        const goal = spots + (makeGoods ?? 0);
        if (newIn.has(`${campaign}|${period}`) && count > goal) {
          problems.push(`${campaign} ${period}: ${count} > ${goal}`);
        }
      }
    }
    return problems;
  }

  /** The report's placed figures are the placements', fixed ones included. */
  misreported(): string[] {
    const problems: string[] = [];
    const counts = this.countsByPeriod();
    for (const delivery of this.result.delivery) {
      const campaign = this.campaigns.get(delivery.campaign);
      const byPeriod = counts.get(delivery.campaign) ?? new Map<string, number>();
      for (const period of delivery.periods) {
        const placed = byPeriod.get(period.period) ?? 0;
        if (period.placed !== placed) problems.push(`${delivery.campaign} ${period.period}`);
        if (period.goal !== campaign?.goal.spots) problems.push(`${delivery.campaign} goal`);
        // With missed spots moved between periods the shortfall is the unit tests' to check.
        if (delivery.missed === 0 && period.shortfall !== Math.max(0, period.goal - placed))
          problems.push('shortfall');
      }
      for (const period of byPeriod.keys()) {
        if (!delivery.periods.some((d) => d.period === period)) {
          problems.push(`${delivery.campaign}: ${period} unreported`);
        }
      }
    }
    return problems;
  }

  // -------------------------------------------------------------------------------------------
  // Priority

  /**
   * Where a lower-priority campaign's new spot sits in a break, no higher-priority campaign
   * was due there (behind its even pace) and able (eligible, under its caps and goal, clear of
   * separation, with room for one of its ads). "Able" is judged against the spots of its own
   * level and above in the finished result, a superset of what it saw when it passed, so a
   * violation found here is one the engine could have avoided.
   */
  preempted(): string[] {
    const problems: string[] = [];
    const booked = [...this.campaigns.values()].filter((c) => c.status === 'booked');
    for (const brk of this.breaks.values()) {
      if (brk.startMs < this.input.now) continue;
      const inBreak = this.inBreak(brk).filter((p) => !this.isFixed(p));
      if (inBreak.length === 0) continue;
      const lowest = Math.min(...inBreak.map((p) => this.campaignOf(p).priority));
      for (const higher of booked) {
        if (higher.priority <= lowest) continue;
        if (this.dueAt(higher, brk) && this.ableAt(higher, brk)) {
          problems.push(`${higher.id} was due and able in ${brk.id}`);
        }
      }
    }
    return problems;
  }

  eligibleBreaks(campaign: Campaign): Break[] {
    let breaks = this.eligible.get(campaign);
    if (!breaks) {
      breaks = [...this.breaks.values()]
        .filter((brk) => adsFor(campaign, brk).length > 0)
        .sort(compareBreaks);
      this.eligible.set(campaign, breaks);
    }
    return breaks;
  }

  /** The goal period of a break for a campaign. */
  period(campaign: Campaign, brk: Break): string {
    if (campaign.goal.per === 'day') return this.dateOf(brk);
    if (campaign.goal.per === 'week') {
      let week = this.weeks.get(brk);
      if (week === undefined) {
        week = localMonday(brk);
        this.weeks.set(brk, week);
      }
      return week;
    }
    return 'flight';
  }

  dateOf(brk: Break): string {
    let date = this.dates.get(brk);
    if (date === undefined) {
      date = localDate(brk);
      this.dates.set(brk, date);
    }
    return date;
  }

  /** The even pace, recomputed from the result: see pacing.ts for the rule. */
  dueAt(campaign: Campaign, brk: Break): boolean {
    const period = this.period(campaign, brk);
    const eligible = this.eligibleBreaks(campaign).filter(
      (b) => this.period(campaign, b) === period,
    );
    const days = [...new Set(eligible.map((b) => this.dateOf(b)))];
    const day = this.dateOf(brk);
    const dayIndex = days.indexOf(day);
    const ofDay = eligible.filter((b) => this.dateOf(b) === day);
    const position = ofDay.findIndex((b) => b.id === brk.id);
    if (position < 0) return false;
    const counted = this.result.placements.filter((p) => {
      const other = this.breaks.get(p.breakId);
      return (
        p.campaign === campaign.id &&
        other !== undefined &&
        this.period(campaign, other) === period &&
        (this.isFixed(p) || compareBreaks(other, brk) < 0)
      );
    });
    if (counted.length >= campaign.goal.spots) return false;
    const dayOf = (p: Placement) => this.dateOf(this.breakOf(p));
    const beforeDay = counted.filter((p) => {
      const index = days.indexOf(dayOf(p));
      return index >= 0 && index < dayIndex;
    }).length;
    const inDay = counted.filter((p) => dayOf(p) === day).length;
    const share = (index: number, count: number, total: number) =>
      Math.floor(((index + 1) * 2 * total + count) / (2 * count));
    const quota = Math.max(0, share(dayIndex, days.length, campaign.goal.spots) - beforeDay);
    return inDay < share(position, ofDay.length, quota);
  }

  private ableAt(campaign: Campaign, brk: Break): boolean {
    const level = this.result.placements.filter((p) => {
      const owner = this.campaigns.get(p.campaign);
      return this.isFixed(p) || (owner !== undefined && owner.priority >= campaign.priority);
    });
    const own = this.result.placements.filter((p) => p.campaign === campaign.id);
    const ownIn = (key: (b: Break) => string | number) =>
      own.filter((p) => key(this.breakOf(p)) === key(brk)).length;
    const hour = (b: Break) => `${b.channel}:${localHourStart(b)}`;
    const { perHour, perProgramme } = campaign.caps;
    if (perHour !== null && ownIn(hour) >= perHour) return false;
    if (perProgramme !== null && ownIn(programmeOf) >= perProgramme) return false;
    if (ownIn((b) => b.id) > 0) return false;
    const period = this.period(campaign, brk);
    if (
      own.filter((p) => this.period(campaign, this.breakOf(p)) === period).length >=
      campaign.goal.spots
    ) {
      return false;
    }
    for (const p of level) {
      const other = this.breaks.get(p.breakId);
      const owner = this.campaigns.get(p.campaign);
      if (!other || !owner || other.channel !== brk.channel) continue;
      const needMs = requiredSeparation(campaign, owner) * 1000;
      if (
        needMs > 0 &&
        other.startMs < breakEnd(brk) + needMs &&
        brk.startMs < breakEnd(other) + needMs
      ) {
        return false;
      }
    }
    const filled = level
      .filter((p) => p.breakId === brk.id)
      .reduce((end, p) => Math.max(end, p.offsetSec + takes(p.durationSec, brk)), 0);
    return adsFor(campaign, brk).some(
      (spot) => filled + takes(spot.durationSec, brk) <= brk.capacitySec,
    );
  }
}

function requiredSeparation(a: Campaign, b: Campaign): number {
  if (a.sponsor === b.sponsor) return Math.max(a.separation.sponsorSec, b.separation.sponsorSec);
  const ca = category(a);
  if (ca !== null && ca === category(b)) {
    return Math.max(a.separation.categorySec, b.separation.categorySec);
  }
  return 0;
}
