import { campaignAffidavit, campaignInvoice } from './affidavits.js';
import { analyticsAudience, analyticsBeacon, analyticsNow } from './analytics.js';
import { asRunImportCreate } from './as-run-imports.js';
import {
  cablecastGet,
  cablecastSave,
  cablecastSyncNow,
  cablecastSyncSettings,
  cablecastTest,
} from './cablecast.js';
import {
  captionsCoverage,
  captionsEngine,
  captionsGenerate,
  captionsJson,
  captionsParse,
  captionsVtt,
} from './captions.js';
import type { Endpoint } from './endpoint.js';
import { equipmentLabels } from './equipment.js';
import {
  feedCalendar,
  feedM3u,
  feedXmltv,
  podcastFeed,
  testPatternPlaylist,
  testPatternSegment,
} from './feeds.js';
import { guide } from './guide.js';
import { importRows } from './imports.js';
import { inviteAccept, inviteLookup, inviteResend } from './invites.js';
import { transferOwnership } from './members.js';
import { campaignAirings, channelBreaks, channelDailyLog } from './placements.js';
import {
  playoutAsRun,
  playoutMasterPlaylist,
  playoutMediaPlaylist,
  playoutReadinessRead,
  playoutReadinessSummary,
  playoutSegment,
  playoutSubtitlesPlaylist,
} from './playout.js';
import {
  reportCampaigns,
  reportCaptions,
  reportNeverAired,
  reportReruns,
} from './programme-reports.js';
import {
  scheduleCopy,
  scheduleExpand,
  scheduleMove,
  schedulePlace,
  seriesDelete,
  seriesEdit,
} from './schedule.js';
import { appConfig, station, stationList } from './stations.js';
import {
  submissionCreate,
  submissionForm,
  submissionReview,
  submissionRevise,
  submissionStatus,
} from './submissions.js';
import { waitlistJoin } from './waitlist.js';
import {
  apiKeyCreate,
  webhookCreate,
  webhookSecret,
  webhookTest,
  webhookUpdate,
} from './webhooks.js';

// Every /api/v1 endpoint's contract (decision 0038), grouped by area in this folder. The server
// registers each through apps/server/src/http/endpoint.ts (a test holds the two lists equal);
// the web app calls them by key through apps/web/src/lib/api-client.ts.

export * from './affidavits.js';
export * from './analytics.js';
export * from './as-run-imports.js';
export * from './cablecast.js';
export * from './cablecast-url.js';
export * from './captions.js';
export * from './endpoint.js';
export * from './equipment.js';
export * from './feeds.js';
export * from './guide.js';
export * from './imports.js';
export * from './inputs.js';
export * from './invites.js';
export * from './members.js';
export * from './placements.js';
export * from './playout.js';
export * from './programme-reports.js';
export * from './schedule.js';
export * from './stations.js';
export * from './submissions.js';
export * from './waitlist.js';
export * from './webhooks.js';

/** Every endpoint, for the server's route check and the OpenAPI document. */
export const ENDPOINTS = [
  scheduleMove,
  scheduleExpand,
  schedulePlace,
  seriesEdit,
  seriesDelete,
  scheduleCopy,
  guide,
  appConfig,
  stationList,
  station,
  transferOwnership,
  inviteLookup,
  inviteAccept,
  inviteResend,
  webhookCreate,
  webhookUpdate,
  webhookSecret,
  webhookTest,
  apiKeyCreate,
  cablecastGet,
  cablecastSave,
  cablecastTest,
  cablecastSyncSettings,
  cablecastSyncNow,
  captionsEngine,
  captionsGenerate,
  captionsCoverage,
  captionsParse,
  captionsVtt,
  captionsJson,
  submissionCreate,
  submissionForm,
  submissionStatus,
  submissionRevise,
  submissionReview,
  importRows,
  equipmentLabels,
  feedXmltv,
  feedM3u,
  feedCalendar,
  podcastFeed,
  testPatternPlaylist,
  testPatternSegment,
  playoutMasterPlaylist,
  playoutMediaPlaylist,
  playoutSubtitlesPlaylist,
  playoutSegment,
  playoutReadinessRead,
  playoutReadinessSummary,
  playoutAsRun,
  channelBreaks,
  channelDailyLog,
  campaignAirings,
  campaignAffidavit,
  campaignInvoice,
  asRunImportCreate,
  reportReruns,
  reportNeverAired,
  reportCaptions,
  reportCampaigns,
  waitlistJoin,
  analyticsBeacon,
  analyticsAudience,
  analyticsNow,
] as const;

type Listed = (typeof ENDPOINTS)[number];

/** The endpoints by key (`POST /api/v1/schedule/place`): what the web client calls them by. */
export type Endpoints = { [E in Listed as E['key']]: E };

export type EndpointKey = keyof Endpoints;

// Each endpoint's key is unique; a contract listed twice would shadow the other's types.
export type { Endpoint };
