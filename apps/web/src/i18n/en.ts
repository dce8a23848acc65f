import { integrationsMessages, routesMessages, shellMessages } from '../app/messages';
import { adsMessages } from '../features/ads/messages';
import { analyticsMessages } from '../features/analytics/messages';
import { apiDocsMessages } from '../features/api-docs/messages';
import { apiKeysMessages } from '../features/api-keys/messages';
import { archiveMessages } from '../features/archive/messages';
import { authMessages } from '../features/auth/messages';
import { cablecastMessages, cablecastSyncMessages } from '../features/cablecast/messages';
import { campaignsMessages } from '../features/campaigns/messages';
import { captionsMessages } from '../features/captions/messages';
import { channelsMessages } from '../features/channels/messages';
import { csvImportMessages } from '../features/csv-import/messages';
import { dashboardMessages } from '../features/dashboard/messages';
import { debugMessages } from '../features/debug/messages';
import { embedsMessages } from '../features/embeds/messages';
import { equipmentMessages } from '../features/equipment/messages';
import { feedbackMessages } from '../features/feedback/messages';
import { helpMessages } from '../features/help/messages';
import { landingMessages } from '../features/landing/messages';
import { legalMessages } from '../features/legal/messages';
import { membersMessages } from '../features/members/messages';
import { notificationsMessages } from '../features/notifications/messages';
import { onboardingMessages } from '../features/onboarding/messages';
import { operatorMessages } from '../features/operator/messages';
import { organizationMessages } from '../features/organization/messages';
import { podcastsMessages } from '../features/podcasts/messages';
import { settingsMessages } from '../features/settings/messages';
import { showsMessages } from '../features/shows/messages';
import { reviewQueueMessages, submissionMessages } from '../features/submissions/messages';
import { timeslotsMessages } from '../features/timeslots/messages';
import { tvguideMessages } from '../features/tvguide/messages';
import { waitlistMessages } from '../features/waitlist/messages';
import { watchMessages } from '../features/watch/messages';
import { webhooksMessages } from '../features/webhooks/messages';
import { descriptionsMessages } from '../shared/descriptions/messages';
import { feedsMessages } from '../shared/feeds/messages';
import { mediaMessages } from '../shared/media/messages';
import { sharedMessages } from '../shared/messages';
import { signInProvidersMessages } from '../shared/sign-in-providers/messages';
import { stationsMessages } from '../shared/stations/messages';
import { uploadsMessages } from '../shared/uploads/messages';
import { uiMessages } from '../ui/messages';
import { commonMessages } from './common';

// The English UI strings of the web app: every text a user sees or hears (labels, buttons,
// headings, placeholders, aria-labels, toasts, empty states, document titles), grouped by area.
// A string with a value in it is a function with typed parameters; a plural is a function of
// the count. Messages from packages/domain or the server are not here: the API shares them.
// A second language is one file typed `Messages` (messages.ts); decision 0024.
// Each area keeps its slice beside its code (features/<area>/messages.ts, shared/…, app/, ui/):
// this file only merges them.

export const en = {
  common: commonMessages,
  ui: uiMessages,
  shell: shellMessages,
  stations: stationsMessages,
  routes: routesMessages,
  help: helpMessages,
  feedback: feedbackMessages,
  legal: legalMessages,
  notifications: notificationsMessages,
  archive: archiveMessages,
  debug: debugMessages,
  landing: landingMessages,
  onboarding: onboardingMessages,
  auth: authMessages,
  captions: captionsMessages,
  uploads: uploadsMessages,
  media: mediaMessages,
  signInProviders: signInProvidersMessages,
  embeds: embedsMessages,
  members: membersMessages,
  organization: organizationMessages,
  settings: settingsMessages,
  csvImport: csvImportMessages,
  dashboard: dashboardMessages,
  analytics: analyticsMessages,
  channels: channelsMessages,
  shows: showsMessages,
  reviewQueue: reviewQueueMessages,
  tvguide: tvguideMessages,
  watch: watchMessages,
  timeslots: timeslotsMessages,
  podcasts: podcastsMessages,
  equipment: equipmentMessages,
  ads: adsMessages,
  campaigns: campaignsMessages,
  integrations: integrationsMessages,
  cablecast: cablecastMessages,
  cablecastSync: cablecastSyncMessages,
  apiKeys: apiKeysMessages,
  webhooks: webhooksMessages,
  feeds: feedsMessages,
  descriptions: descriptionsMessages,
  submission: submissionMessages,
  waitlist: waitlistMessages,
  apiDocs: apiDocsMessages,
  operator: operatorMessages,
  shared: sharedMessages,
};
