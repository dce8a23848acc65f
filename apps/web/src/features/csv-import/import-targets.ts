import { asRunTarget } from './as-run-target';
import type { ImportTarget } from './csv-import';
import { showsTarget } from './shows-target';
import { timeslotsTarget } from './timeslots-target';

/**
 * Everything the csv-upload modal can import. Adding one means writing its `ImportTarget`
 * module (and the server's route: apps/server/src/features/import/ for records) and listing
 * it here; the first is the default outside any target's paths. The as-run log is opened by
 * name from a channel's page (`?import=as-run-log&channel=<id>`).
 */
export const IMPORT_TARGETS: readonly ImportTarget[] = [showsTarget, timeslotsTarget, asRunTarget];
