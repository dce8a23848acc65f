import { series as definition } from '@airgrid/schema';
import type { CollectionModule } from '../records/collection-module.js';
import { editorWrites } from './role-rules.js';

/** Groups of shows: members read them, editors and above manage them. */
export const series: CollectionModule = { definition, rules: editorWrites() };
