import { defineCollection, type RecordOf } from '../collection.js';
import { date, number, relation, text } from '../fields.js';

/**
 * An as-run log imported from a station's own playout (issue 40, item 6; decision 0051): the
 * proof of play of a channel not airing through Airgrid playout, for the period it covers. The
 * server reconciles its spot lines with the placements (`importedAirings`) and keeps the counts
 * as they were on import. A newer import of the channel replaces what older ones said within
 * its period. Members read them; only the server writes them
 * (`POST /api/v1/channels/{channel}/as-run-imports`).
 */
export const asRunImports = defineCollection({
  id: 'pbc_277544804',
  name: 'asRunImports',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('channel', 'channels', { required: true, cascadeDelete: true }),
    // The file's name as chosen ("" when the rows came without one).
    text('fileName', { max: 255 }),
    // What the log covers, [periodStart, periodEnd): a placement in it aired or was missed.
    date('periodStart', { required: true }),
    date('periodEnd', { required: true }),
    // Placements proven, placements missed, lines of the station's spots that prove none, and
    // lines naming none of its spots (programmes, others' spots).
    number('aired', { min: 0, onlyInt: true }),
    number('missed', { min: 0, onlyInt: true }),
    number('offPlan', { min: 0, onlyInt: true }),
    number('skipped', { min: 0, onlyInt: true }),
    relation('importedBy', 'users', { system: true }),
  ],
  indexes: [
    { name: 'organization', columns: ['organization', 'created'] },
    { name: 'channel_period', columns: ['channel', 'periodStart'] },
  ],
});

export type AsRunImportRecord = RecordOf<typeof asRunImports>;
