import {
  asRunImports as importDefinition,
  importedAirings as linesDefinition,
} from '@airgrid/schema';
import { MEMBER } from '../../collections/role-rules.js';
import type { CollectionModule } from '../../records/collection-module.js';

const SERVER_WRITES = {
  listRule: MEMBER,
  viewRule: MEMBER,
  createRule: null,
  updateRule: null,
  deleteRule: null,
};

/**
 * Imported as-run logs (as-run-import-service.ts): members read them; only the server writes
 * them, from POST /api/v1/channels/{channel}/as-run-imports, so every line is reconciled.
 */
export const asRunImports: CollectionModule = {
  definition: importDefinition,
  rules: SERVER_WRITES,
};

/** The imported logs' spot lines: the placement each proves, or none (off-plan). */
export const importedAirings: CollectionModule = {
  definition: linesDefinition,
  rules: SERVER_WRITES,
};
