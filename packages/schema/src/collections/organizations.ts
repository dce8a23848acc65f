import { defineCollection, type RecordOf } from '../collection.js';
import { bool, date, email, image, json, relation, select, text, url } from '../fields.js';
import { SUBMISSION_TEXT_MAX } from './submissions.js';

/** The states (and DC and the territories) a US mailing address names, by USPS code. */
export const US_STATE_NAMES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
} as const;

export const US_STATES = Object.keys(US_STATE_NAMES) as readonly (keyof typeof US_STATE_NAMES)[];

/**
 * The currencies a station may bill its sponsors in (ISO 4217): campaign rates and invoices
 * read in it. The common ones of the stations Airgrid serves; more can be added to the list.
 */
export const CURRENCIES = [
  'USD',
  'CAD',
  'MXN',
  'EUR',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'AUD',
  'NZD',
  'JPY',
  'INR',
  'ZAR',
  'BRL',
] as const;
export type Currency = (typeof CURRENCIES)[number];

/** A station's currency until it chooses one (every station before the field had it). */
export const DEFAULT_CURRENCY: Currency = 'USD';

/** The station's currency as stored, or the default for a blank or unknown one. */
export function currencyOf(value: unknown): Currency {
  return (CURRENCIES as readonly unknown[]).includes(value)
    ? (value as Currency)
    : DEFAULT_CURRENCY;
}

export const organizations = defineCollection({
  id: 'pbc_2873630990',
  name: 'organizations',
  type: 'base',
  fields: [
    text('name', { required: true, min: 2, max: 120 }),
    text('slug', { required: true, min: 2, max: 64, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    image('logo'),
    text('timeZone', { required: true, max: 64 }),
    url('website'),
    email('contactEmail'),
    json('branding'),
    json('settings'),
    bool('archived'),
    // When its owner archived it (server-set): the purge deletes it after its retention.
    date('archivedAt', { system: true }),
    // Contact and legal details (issue 17): the seed's rules, checked on the server too.
    text('contactPhone', { max: 32, rules: 'phone' }),
    text('addressLine1', { max: 120 }),
    text('addressLine2', { max: 120 }),
    text('city', { max: 80 }),
    select('region', US_STATES),
    text('postalCode', { max: 10, rules: 'zipcode' }),
    text('legalName', { max: 200 }),
    text('ein', { max: 10, rules: 'ein' }),
    // What the station bills in (issue 40): campaign rates and sponsor invoices. Set to
    // DEFAULT_CURRENCY when left blank (the server's hook), as every station before it was.
    select('currency', CURRENCIES),
    // Public page settings. `unlisted` rather than "listed": a new station, like every bool's
    // zero value, is listed in the station picker.
    bool('unlisted'),
    // The channel the station's bare /watch opens (the engine keeps it inside the organization).
    relation('landingChannel', 'channels'),
    // The texts a producer accepts on the public submission form (issue 20), plain text.
    text('submissionLicence', { max: SUBMISSION_TEXT_MAX }),
    text('submissionPolicy', { max: SUBMISSION_TEXT_MAX }),
  ],
  indexes: [{ name: 'slug', columns: ['slug'], unique: true }],
});

export type OrganizationRecord = RecordOf<
  typeof organizations,
  {
    /** `{ accentColor: "#rrggbb" }` or null. */
    branding: { accentColor?: string } | null;
    /** Free-form station settings, e.g. `archiveRetentionDays`. */
    settings: Record<string, unknown> | null;
  }
>;
