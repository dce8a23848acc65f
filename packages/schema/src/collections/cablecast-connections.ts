import { defineCollection, type RecordOf } from '../collection.js';
import { bool, date, json, number, relation, text, url } from '../fields.js';

/** What the last "Test connection" of a Cablecast server found (`lastCheck`). */
export type CablecastCheck =
  | {
      ok: true;
      at: string;
      signedIn: boolean;
      channels: { id: number; name: string }[];
      showCount: number;
    }
  | { ok: false; at: string; kind: string; message: string; status?: number };

/** One Cablecast channel and the Airgrid channel it feeds ('' : left out). */
export interface CablecastChannelLink {
  cablecast: number;
  name: string;
  channel: string;
}

/** The choice the sync settings make per Cablecast channel: a channel id, a new one, or none. */
export type CablecastChannelChoice = string | typeof CABLECAST_NEW_CHANNEL;
/** Asks PUT /api/v1/cablecast/sync-settings to make an Airgrid channel for the Cablecast one. */
export const CABLECAST_NEW_CHANNEL = 'new';

/**
 * An organization's Cablecast server (issue 19): its address, whether credentials are stored
 * (they are kept encrypted, in a hidden field, and never sent back) and what the last
 * "Test connection" found. One per organization; owners and admins only. Written through
 * /api/v1/cablecast, which checks the address and encrypts the credentials.
 */
export const cablecastConnections = defineCollection({
  id: 'pbc_1238304273',
  name: 'cablecastConnections',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    url('baseUrl', { required: true }),
    bool('hasCredentials', { system: true }),
    // AES-256-GCM under a key derived from the server's secret (features/cablecast/secret-box.ts).
    text('credentials', { system: true, hidden: true, max: 2000 }),
    // What the last test found: { ok, at, channels?, showCount?, message?, kind? }.
    json('lastCheck', { system: true }),
    // Which Cablecast channel feeds which Airgrid channel: [{ cablecast, name, channel }],
    // `channel` '' for a channel left out (PUT /api/v1/cablecast/sync-settings).
    json('channelMap', { system: true }),
    // Sync by itself every so many minutes; 0: only "Sync now".
    number('syncEveryMinutes', { system: true, min: 0, onlyInt: true }),
    // When the scheduled sync is next due (a node claims it by moving it on).
    date('nextSyncAt', { system: true }),
    // The greatest `lastModified` of the shows imported, verbatim: the incremental import's cursor.
    text('showsCursor', { system: true, hidden: true, max: 64 }),
    // Since when syncs fail without a success since ("" when the last one worked): the admins
    // are told once per failing streak.
    date('failingSince', { system: true }),
  ],
  indexes: [{ name: 'organization', columns: ['organization'], unique: true }],
});

/** An organization's Cablecast connection as owners and admins see it: never the credentials. */
export type CablecastConnectionRecord = RecordOf<
  typeof cablecastConnections,
  {
    /** {} until the first test. */
    lastCheck: CablecastCheck | Record<string, never>;
    /** Which Cablecast channel feeds which Airgrid channel; [] until mapped. */
    channelMap: CablecastChannelLink[];
  }
>;
