// The English UI strings of features/dashboard/: its slice of the catalog, merged by i18n/en.ts.

export const dashboardMessages = {
  readyToAir: 'Ready to air',
  campaignsOwingSpots: 'Campaigns owing spots',
  captionCoverageThisWeek: 'Caption coverage this week',
  nothingScheduledThisWeek: 'Nothing is scheduled this week yet.',
  ofScheduled: (airtime: string) => `of ${airtime} scheduled captioned`,
  captionedShare: 'Captioned share of this week’s airtime',
  seeCaptionReport: 'See the report',
  openCaptions: 'Add captions',
  submissionsWaiting: 'Submissions waiting',
  submissionsWaitingCount: (count: number) =>
    count === 1 ? '1 show waits for review.' : `${count} shows wait for review.`,
  fromSubmitter: (name: string) => `from ${name}`,
  reviewSubmissions: 'Review submissions',
  campaignsOwingHint: 'Booked campaigns whose spots do not all fit the schedule’s breaks.',
  campaignOwes: (owed: number, goal: number) =>
    `${owed} of ${goal} ${goal === 1 ? 'spot' : 'spots'} not placed`,
  campaignOwesMissed: (owed: number, goal: number, missed: number) =>
    `${owed} of ${goal} ${goal === 1 ? 'spot' : 'spots'} owed, ${missed} missed on air`,
  readinessHint: 'Channels airing through Airgrid playout, the next 24 hours.',
  readinessAllClear: 'All clear',
  readinessProblems: (count: number, parts: string) =>
    `${count} ${count === 1 ? 'problem' : 'problems'}: ${parts}`,
  readinessNoMedia: (n: number) => (n === 1 ? '1 show without media' : `${n} shows without media`),
  readinessNotPackaged: (n: number) => `${n} not packaged yet`,
  readinessTooLong: (n: number) => `${n} cut short`,
  readinessGaps: (n: number) => (n === 1 ? '1 long gap' : `${n} long gaps`),
  todaySGaps: 'Today’s gaps',
  conflicts: (n: number) => (n === 1 ? '1 conflict' : `${n} conflicts`),
  conflict: (channel: string, first: string, second: string, span: string) =>
    `${channel}: “${first}” and “${second}” overlap ${span}. `,
  aChannel: 'A channel',
  fixInTimeslots: 'Fix in timeslots',
  theChannelIsFullyScheduled: 'The channel is fully scheduled today.',
  allLengthChannelsAreFully: (length: string | number) =>
    `All ${length} channels are fully scheduled today.`,
  nothingIsScheduledTodayEvery:
    'Nothing is scheduled today: every channel shows its bumper all day.',
  scheduleToday: 'Schedule today',
  importASchedule: 'Import a schedule',
  gapsOnName: (name: string | number) => `Gaps on ${name}`,
  fullyScheduled: 'Fully scheduled',
  nothingScheduledToday: 'Nothing scheduled today',
  fillIn: 'Fill in',
  totalSecUnscheduledSpans: (totalSec: string | number, spans: string | number) =>
    `${totalSec} unscheduled: ${spans}`,
  formatDurationLeft: (formatDuration: string | number) => `${formatDuration} left`,
  tomorrow: 'Tomorrow',
  yesterday: 'Yesterday',
  noChannelsYet: 'No channels yet',
  aChannelIsWhereYour:
    'A channel is where your programmes air: it has a number, a stream and its own schedule. Once you have one, this page shows what is on air, today’s gaps and the next 24 hours.',
  createAChannel: 'Create a channel',
  askAnEditorOrAdmin: 'Ask an editor or admin of your organization to create one.',
  onAirNow: 'On air now',
  percentAired: (title: string | number, percent: number) => `${title}: ${percent}% aired`,
  offAirViewersSeeThe: 'Off air: viewers see the channel’s bumper.',
  noStream: 'No stream',
  noStreamExplained:
    'This channel has no stream address: its watch page says what is on but plays nothing. Add one on the channel’s page.',
  nextTitleNext: (title: string | number, next: string | number) => `Next: ${title}, ${next}`,
  nothingElseInTheNext: 'Nothing else in the next 24 hours.',
  noOrganizationYet: 'No organization yet',
  joinOrCreateAnOrganization: 'Join or create an organization to run its channels.',
  loadingDashboard: 'Loading dashboard',
  dashboard: 'Dashboard',
  loadingTheSchedule: 'Loading the schedule',
  nowTimesInZone: (now: string | number, zone: string | number) => `${now} · Times in ${zone}`,
  quickActions: 'Quick actions',
  newShow: 'New show',
  newTimeslot: 'New timeslot',
  importCsv: 'Import CSV',
  openTheGuide: 'Open the guide',
  editorsAndAboveChangeThe: 'Editors and above change the schedule; ask one of them for a change.',
  next24Hours: 'Next 24 hours',
  nothingStartsInTheNext: 'Nothing starts in the next 24 hours.',
  openTheSchedule: 'Open the schedule',
  airingsInTheNext24: 'Airings in the next 24 hours',
  moreMoreInTheNext: (more: string | number) => `${more} more in the next 24 hours.`,
  seeThemInTheGuide: 'See them in the guide',
  /** The warning of airings of draft shows in the next 7 days (drafts air all the same). */
  draftAiringsInTheNext7Days: (count: number) =>
    count === 1
      ? '1 airing of a draft show in the next 7 days'
      : `${count} airings of draft shows in the next 7 days`,
  draftAiringsExplained:
    'Drafts air as scheduled: viewers see them in the guide, on the watch page and in the feeds. Open a show to mark it ready.',
  airingsOfDraftShows: 'Airings of draft shows',
  moreDraftAirings: (more: number) => `${more} more in the next 7 days.`,
};
