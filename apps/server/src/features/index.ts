import { COLLECTIONS } from '@airgrid/schema';
import type { Area } from '../area.js';
import { CORE_COLLECTIONS } from '../collections/index.js';
import type { CollectionModule } from '../records/collection-module.js';
import { adsArea } from './ads/area.js';
import { analyticsArea } from './analytics/area.js';
import { apiDocsArea } from './api-docs/area.js';
import { appConfigArea } from './app-config/area.js';
import { archiveArea } from './archive/area.js';
import { cablecastArea } from './cablecast/area.js';
import { campaignsArea } from './campaigns/area.js';
import { captionsArea } from './captions/area.js';
import { embedsArea } from './embeds/area.js';
import { equipmentArea } from './equipment/area.js';
import { feedsArea } from './feeds/area.js';
import { guideArea } from './guide/area.js';
import { healthArea } from './health/area.js';
import { importArea } from './import/area.js';
import { invitesArea } from './invites/area.js';
import { mediaArea } from './media/area.js';
import { membersArea } from './members/area.js';
import { operatorArea } from './operator/area.js';
import { playoutArea } from './playout/area.js';
import { podcastsArea } from './podcasts/area.js';
import { programmeReportsArea } from './programme-reports/area.js';
import { publicPagesArea } from './public-pages/area.js';
import { scheduleArea } from './schedule/area.js';
import { streamsArea } from './streams/area.js';
import { submissionsArea } from './submissions/area.js';
import { waitlistArea } from './waitlist/area.js';
import { webhooksArea } from './webhooks/area.js';

/** Every area, started in this order by main.ts after the core (docs/architecture.md). */
export const AREAS: readonly Area[] = [
  appConfigArea,
  healthArea,
  invitesArea,
  membersArea,
  scheduleArea,
  importArea,
  mediaArea,
  adsArea,
  campaignsArea,
  guideArea,
  feedsArea,
  publicPagesArea,
  streamsArea,
  playoutArea,
  embedsArea,
  analyticsArea,
  captionsArea,
  programmeReportsArea,
  podcastsArea,
  equipmentArea,
  submissionsArea,
  cablecastArea,
  webhooksArea,
  archiveArea,
  waitlistArea,
  operatorArea,
  apiDocsArea,
];

/**
 * The rules and hooks of every collection the record API serves: the core's and the areas',
 * in the order of packages/schema's list. Each collection has exactly one module.
 */
export const COLLECTION_MODULES: readonly CollectionModule[] = collectionModulesOf(AREAS);

function collectionModulesOf(areas: readonly Area[]): CollectionModule[] {
  const modules = [...CORE_COLLECTIONS, ...areas.flatMap((area) => area.collections ?? [])];
  const byName = new Map(modules.map((module) => [module.definition.name, module]));
  if (byName.size !== modules.length) throw new Error('A collection has two rules modules.');
  return COLLECTIONS.map(({ name }) => {
    const module = byName.get(name);
    if (!module) throw new Error(`The collection "${name}" has no rules module in an area.`);
    return module;
  });
}
