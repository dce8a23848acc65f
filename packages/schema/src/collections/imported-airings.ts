import { defineCollection, type RecordOf } from '../collection.js';
import { date, number, relation, select, text } from '../fields.js';

/** What an imported log's spot line proves: a placement aired, or a spot aired off-plan. */
export const IMPORTED_AIRING_STATUSES = ['aired', 'off-plan'] as const;
export type ImportedAiringStatus = (typeof IMPORTED_AIRING_STATUSES)[number];

/**
 * A spot line of an imported as-run log (`asRunImports`) of one of the station's spots: the
 * placement it proves (aired, to the second) or none (off-plan). Missed placements have no line:
 * the import covers their time. Members read them; only the server writes them.
 */
export const importedAirings = defineCollection({
  id: 'pbc_3829233849',
  name: 'importedAirings',
  type: 'base',
  organizationOwned: true,
  fields: [
    relation('organization', 'organizations', { required: true, cascadeDelete: true }),
    relation('asRunImport', 'asRunImports', { required: true, cascadeDelete: true }),
    relation('channel', 'channels', { required: true, cascadeDelete: true }),
    relation('ad', 'ads', { required: true }),
    // The placement (campaigns area) the line proves; "" when off-plan.
    text('placement', { max: 15 }),
    // When the spot started, to the second, and its runtime as the log says (0: not said).
    date('start', { required: true }),
    number('durationSec', { min: 0 }),
    // The line's number in the file (header = 1).
    number('line', { min: 0, onlyInt: true }),
    select('status', IMPORTED_AIRING_STATUSES, { required: true }),
  ],
  indexes: [
    { name: 'organization', columns: ['organization', 'start'] },
    { name: 'asRunImport', columns: ['asRunImport'] },
    { name: 'channel_start', columns: ['channel', 'start'] },
    { name: 'placement', columns: ['placement'] },
  ],
});

export type ImportedAiringRecord = RecordOf<
  typeof importedAirings,
  { status: ImportedAiringStatus }
>;
