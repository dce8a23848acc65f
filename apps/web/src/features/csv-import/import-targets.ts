import type { ImportTarget } from './csv-import';
import { showsTarget } from './shows-target';
import { timeslotsTarget } from './timeslots-target';

/**
 * Everything the csv-upload modal can import. Adding one means writing its `ImportTarget`
 * module (and the server's, apps/server/src/features/import/) and listing it here; the first
 * is the default outside any target's paths.
 */
export const IMPORT_TARGETS: readonly ImportTarget[] = [showsTarget, timeslotsTarget];
