import {
  csvText,
  formatDuration,
  formatTime,
  instantToOffsetIso,
  localToInstant,
} from '@airgrid/domain';
import type { CampaignAiring } from '@airgrid/schema/contracts';

// A campaign's affidavit of performance and its invoice (issue 40, item 7), built from its
// airings (airings-service.ts) and the facts the documents print: pure, so the rows, totals,
// money and invoice number are tested without a server. The PDFs are drawn from these in
// affidavit-pdf.ts; the CSV is written here.

/** A period of whole days on the station's calendar, both included (YYYY-MM-DD). */
export interface Period {
  from: string;
  to: string;
}

/** The station as its documents name it. */
export interface StationFacts {
  name: string;
  legalName: string;
  ein: string;
  /** The mailing address, line by line ("City, ST 12345" last); empty when none is kept. */
  address: string[];
  timeZone: string;
  /** ISO 4217. */
  currency: string;
}

export interface SponsorFacts {
  name: string;
  contactName: string;
  /** Several lines, as the sponsor's record keeps it. */
  billingAddress: string;
}

export interface CampaignFacts {
  id: string;
  name: string;
  /** The flight's first and last day (YYYY-MM-DD). */
  flightStart: string;
  flightEnd: string;
  goalPer: 'day' | 'week' | 'total';
  goalSpots: number;
  /** Price of one spot in the station's currency; 0: none set. */
  rate: number;
}

/** Where sponsor invoices ask to be paid (the station's `remittances` record). */
export interface RemittanceFacts {
  bankName: string;
  accountName: string;
  routingNumber: string;
  notes: string;
}

/** How each proof is said on the documents. */
const PROOF_WORDS = {
  'as-run': 'As-run log (Airgrid playout)',
  import: 'Imported as-run log',
  schedule: 'By schedule (unconfirmed)',
} as const satisfies Record<NonNullable<CampaignAiring['proof']>, string>;

/** One spot on the affidavit, its time on its channel's clock. */
export interface AffidavitRow {
  status: 'aired' | 'off-plan' | 'missed';
  /** YYYY-MM-DD and HH:MM:SS on the channel's clock, and the zone's short name ("EDT"). */
  date: string;
  time: string;
  zoneName: string;
  /** The instant with the channel's offset, to the second (the CSV's `start`). */
  startIso: string;
  timeZone: string;
  channel: string;
  programme: string;
  spot: string;
  durationSec: number;
  /** "0:30.00". */
  duration: string;
  proof: string;
}

interface AffidavitTotals {
  /** Placed spots that aired (proven, or by schedule), and spots aired where none was placed. */
  aired: number;
  offPlan: number;
  /** Of the aired, those only the schedule vouches for. */
  unconfirmed: number;
  missed: number;
  /** Placed in the period and still to air. */
  upcoming: number;
  /** Spots placed in the period (aired, missed and upcoming). */
  booked: number;
  /** The campaign's goal over the period (see goalOver). */
  goal: number;
  /** Spots billed: every spot that aired, as placed or off-plan; missed ones are not. */
  billed: number;
}

export interface Affidavit {
  station: StationFacts;
  sponsor: SponsorFacts;
  campaign: CampaignFacts;
  period: Period;
  /** Aired and off-plan spots, in time order. */
  rows: AffidavitRow[];
  missed: AffidavitRow[];
  totals: AffidavitTotals;
}

const MS_PER_DAY = 86_400_000;
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const daysFrom = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / MS_PER_DAY);
const plusDays = (date: string, days: number) =>
  new Date(dayMs(date) + days * MS_PER_DAY).toISOString().slice(0, 10);

/** The period a request asks for: its days, each left out taken from the flight. */
export function periodOf(
  campaign: Pick<CampaignFacts, 'flightStart' | 'flightEnd'>,
  from: string | null,
  to: string | null,
): Period {
  return { from: from ?? campaign.flightStart, to: to ?? campaign.flightEnd };
}

/** Days in a period, both ends included. */
export function periodDays(period: Period): number {
  return daysFrom(period.from, period.to) + 1;
}

/** The instants a period covers on the station's clock: [its first midnight, the next after it). */
export function periodInstants(period: Period, zone: string): { from: number; to: number } {
  return {
    from: localToInstant(`${period.from}T00:00`, zone),
    to: localToInstant(`${plusDays(period.to, 1)}T00:00`, zone),
  };
}

/**
 * The campaign's goal over the part of the period inside its flight, in whole spots: per day,
 * the goal times its days; per week (Monday on), each week's goal shared over that week's days
 * in the flight, for those in the period (a flight's partial first week has its whole goal, as
 * the placement counts it); in all, the goal shared over the flight's days.
 */
export function goalOver(
  campaign: Pick<CampaignFacts, 'flightStart' | 'flightEnd' | 'goalPer' | 'goalSpots'>,
  period: Period,
): number {
  const from = period.from > campaign.flightStart ? period.from : campaign.flightStart;
  const to = period.to < campaign.flightEnd ? period.to : campaign.flightEnd;
  const goal = campaign.goalSpots > 0 ? campaign.goalSpots : 0;
  if (goal === 0 || to < from) return 0;
  const days = daysFrom(from, to) + 1;
  if (campaign.goalPer === 'day') return goal * days;
  if (campaign.goalPer === 'total') {
    const flightDays = daysFrom(campaign.flightStart, campaign.flightEnd) + 1;
    return Math.round((goal * days) / flightDays);
  }
  let total = 0;
  // Each week the period touches: its days in the period over its days in the flight.
  let monday = plusDays(from, -((new Date(dayMs(from)).getUTCDay() + 6) % 7));
  while (monday <= to) {
    const sunday = plusDays(monday, 6);
    const inFlight = overlap(monday, sunday, campaign.flightStart, campaign.flightEnd);
    const inPeriod = overlap(monday, sunday, from, to);
    if (inFlight > 0) total += (goal * inPeriod) / inFlight;
    monday = plusDays(monday, 7);
  }
  return Math.round(total);
}

/** Days two inclusive ranges of dates share. */
function overlap(a: string, b: string, c: string, d: string): number {
  const from = a > c ? a : c;
  const to = b < d ? b : d;
  return to < from ? 0 : daysFrom(from, to) + 1;
}

/** The zone's short name at an instant, as the US writes it ("EST", "EDT"; else "GMT+1"). */
function zoneName(ms: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
  return parts.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

function rowOf(airing: CampaignAiring, zone: string): AffidavitRow {
  const startText = airing.airedStart ?? airing.plannedStart ?? '';
  const ms = Date.parse(startText);
  const iso = instantToOffsetIso(ms, zone);
  return {
    status:
      airing.status === 'off-plan' ? 'off-plan' : airing.status === 'missed' ? 'missed' : 'aired',
    date: iso.slice(0, 10),
    time: formatTime(ms, zone, '24h', { seconds: true }),
    zoneName: zoneName(ms, zone),
    startIso: iso,
    timeZone: zone,
    channel: airing.channelName,
    programme: airing.programme,
    spot: airing.adTitle,
    durationSec: airing.durationSec,
    duration: formatDuration(airing.durationSec, 'runtime', { fraction: 2 }),
    proof: airing.proof ? PROOF_WORDS[airing.proof] : '',
  };
}

/**
 * The affidavit of the campaign's airings in the period: the spots that aired (as placed or
 * off-plan) and those missed, each at its time on its channel's clock (`zones`, by channel id;
 * the station's zone for a channel not found), and the totals against the contract.
 */
export function buildAffidavit(input: {
  station: StationFacts;
  sponsor: SponsorFacts;
  campaign: CampaignFacts;
  period: Period;
  airings: readonly CampaignAiring[];
  zones: ReadonlyMap<string, string>;
}): Affidavit {
  const { airings, zones, station } = input;
  const zoneOf = (airing: CampaignAiring) => zones.get(airing.channel) || station.timeZone;
  const rows: AffidavitRow[] = [];
  const missed: AffidavitRow[] = [];
  let unconfirmed = 0;
  let upcoming = 0;
  let booked = 0;
  for (const airing of airings) {
    if (airing.placement !== null) booked += 1;
    if (airing.status === 'upcoming') upcoming += 1;
    else if (airing.status === 'missed') missed.push(rowOf(airing, zoneOf(airing)));
    else {
      rows.push(rowOf(airing, zoneOf(airing)));
      if (airing.proof === 'schedule') unconfirmed += 1;
    }
  }
  const byTime = (a: AffidavitRow, b: AffidavitRow) =>
    a.startIso === b.startIso ? 0 : Date.parse(a.startIso) - Date.parse(b.startIso);
  rows.sort(byTime);
  missed.sort(byTime);
  const offPlan = rows.filter((row) => row.status === 'off-plan').length;
  return {
    station,
    sponsor: input.sponsor,
    campaign: input.campaign,
    period: input.period,
    rows,
    missed,
    totals: {
      aired: rows.length - offPlan,
      offPlan,
      unconfirmed,
      missed: missed.length,
      upcoming,
      booked,
      goal: goalOver(input.campaign, input.period),
      billed: rows.length,
    },
  };
}

/** The affidavit CSV's columns, in order. */
export const AFFIDAVIT_COLUMNS = [
  'date',
  'time',
  'timeZone',
  'start',
  'channel',
  'programme',
  'spot',
  'durationSec',
  'status',
  'proof',
] as const;

/** The affidavit as CSV: one line per spot, aired, off-plan and missed, in time order. */
export function affidavitCsv(affidavit: Affidavit): string {
  const rows = [...affidavit.rows, ...affidavit.missed].sort(
    (a, b) => Date.parse(a.startIso) - Date.parse(b.startIso),
  );
  return csvText(
    AFFIDAVIT_COLUMNS,
    rows.map((row) => [
      row.date,
      row.time,
      row.timeZone,
      row.startIso,
      row.channel,
      row.programme,
      row.spot,
      Math.round(row.durationSec * 100) / 100,
      row.status,
      row.proof,
    ]),
  );
}

/** The station's name as it signs: its legal name, or its name without one. */
export function signingName(station: Pick<StationFacts, 'name' | 'legalName'>): string {
  return station.legalName.trim() || station.name;
}

/** The certification the station signs under the list. */
export function certification(affidavit: Affidavit): string {
  return `I certify that the spots listed above as aired were broadcast by ${signingName(affidavit.station)} on the channels, dates and times shown, which are taken from the station's program logs: the as-run log where one confirms a spot, the schedule where none does (marked "${PROOF_WORDS.schedule}"). The spots listed as missed did not air and are not billed.`;
}

/**
 * The invoice's number: the campaign's id and the period's first and last day, upper case,
 * `{CAMPAIGN}-{YYYYMMDD}-{YYYYMMDD}`. The same campaign and period always get the same number,
 * so downloading it again never makes a second invoice (docs/decisions/0050).
 */
export function invoiceNumber(campaign: string, period: Period): string {
  const day = (date: string) => date.replaceAll('-', '');
  return `${campaign.toUpperCase()}-${day(period.from)}-${day(period.to)}`;
}

/** The number of decimals a currency's amounts are written with (2; 0 for the yen). */
function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/**
 * An amount of money as the invoice writes it, in US English: "$1,234.50", "€80.00", "¥1,200";
 * the code ("INR 1,200.00") for a currency whose sign the PDF's font cannot write.
 */
export function moneyText(amount: number, currency: string): string {
  const symbol = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  if (isWinAnsi(symbol)) return symbol;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
  }).format(amount);
}

interface InvoiceLine {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

export interface Invoice {
  number: string;
  /** The day it was made, on the station's calendar (YYYY-MM-DD). */
  issuedOn: string;
  station: StationFacts;
  sponsor: SponsorFacts;
  campaign: CampaignFacts;
  period: Period;
  currency: string;
  lines: InvoiceLine[];
  total: number;
  /** Spots missed in the period: said, not billed. */
  missed: number;
  /** Whom to pay: the account's name, or the station's legal name. */
  payableTo: string;
  remittance: RemittanceFacts | null;
}

/**
 * The invoice for the affidavit's period: the spots aired as placed, and those aired off-plan,
 * each at the campaign's rate; amounts counted in the currency's smallest unit, so a total is
 * exactly its lines' sum.
 */
export function buildInvoice(
  affidavit: Affidavit,
  remittance: RemittanceFacts | null,
  issuedOn: string,
): Invoice {
  const { station, campaign, totals } = affidavit;
  const currency = station.currency;
  const scale = 10 ** currencyDigits(currency);
  const unit = Math.round(Math.max(0, campaign.rate) * scale);
  const line = (description: string, quantity: number): InvoiceLine => ({
    description,
    quantity,
    unitPrice: unit / scale,
    amount: (unit * quantity) / scale,
  });
  const lines = [line(`Spots aired: ${campaign.name}`, totals.aired)];
  if (totals.offPlan > 0)
    lines.push(line(`Spots aired outside the schedule: ${campaign.name}`, totals.offPlan));
  const kept = remittance && Object.values(remittance).some((value) => value.trim() !== '');
  return {
    number: invoiceNumber(campaign.id, affidavit.period),
    issuedOn,
    station,
    sponsor: affidavit.sponsor,
    campaign,
    period: affidavit.period,
    currency,
    lines,
    total: (unit * totals.billed) / scale,
    missed: totals.missed,
    payableTo: remittance?.accountName.trim() || signingName(station),
    remittance: kept ? remittance : null,
  };
}

/**
 * The characters the PDFs' standard fonts write (Windows-1252): Latin-1's printable ones and
 * the typographic ones Windows-1252 adds (curly quotes, dashes, the euro sign).
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsiChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    code === 0x0a ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRA.has(char)
  );
}

function isWinAnsi(text: string): boolean {
  return [...text].every(isWinAnsiChar);
}

/**
 * Text the PDF's standard fonts can write: accents composed where they can be, every other
 * character outside Windows-1252 (another script, an emoji) written as "?" rather than as the
 * wrong glyphs.
 */
export function pdfText(text: string): string {
  return [...text.normalize('NFC')]
    .map((char) => (isWinAnsiChar(char) ? char : char === '\t' ? ' ' : '?'))
    .join('');
}
