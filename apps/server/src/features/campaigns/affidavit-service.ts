import { todayIn } from '@airgrid/domain';
import { AFFIDAVIT_MAX_DAYS } from '@airgrid/schema';
import type { Clock } from '../../clock.js';
import { ApiError } from '../../errors/api-error.js';
import {
  type Affidavit,
  buildAffidavit,
  buildInvoice,
  type Invoice,
  type Period,
  periodDays,
  periodInstants,
  periodOf,
} from './affidavit.js';
import type { AffidavitRepository } from './affidavit-repository.js';
import type { AiringsService } from './airings-service.js';

// A campaign's affidavit and invoice for a period (issue 40, item 7): the period read (its days
// left out are the flight's), the airings asked of AiringsService, the facts of the station,
// the sponsor and the campaign read, and the documents built (affidavit.ts).

export class AffidavitService {
  constructor(
    private readonly repository: AffidavitRepository,
    private readonly airings: AiringsService,
    private readonly clock: Clock,
  ) {}

  /** The campaign's affidavit for the period; null for another station's campaign. */
  async affidavit(
    organization: string,
    campaign: string,
    from: string | null,
    to: string | null,
  ): Promise<Affidavit | null> {
    const facts = await this.repository.facts(organization, campaign);
    if (!facts) return null;
    const period = periodOf(facts.campaign, from, to);
    checkPeriod(period, from === null, to === null);
    const window = periodInstants(period, facts.station.timeZone);
    const airings = await this.airings.campaignAirings(
      organization,
      campaign,
      window.from,
      window.to,
    );
    if (!airings) return null;
    const zones = await this.repository.channelZones([
      ...new Set(airings.map((airing) => airing.channel)),
    ]);
    return buildAffidavit({ ...facts, period, airings, zones });
  }

  /** The campaign's invoice for the period, dated today on the station's calendar. */
  async invoice(
    organization: string,
    campaign: string,
    from: string | null,
    to: string | null,
  ): Promise<Invoice | null> {
    const affidavit = await this.affidavit(organization, campaign, from, to);
    if (!affidavit) return null;
    const remittance = await this.repository.remittance(organization);
    return buildInvoice(
      affidavit,
      remittance,
      todayIn(affidavit.station.timeZone, this.clock.now()),
    );
  }
}

/**
 * A period whose days the contract could not check together (one of them the flight's): its
 * last day not before its first, and at most AFFIDAVIT_MAX_DAYS days. The problem is said on
 * the day that was given.
 */
function checkPeriod(period: Period, fromIsFlight: boolean, toIsFlight: boolean): void {
  const days = periodDays(period);
  const field = toIsFlight && !fromIsFlight ? 'from' : 'to';
  if (days < 1) {
    const message =
      field === 'from'
        ? `Must be on or before the flight’s last day (${period.to}).`
        : `Must be on or after the first day (${period.from}).`;
    throw new ApiError(400, message, { [field]: { code: 'validation_invalid_range', message } });
  }
  if (days > AFFIDAVIT_MAX_DAYS) {
    const message = `A period is at most ${AFFIDAVIT_MAX_DAYS} days, and this one has ${days}: choose a shorter one.`;
    throw new ApiError(400, message, { [field]: { code: 'validation_invalid_range', message } });
  }
}
