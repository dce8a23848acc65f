import { toRecordDate } from '@airgrid/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { CompleteTrack, CoverageChannel, CoverageSlot } from './caption-coverage.js';

/**
 * What caption coverage reads of one organization for a window (channels, airings, tracks), and
 * the channels that air a show, for deciding who may read its tracks.
 */
export class CaptionCoverageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The organization's channels with an airing of the show, at any time (the guide shows past
   * and coming weeks alike); a cancelled airing is in no guide, so it does not count.
   */
  async channelsAiring(organization: string, show: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('timeslots')
      .select('channel')
      .distinct()
      .where('organization', '=', organization)
      .where('show', '=', show)
      .where('status', '<>', 'cancelled')
      .execute();
    return rows.map((row) => row.channel);
  }

  async timeZoneOf(organization: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('organizations')
      .select('timeZone')
      .where('id', '=', organization)
      .executeTakeFirst();
    return row?.timeZone;
  }

  async read(organization: string, from: number, to: number) {
    const [channels, slots, tracks] = await Promise.all([
      this.db
        .selectFrom('channels')
        .select(['id', 'name', 'number', 'language'])
        .where('organization', '=', organization)
        .orderBy('number')
        .orderBy('name')
        .execute(),
      this.db
        .selectFrom('timeslots')
        .select(['channel', 'show', 'durationSec'])
        .where('organization', '=', organization)
        .where('start', '>=', toRecordDate(from))
        .where('start', '<', toRecordDate(to))
        .execute(),
      this.db
        .selectFrom('captions')
        .select(['show', 'language'])
        .where('organization', '=', organization)
        .where('status', '=', 'complete')
        .where('kind', 'in', ['captions', 'subtitles'])
        .execute(),
    ]);
    return {
      channels: channels.map((row) => ({
        id: row.id,
        name: row.name,
        number: Number(row.number),
        language: String(row.language ?? ''),
      })) satisfies CoverageChannel[],
      slots: slots.map((row) => ({
        channel: row.channel,
        show: row.show,
        durationSec: Number(row.durationSec),
      })) satisfies CoverageSlot[],
      tracks: tracks satisfies CompleteTrack[],
    };
  }
}
