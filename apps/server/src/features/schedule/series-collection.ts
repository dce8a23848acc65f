import { series as definition } from '@airgrid/schema';
import { editorWrites } from '../../collections/role-rules.js';
import type { CollectionModule } from '../../records/collection-module.js';

/** Groups of shows: members read them, editors and above manage them. */
export const series: CollectionModule = { definition, rules: editorWrites() };
