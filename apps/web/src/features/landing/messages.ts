// The English UI strings of features/landing/: its slice of the catalog, merged by i18n/en.ts.

export const landingMessages = {
  buildTheSchedule: 'Build the schedule',
  dragShowsOntoATimeline:
    'Drag shows onto a timeline of your channels in 15-minute steps, repeat them with recurrences, and never double-book a channel.',
  guideAndFeeds: 'Guide and feeds',
  oneScheduleBecomesTheTv:
    'One schedule becomes the TV guide, XMLTV and M3U for set-top boxes and media servers, iCal for calendars and RSS for podcasts.',
  watchAndEmbeds: 'Watch and embeds',
  aPublicWatchPageWith:
    'A public watch page with what is on now and next, a "We\'ll be right back" bumper between shows, and widgets for your own website.',
  pocketBaseCompatibleApi: 'PocketBase-compatible API',
  aDocumentedApiThatThe:
    'A documented API that the official PocketBase JS SDK talks to as is, on SQLite or PostgreSQL.',
  programmeGuideAndScheduling: 'Programme guide and scheduling',
  airgridTv: 'Airgrid TV',
  communityMadeCreativeMediaFrom:
    'Community-made creative media from viewers like you, streaming online 24/7.',
  airgridIsTheProgrammeGuide:
    'Airgrid is the programme guide and scheduling system for public-access stations, independent creators and niche broadcasters: describe your channels and shows, build the schedule, and publish it everywhere at once.',
  goToTheDashboard: 'Go to the dashboard',
  signIn: 'Sign in',
  createAnAccount: 'Create an account',
  openTheTvGuide: 'Open the TV guide',
  loadingWhatIsOnNow: 'Loading what is on now',
  whatIsOnNowCould: 'What is on now could not be loaded',
  onNowAtName: (name: string | number) => `On now at ${name}`,
  fullTvGuide: 'Full TV guide',
  now: 'Now',
  nothingOnRightNow: 'Nothing on right now.',
  titleAt: (title: string | number) => `${title} at `,
  next: 'Next:',
  watchName: (name: string | number) => `Watch ${name}`,
  watch: 'Watch',
};
