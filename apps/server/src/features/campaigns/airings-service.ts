import type { CampaignAiring } from '@airgrid/schema/contracts';
import type { Clock } from '../../clock.js';
import type { AiringsRepository, PlannedSpotRow } from './airings-repository.js';

// A campaign's airings (issue 40, item 6): each placement with what became of it and the proof.
// On Airgrid playout the as-run log is the proof: a spot it recorded aired, to the second; a
// spot whose time it covers without it was missed. Without a log, a past placement counts as
// "aired by schedule", labelled so. The affidavit and the invoice are made of this list.

/** Placements are checked against the log this many at a time (bound parameters). */
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
    if (!(await this.repository.campaign(organization, campaign))) return null;
    const now = this.clock.now();
    const planned = await this.repository.planned(campaign, from, to);
    const past = planned.filter((spot) => spot.startMs < now).map((spot) => spot.id);
    const proven = new Map<string, number>();
    const covered = new Set<string>();
    for (let i = 0; i < past.length; i += CHUNK) {
      const chunk = past.slice(i, i + CHUNK);
      for (const row of await this.repository.provenByAsRun(chunk)) {
        proven.set(row.placement, row.startMs);
      }
      for (const id of await this.repository.coveredByAsRun(chunk)) covered.add(id);
    }
    return planned.map((spot) => {
      const airedAt = proven.get(spot.id);
      if (airedAt !== undefined) return airing(spot, 'aired', 'as-run', airedAt);
      if (spot.startMs >= now) return airing(spot, 'upcoming', null, null);
      if (covered.has(spot.id)) return airing(spot, 'missed', 'as-run', null);
      return airing(spot, 'aired', 'schedule', null);
    });
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
