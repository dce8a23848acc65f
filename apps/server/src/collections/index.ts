import type { CollectionModule } from '../records/collection-module.js';
import { apiKeys } from './api-keys.js';
import { externalAuths } from './external-auths.js';
import { feedback } from './feedback.js';
import { jobs } from './jobs.js';
import { notifications } from './notifications.js';
import { organizations } from './organizations.js';
import { remittances } from './remittances.js';
import { superusers } from './superusers.js';
import { users } from './users.js';

/**
 * The collections the core owns (accounts, organizations, keys, jobs, notifications): one
 * rules module each. An area's collections are listed in its area.ts (features/index.ts adds
 * them up).
 */
export const CORE_COLLECTIONS: readonly CollectionModule[] = [
  superusers,
  users,
  externalAuths,
  organizations,
  remittances,
  apiKeys,
  jobs,
  notifications,
  feedback,
];
