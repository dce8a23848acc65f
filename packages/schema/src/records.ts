// Record shapes as the API sends them (PocketBase wire format: ids are 15 chars of [a-z0-9],
// dates are "YYYY-MM-DD HH:MM:SS.sssZ" strings in UTC, an empty date is "").
// The collection definitions themselves (fields, rules) grow here with the record API.

export const ROLES = ['owner', 'admin', 'editor', 'producer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const TIMESLOT_STATUSES = ['scheduled', 'cancelled'] as const;
export type TimeslotStatus = (typeof TIMESLOT_STATUSES)[number];

export const TIMESLOT_SOURCES = ['manual', 'recurrence', 'import'] as const;
export type TimeslotSource = (typeof TIMESLOT_SOURCES)[number];

export const SHOW_STATUSES = ['draft', 'ready', 'archived'] as const;
export type ShowStatus = (typeof SHOW_STATUSES)[number];

export interface BaseRecord {
  id: string;
  created: string;
  updated: string;
}

export interface OrganizationRecord extends BaseRecord {
  name: string;
  slug: string;
  logo: string;
  timeZone: string;
  website: string;
  contactEmail: string;
  archived: boolean;
}

export interface ChannelRecord extends BaseRecord {
  organization: string;
  name: string;
  slug: string;
  number: number;
  description: string;
  logo: string;
  streamUrl: string;
  timeZone: string;
  public: boolean;
  color: string;
  bumperTitle: string;
  bumperDescription: string;
  bumperImage: string;
  sortOrder: number;
  archived: boolean;
}

export interface ShowRecord extends BaseRecord {
  organization: string;
  series: string;
  title: string;
  subtitle: string;
  description: string;
  category: string;
  tags: string[];
  rating: string;
  language: string;
  durationSec: number;
  mediaUrl: string;
  producerName: string;
  season: number;
  episode: number;
  status: ShowStatus;
}

export interface TimeslotRecord extends BaseRecord {
  organization: string;
  channel: string;
  show: string;
  start: string;
  durationSec: number;
  status: TimeslotStatus;
  recurrence: string;
  locked: boolean;
  bundle: string;
  source: TimeslotSource;
  note: string;
}

/** Length of every record id. */
export const RECORD_ID_LENGTH = 15;
