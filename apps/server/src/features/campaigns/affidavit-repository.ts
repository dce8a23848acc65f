import { currencyOf } from '@airgrid/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { CampaignFacts, RemittanceFacts, SponsorFacts, StationFacts } from './affidavit.js';

// What a campaign's affidavit and invoice print besides its airings: the campaign, its sponsor,
// the station (the organization's legal and address fields, its zone and currency), the zones
// of the channels the spots aired on, and where the station asks to be paid.

/** The documents' facts of a campaign. */
export interface AffidavitFacts {
  campaign: CampaignFacts;
  sponsor: SponsorFacts;
  station: StationFacts;
}

const day = (value: string) => value.slice(0, 10);
const GOAL_PERIODS = new Set(['day', 'week', 'total']);

export class AffidavitRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The campaign of the station with its sponsor and the station, or undefined. */
  async facts(organization: string, campaign: string): Promise<AffidavitFacts | undefined> {
    const row = await this.db
      .selectFrom('campaigns as c')
      .innerJoin('organizations as o', 'o.id', 'c.organization')
      .leftJoin('sponsors as s', 's.id', 'c.sponsor')
      .select([
        'c.id as id',
        'c.name as name',
        'c.flightStart as flightStart',
        'c.flightEnd as flightEnd',
        'c.goalPer as goalPer',
        'c.goalSpots as goalSpots',
        'c.rate as rate',
        's.name as sponsorName',
        's.contactName as contactName',
        's.billingAddress as billingAddress',
        'o.name as stationName',
        'o.legalName as legalName',
        'o.ein as ein',
        'o.addressLine1 as addressLine1',
        'o.addressLine2 as addressLine2',
        'o.city as city',
        'o.region as region',
        'o.postalCode as postalCode',
        'o.timeZone as timeZone',
        'o.currency as currency',
      ])
      .where('c.organization', '=', organization)
      .where('c.id', '=', campaign)
      .executeTakeFirst();
    if (!row) return undefined;
    const place = [row.city, [row.region, row.postalCode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    return {
      campaign: {
        id: row.id,
        name: row.name,
        flightStart: day(row.flightStart),
        flightEnd: day(row.flightEnd),
        goalPer: GOAL_PERIODS.has(row.goalPer) ? (row.goalPer as CampaignFacts['goalPer']) : 'week',
        goalSpots: Number(row.goalSpots) || 0,
        rate: Number(row.rate) || 0,
      },
      sponsor: {
        name: row.sponsorName ?? '',
        contactName: row.contactName ?? '',
        billingAddress: row.billingAddress ?? '',
      },
      station: {
        name: row.stationName,
        legalName: row.legalName,
        ein: row.ein,
        address: [row.addressLine1, row.addressLine2, place].filter(Boolean),
        timeZone: row.timeZone || 'UTC',
        currency: currencyOf(row.currency),
      },
    };
  }

  /** The zones of these channels, by id. */
  async channelZones(channels: readonly string[]): Promise<Map<string, string>> {
    if (channels.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('channels')
      .select(['id', 'timeZone'])
      .where('id', 'in', [...channels])
      .execute();
    return new Map(rows.map((row) => [row.id, row.timeZone]));
  }

  /** Where the station asks to be paid, or null when it keeps no details. */
  async remittance(organization: string): Promise<RemittanceFacts | null> {
    const row = await this.db
      .selectFrom('remittances')
      .select(['bankName', 'accountName', 'routingNumber', 'notes'])
      .where('organization', '=', organization)
      .executeTakeFirst();
    return row ?? null;
  }
}
