import {
  addDays,
  airingsInRange,
  captionCoverageOf,
  localToInstant,
  rerunRows,
  shareOf,
} from '@airgrid/domain';
import type { CampaignDeliverySummary, CampaignStatus, ShowStatus } from '@airgrid/schema';
import type { EndpointReply, reportCampaigns } from '@airgrid/schema/contracts';
import type { ProgrammeReportsRepository } from './programme-reports-repository.js';

// The programme reports (issue 41, item 3): each reads the organization's rows through the
// repository and sums them with packages/domain's reports. The period is [from, to), epoch ms.

const isoOf = (ms: number | undefined | null) =>
  ms === undefined || ms === null ? null : new Date(ms).toISOString();

/** A record date's day (YYYY-MM-DD); the flight's days are stored as midnight UTC. */
const dayOf = (recordDate: string) => recordDate.slice(0, 10);

/** A record date as an ISO instant. */
const recordIso = (recordDate: string) => new Date(recordDate.replace(' ', 'T')).toISOString();

function readDelivery(value: unknown): Partial<CampaignDeliverySummary> {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return parsed && typeof parsed === 'object' ? (parsed as Partial<CampaignDeliverySummary>) : {};
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export class ProgrammeReportsService {
  constructor(
    private readonly repository: ProgrammeReportsRepository,
    private readonly clock: { now(): number },
  ) {}

  private async period(organization: string, from: number, to: number) {
    const timeZone = await this.repository.timeZoneOf(organization);
    return { from: new Date(from).toISOString(), to: new Date(to).toISOString(), timeZone };
  }

  /** How often each show aired in the period, with its last and next airing. */
  async reruns(organization: string, from: number, to: number) {
    const [period, airings, shows, channels, last, next] = await Promise.all([
      this.period(organization, from, to),
      this.repository.airings(organization, from, to),
      this.repository.shows(organization),
      this.repository.channels(organization),
      this.repository.lastAiringBefore(organization, to),
      this.repository.nextAiringFrom(organization, this.clock.now() + 1),
    ]);
    const channelName = new Map(channels.map((channel) => [channel.id, channel.name]));
    const rows = rerunRows(airings, from, to);
    return {
      ...period,
      airings: rows.reduce((sum, row) => sum + row.airings, 0),
      airtimeSec: rows.reduce((sum, row) => sum + row.airtimeSec, 0),
      shows: rows.map((row) => ({
        show: row.show,
        title: shows.get(row.show)?.title ?? '',
        airings: row.airings,
        airtimeSec: row.airtimeSec,
        share: row.share,
        channels: row.channels.map((channel) => ({
          channel: channel.channel,
          name: channelName.get(channel.channel) ?? '',
          airings: channel.airings,
        })),
        lastAiring: isoOf(last.get(row.show)),
        nextAiring: isoOf(next.get(row.show)),
      })),
    };
  }

  /**
   * Shows ready to air (status ready, or with media) and not archived, with no scheduled airing
   * ever or none that meets the period; those never aired first, then the oldest.
   */
  async neverAired(organization: string, from: number, to: number) {
    const [period, airings, shows, before, after] = await Promise.all([
      this.period(organization, from, to),
      this.repository.airings(organization, from, to),
      this.repository.shows(organization),
      this.repository.lastAiringBefore(organization, from),
      this.repository.nextAiringFrom(organization, to),
    ]);
    const aired = new Set(airingsInRange(airings, from, to).map((airing) => airing.show));
    const rows = [...shows.values()]
      .filter((show) => (show.status === 'ready' || show.hasMedia) && show.status !== 'archived')
      .filter((show) => !aired.has(show.id))
      .map((show) => {
        const lastAiring = isoOf(before.get(show.id));
        const nextAiring = isoOf(after.get(show.id));
        return {
          show: show.id,
          title: show.title,
          status: show.status as ShowStatus | '',
          hasMedia: show.hasMedia,
          created: recordIso(show.created),
          kind:
            lastAiring === null && nextAiring === null
              ? ('never' as const)
              : ('not-in-period' as const),
          lastAiring,
          nextAiring,
        };
      })
      .sort(
        (a, b) =>
          (a.kind === 'never' ? 0 : 1) - (b.kind === 'never' ? 0 : 1) ||
          a.created.localeCompare(b.created) ||
          a.show.localeCompare(b.show),
      );
    return { ...period, shows: rows };
  }

  /** The share of the period's airtime that was captioned, per channel and overall. */
  async captions(organization: string, from: number, to: number) {
    const [period, airings, shows, channels, tracks] = await Promise.all([
      this.period(organization, from, to),
      this.repository.airings(organization, from, to),
      this.repository.shows(organization),
      this.repository.channels(organization),
      this.repository.completeTracks(organization),
    ]);
    const coverage = captionCoverageOf(channels, airings, tracks, from, to);
    const channelOf = new Map(channels.map((channel) => [channel.id, channel]));
    return {
      ...period,
      channels: coverage.channels.map((row) => {
        const channel = channelOf.get(row.channel);
        return {
          channel: row.channel,
          name: channel?.name ?? '',
          number: channel?.number ?? 0,
          language: channel?.language ?? '',
          airtimeSec: row.airtimeSec,
          captionedSec: row.captionedSec,
          share: row.share,
        };
      }),
      total: coverage.total,
      uncaptioned: coverage.uncaptioned.map((row) => ({
        ...row,
        title: shows.get(row.show)?.title ?? '',
      })),
    };
  }

  /**
   * Campaigns booked at some time whose flight (whole days on the station's calendar) meets the
   * period: their delivery over the flight, and their spots placed and aired in the period.
   */
  async campaigns(
    organization: string,
    from: number,
    to: number,
  ): Promise<EndpointReply<typeof reportCampaigns>> {
    const now = this.clock.now();
    const [period, campaigns, placed, aired] = await Promise.all([
      this.period(organization, from, to),
      this.repository.bookedCampaigns(organization),
      this.repository.placementCounts(organization, from, to),
      this.repository.placementCounts(organization, from, Math.min(to, now)),
    ]);
    const rows = campaigns.flatMap((campaign) => {
      const flightStart = dayOf(campaign.flightStart);
      const flightEnd = dayOf(campaign.flightEnd);
      let flightFrom: number;
      let flightTo: number;
      try {
        flightFrom = localToInstant(`${flightStart}T00:00`, period.timeZone);
        flightTo = localToInstant(`${addDays(flightEnd, 1)}T00:00`, period.timeZone);
      } catch {
        return [];
      }
      if (flightFrom >= to || flightTo <= from) return [];
      const delivery = readDelivery(campaign.delivery);
      const goal = count(delivery.goal);
      const total = count(delivery.placed);
      return [
        {
          campaign: campaign.id,
          name: campaign.name,
          sponsorName: campaign.sponsorName,
          status: campaign.status as CampaignStatus,
          flightStart,
          flightEnd,
          goal,
          placed: total,
          shortfall: count(delivery.shortfall),
          delivered: shareOf(total, goal),
          placedInPeriod: placed.get(campaign.id) ?? 0,
          airedInPeriod: aired.get(campaign.id) ?? 0,
        },
      ];
    });
    return { ...period, campaigns: rows };
  }
}
