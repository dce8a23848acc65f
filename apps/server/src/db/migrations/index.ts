import type { Migration } from 'kysely';
import * as createCoreTables from './202611220000-create-core-tables.js';
import * as createAccessTables from './202611220100-create-access-tables.js';
import * as addOrganizationIndexes from './202611220200-add-organization-indexes.js';
import * as createClusterTables from './202611220300-create-cluster-tables.js';
import * as createNotifications from './202611220400-create-notifications.js';
import * as addTimeslotOccurrence from './202611220500-add-timeslot-occurrence.js';
import * as createEmbeds from './202611220600-create-embeds.js';
import * as createScheduleDeletions from './202611250000-create-schedule-deletions.js';
import * as createLoginAttempts from './202611250100-create-login-attempts.js';
import * as addUserMembershipDates from './202611260200-add-user-membership-dates.js';
import * as addOrganizationDetails from './202611260300-add-organization-details.js';
import * as addArchiveDates from './202611260400-add-archive-dates.js';
import * as addOrganizationArchiveDate from './202611260500-add-organization-archive-date.js';
import * as createJobs from './202611260600-create-jobs.js';
import * as addShowWebMedia from './202611260700-add-show-web-media.js';
import * as createCaptions from './202611260800-create-captions.js';
import * as addChannelLanguage from './202611260900-add-channel-language.js';
import * as createPodcasts from './202611261000-create-podcasts.js';
import * as createApiKeys from './202611261100-create-api-keys.js';
import * as createCablecastConnections from './202611261200-create-cablecast-connections.js';
import * as createWebhooks from './202611261300-create-webhooks.js';
import * as addCablecastSync from './202611261400-add-cablecast-sync.js';
import * as createEquipment from './202611261500-create-equipment.js';
import * as createSubmissions from './202611261600-create-submissions.js';
import * as equipmentKits from './202611271000-equipment-kits.js';
import * as addSubmissionFiles from './202611271100-add-submission-files.js';
import * as waitlistOneEntryPerEmail from './202611291000-waitlist-one-entry-per-email.js';
import * as createLogs from './202611291100-create-logs.js';
import * as settingsOnSqlite from './202611291300-settings-on-sqlite.js';
import * as addPlayout from './202611300000-add-playout.js';
import * as createAsRun from './202611300100-create-as-run.js';
import * as playoutNotices from './202611300200-playout-notices.js';
import * as showBreakPoints from './202611300300-show-break-points.js';
import * as createAdsAndSponsors from './202612010000-create-ads-and-sponsors.js';
import * as createCampaigns from './202612010100-create-campaigns.js';
import * as spotsOnAir from './202612010200-spots-on-air.js';
import * as organizationCurrency from './202612010400-organization-currency.js';
import * as asRunImports from './202612020000-as-run-imports.js';
import * as createAnalytics from './202612030000-create-analytics.js';

/**
 * Every migration, in order. Append-only: a new migration is a new file named
 * YYYYMMDDHHMM-verb-noun.ts and one new line here (a unit test checks nothing is missing).
 * Listed statically rather than read from disk so the same list works from source and from dist.
 */
export const migrations: Record<string, Migration> = {
  '202611220000-create-core-tables': createCoreTables,
  '202611220100-create-access-tables': createAccessTables,
  '202611220200-add-organization-indexes': addOrganizationIndexes,
  '202611220300-create-cluster-tables': createClusterTables,
  '202611220400-create-notifications': createNotifications,
  '202611220500-add-timeslot-occurrence': addTimeslotOccurrence,
  '202611220600-create-embeds': createEmbeds,
  '202611250000-create-schedule-deletions': createScheduleDeletions,
  '202611250100-create-login-attempts': createLoginAttempts,
  '202611260200-add-user-membership-dates': addUserMembershipDates,
  '202611260300-add-organization-details': addOrganizationDetails,
  '202611260400-add-archive-dates': addArchiveDates,
  '202611260500-add-organization-archive-date': addOrganizationArchiveDate,
  '202611260600-create-jobs': createJobs,
  '202611260700-add-show-web-media': addShowWebMedia,
  '202611260800-create-captions': createCaptions,
  '202611260900-add-channel-language': addChannelLanguage,
  '202611261000-create-podcasts': createPodcasts,
  '202611261100-create-api-keys': createApiKeys,
  '202611261200-create-cablecast-connections': createCablecastConnections,
  '202611261300-create-webhooks': createWebhooks,
  '202611261400-add-cablecast-sync': addCablecastSync,
  '202611261500-create-equipment': createEquipment,
  '202611261600-create-submissions': createSubmissions,
  '202611271000-equipment-kits': equipmentKits,
  '202611271100-add-submission-files': addSubmissionFiles,
  '202611291000-waitlist-one-entry-per-email': waitlistOneEntryPerEmail,
  '202611291100-create-logs': createLogs,
  '202611291300-settings-on-sqlite': settingsOnSqlite,
  '202611300000-add-playout': addPlayout,
  '202611300100-create-as-run': createAsRun,
  '202611300200-playout-notices': playoutNotices,
  '202611300300-show-break-points': showBreakPoints,
  '202612010000-create-ads-and-sponsors': createAdsAndSponsors,
  '202612010100-create-campaigns': createCampaigns,
  '202612010200-spots-on-air': spotsOnAir,
  '202612010400-organization-currency': organizationCurrency,
  '202612020000-as-run-imports': asRunImports,
  '202612030000-create-analytics': createAnalytics,
};
