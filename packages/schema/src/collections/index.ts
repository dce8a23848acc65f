// The collections of PRODUCT.md's data model that the record API serves: one file each, its
// definition (`defineCollection`), its constants and its record type. A new collection is one
// more file, one line in each list below, one migration, and one rules module on the server.
// (apps/server/src/db/schema-consistency.integration.test.ts holds each definition and its
// migrated table together.)

import { ads } from './ads.js';
import { apiKeys } from './api-keys.js';
import { asRun } from './as-run.js';
import { asRunImports } from './as-run-imports.js';
import { audienceNow } from './audience-now.js';
import { cablecastConnections } from './cablecast-connections.js';
import { cablecastSyncs } from './cablecast-syncs.js';
import { campaigns } from './campaigns.js';
import { captions } from './captions.js';
import { certificationKinds } from './certification-kinds.js';
import { certifications } from './certifications.js';
import { channels } from './channels.js';
import { embeds } from './embeds.js';
import { episodes } from './episodes.js';
import { equipment } from './equipment.js';
import { externalAuths } from './external-auths.js';
import { feedback } from './feedback.js';
import { importedAirings } from './imported-airings.js';
import { invites } from './invites.js';
import { jobs } from './jobs.js';
import { notifications } from './notifications.js';
import { organizations } from './organizations.js';
import { placements } from './placements.js';
import { playoutPackages } from './playout-packages.js';
import { podcasts } from './podcasts.js';
import { recurrences } from './recurrences.js';
import { remittances } from './remittances.js';
import { reservations } from './reservations.js';
import { series } from './series.js';
import { shows } from './shows.js';
import { sponsors } from './sponsors.js';
import { submissions } from './submissions.js';
import { superusers } from './superusers.js';
import { timeslots } from './timeslots.js';
import { users } from './users.js';
import { waitlist } from './waitlist.js';
import { webhookDeliveries } from './webhook-deliveries.js';
import { webhooks } from './webhooks.js';

export * from './ads.js';
export * from './api-keys.js';
export * from './as-run.js';
export * from './as-run-imports.js';
export * from './audience-now.js';
export * from './cablecast-connections.js';
export * from './cablecast-syncs.js';
export * from './campaigns.js';
export * from './captions.js';
export * from './certification-kinds.js';
export * from './certifications.js';
export * from './channels.js';
export * from './embeds.js';
export * from './episodes.js';
export * from './equipment.js';
export * from './external-auths.js';
export * from './feedback.js';
export * from './imported-airings.js';
export * from './invites.js';
export * from './jobs.js';
export * from './notifications.js';
export * from './organizations.js';
export * from './placements.js';
export * from './playout-packages.js';
export * from './podcasts.js';
export * from './recurrences.js';
export * from './remittances.js';
export * from './reservations.js';
export * from './series.js';
export * from './shows.js';
export * from './sponsors.js';
export * from './submissions.js';
export * from './superusers.js';
export * from './timeslots.js';
export * from './users.js';
export * from './waitlist.js';
export * from './webhook-deliveries.js';
export * from './webhooks.js';

/** Every collection the record API serves. */
export const COLLECTIONS = [
  superusers,
  users,
  externalAuths,
  organizations,
  invites,
  waitlist,
  channels,
  series,
  shows,
  timeslots,
  recurrences,
  feedback,
  notifications,
  embeds,
  remittances,
  jobs,
  captions,
  podcasts,
  episodes,
  apiKeys,
  cablecastConnections,
  cablecastSyncs,
  certificationKinds,
  certifications,
  equipment,
  reservations,
  submissions,
  webhooks,
  webhookDeliveries,
  playoutPackages,
  asRun,
  sponsors,
  ads,
  campaigns,
  placements,
  asRunImports,
  importedAirings,
  audienceNow,
] as const;

/** The name of a collection the record API serves. */
export type CollectionName = (typeof COLLECTIONS)[number]['name'];
