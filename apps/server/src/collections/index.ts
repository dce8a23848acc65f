import type { CollectionModule } from '../records/collection-module.js';
import { apiKeys } from './api-keys.js';
import { cablecastConnections, cablecastSyncs } from './cablecast-connections.js';
import { captions } from './captions.js';
import { channels } from './channels.js';
import { embeds } from './embeds.js';
import { certificationKinds, certifications, equipment, reservations } from './equipment.js';
import { externalAuths } from './external-auths.js';
import { feedback } from './feedback.js';
import { invites } from './invites.js';
import { jobs } from './jobs.js';
import { notifications } from './notifications.js';
import { organizations } from './organizations.js';
import { episodes, podcasts } from './podcasts.js';
import { recurrences } from './recurrences.js';
import { remittances } from './remittances.js';
import { series } from './series.js';
import { shows } from './shows.js';
import { submissions } from './submissions.js';
import { superusers } from './superusers.js';
import { timeslots } from './timeslots.js';
import { users } from './users.js';
import { waitlist } from './waitlist.js';
import { webhookDeliveries, webhooks } from './webhooks.js';

/** Every collection the record API serves: one module each. */
export const COLLECTION_MODULES: readonly CollectionModule[] = [
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
  webhooks,
  webhookDeliveries,
  certificationKinds,
  certifications,
  equipment,
  reservations,
  submissions,
];
