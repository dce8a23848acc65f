import type { CampaignAiring } from '@airgrid/schema/contracts';
import type { Clock } from '../../clock.js';
import type { AiringsRepository, OffPlanRow, PlannedSpotRow } from './airings-repository.js';

// A campaign's airings (issue 40, item 6): each placement with what became of it and the proof.
// On Airgrid playout the as-run log is the proof: a spot it recorded aired, to the second; a
// spot whose time it covers without it was missed. For a station's own playout, an imported
// as-run log (as-run-import-service.ts) is the proof the same way, labelled `import`, and its
// lines of the campaign's spots that prove no placement are listed as aired off-plan. Without
// a log, a past placement counts as "aired by schedule", labelled so. The affidavit and the
// invoice are made of this list.

/** Placements are checked against the logs this many at a time (bound parameters). */
const CHUNK = 500;

const iso = (ms: number) => new Date(ms).toISOString();

export class AiringsService {
  constructor(
    private readonly repository: AiringsRepository,
    private readonly clock: Clock,
  ) {}

  /** The campaign's airings in [from, to), in time order; null for another station's campaign. */
  async campaignAirings(
    organization: string,
    campaign: string,
    from: number,
    to: number,
  ): Promise<CampaignAiring[] | null> {
    const found = await this.repository.campaign(organization, campaign);
    if (!found) return null;
    const now = this.clock.now();
    const planned = await this.repository.planned(campaign, from, to);
    const past = planned.filter((spot) => spot.startMs < now).map((spot) => spot.id);
    const byAsRun = new Map<string, number>();
    const byImport = new Map<string, number>();
    const coveredByAsRun = new Set<string>();
    const coveredByImport = new Set<string>();
    for (let i = 0; i < past.length; i += CHUNK) {
      const chunk = past.slice(i, i + CHUNK);
      for (const row of await this.repository.provenByAsRun(chunk)) {
        byAsRun.set(row.placement, row.startMs);
      }
      // In creation order: the newest import's line wins.
      for (const row of await this.repository.provenByImport(chunk)) {
        byImport.set(row.placement, row.startMs);
      }
      for (const id of await this.repository.coveredByAsRun(chunk)) coveredByAsRun.add(id);
      for (const id of await this.repository.coveredByImport(chunk)) coveredByImport.add(id);
    }
    const airings = planned.map((spot) => {
      const asRun = byAsRun.get(spot.id);
      if (asRun !== undefined) return airing(spot, 'aired', 'as-run', asRun);
      const imported = byImport.get(spot.id);
      if (imported !== undefined) return airing(spot, 'aired', 'import', imported);
      if (spot.startMs >= now) return airing(spot, 'upcoming', null, null);
      if (coveredByAsRun.has(spot.id)) return airing(spot, 'missed', 'as-run', null);
      if (coveredByImport.has(spot.id)) return airing(spot, 'missed', 'import', null);
      return airing(spot, 'aired', 'schedule', null);
    });
    const offPlan = (
      await this.repository.offPlan(organization, found.ads, found.channels, from, to)
    ).map(offPlanAiring);
    // By planned start (an off-plan airing by its aired one); the sort keeps ties in order.
    const at = (each: CampaignAiring) => Date.parse(each.plannedStart ?? each.airedStart ?? '');
    return [...airings, ...offPlan].sort((a, b) => at(a) - at(b));
  }
}

function airing(
  spot: PlannedSpotRow,
  status: CampaignAiring['status'],
  proof: CampaignAiring['proof'],
  airedAt: number | null,
): CampaignAiring {
  return {
    placement: spot.id,
    channel: spot.channel,
    channelName: spot.channelName,
    ad: spot.ad,
    adTitle: spot.adTitle,
    durationSec: spot.durationSec,
    plannedStart: iso(spot.startMs),
    airedStart: airedAt === null ? null : iso(airedAt),
    programme: spot.programme,
    status,
    proof,
  };
}

/** A line of an imported log that aired the campaign's spot where none was placed. */
function offPlanAiring(row: OffPlanRow): CampaignAiring {
  return {
    placement: null,
    channel: row.channel,
    channelName: row.channelName,
    ad: row.ad,
    adTitle: row.adTitle,
    durationSec: row.durationSec,
    plannedStart: null,
    airedStart: iso(row.startMs),
    programme: '',
    status: 'off-plan',
    proof: 'import',
  };
}
