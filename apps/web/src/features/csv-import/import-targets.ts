import type { ImportTarget } from './csv-import';
import { showsTarget } from './shows-target';

/**
 * Everything the csv-upload modal can import. Adding one (timeslots) means writing its
 * `ImportTarget` module and listing it here; the first is the default outside any target's
 * paths.
 */
export const IMPORT_TARGETS: readonly ImportTarget[] = [showsTarget];
