// The English UI strings of features/analytics/: its slice of the catalog, merged by i18n/en.ts.

export const analyticsMessages = {
  analytics: 'Analytics',
  pageDescription:
    'Who watched your channels over a period, and when, without identifying anyone; what they aired, how often each show ran, what never aired, how much was captioned and how campaigns delivered, compared with the period before.',
  noOrganization: 'Join or create a station to see its reports.',
  loading: 'Loading the reports',
  // The period
  period: 'Period',
  presets: {
    'last-7-days': 'Last 7 days',
    'last-30-days': 'Last 30 days',
    'this-month': 'This month',
    'last-month': 'Last month',
    custom: 'Custom',
  },
  firstDay: 'First day',
  lastDay: 'Last day',
  apply: 'Show',
  periodLine: (from: string, to: string, days: number, zone: string) =>
    `${from} to ${to} (${days === 1 ? '1 day' : `${days} days`}, ${zone} time)`,
  comparedWith: (from: string, to: string) => `Compared with ${from} to ${to}.`,
  badFrom: 'The first day must be a date.',
  badTo: 'The last day must be a date.',
  badOrder: 'The last day must be on or after the first day.',
  tooLong: (max: number) => `Reports cover at most ${max} days: choose a shorter period.`,
  // The summary
  summary: 'Summary',
  airings: 'Airings',
  airtime: 'Airtime',
  showsAired: 'Shows aired',
  captioned: 'Captioned',
  spotsPlaced: 'Spots placed',
  changeUp: (text: string) => `up ${text} on the previous period`,
  changeDown: (text: string) => `down ${text} on the previous period`,
  changeSame: 'the same as the previous period',
  changeFromNothing: 'none in the previous period',
  points: (points: string) => `${points} points`,
  // Tables and CSV
  downloadCsv: 'Download CSV',
  downloadCsvOf: (title: string) => `Download ${title} as CSV`,
  loadingReport: (title: string) => `Loading ${title}`,
  show: 'Show',
  channel: 'Channel',
  channels: 'Channels',
  share: 'Share',
  lastAiring: 'Last airing',
  nextAiring: 'Next airing',
  none: '—',
  openTimeslots: 'Open Timeslots',
  openChannels: 'Open Channels',
  openCampaigns: 'Open Campaigns',
  // Reruns
  reruns: 'Reruns',
  rerunsHint:
    'How often each show aired in the period (airings that start in it), its share of the airtime, its last airing and its next one.',
  noAirings:
    'Nothing aired in this period. Schedule shows on the Timeslots page, or choose another period.',
  rerunsChartSummary: (top: string, count: number) =>
    `Most aired: ${top}, ${count === 1 ? 'once' : `${count} times`}. The chart shows the 10 most aired shows; the table below lists them all.`,
  rerunsTableCaption: 'Airings of the 10 most aired shows',
  // Never aired
  neverAired: 'Never aired',
  neverAiredHint:
    'Shows ready to air (marked ready, or with media) and not archived, with no airing in the period.',
  allAired: 'Every show ready to air aired in this period.',
  created: 'Created',
  kind: 'Airings',
  neverKind: 'Never scheduled',
  notInPeriodKind: 'Not in this period',
  // Captions
  captions: 'Caption coverage',
  captionsHint:
    'Of the airtime in the period, the share whose show has a complete caption track in the channel’s language.',
  noCaptionsAirtime:
    'Nothing aired in this period, so there is no coverage to report. Choose another period.',
  noChannels: 'No channels yet. Add one on the Channels page.',
  allChannels: 'All channels',
  language: 'Language',
  anyLanguage: 'Any',
  captionedTime: 'Captioned',
  captionsChartSummary: (share: string) =>
    `${share} of the period’s airtime was captioned. The chart shows each channel’s share.`,
  captionsTableCaption: 'Captioned share of airtime per channel',
  mostUncaptioned: 'Aired uncaptioned the most',
  uncaptionedTime: 'Uncaptioned airtime',
  allCaptioned: 'Every airing in this period was captioned.',
  addCaptions: 'Add captions on the Captions page.',
  // Campaigns
  campaigns: 'Campaign delivery',
  campaignsHint:
    'Booked campaigns whose flight meets the period: the goal over the flight against the spots placed, and the spots placed and aired (by schedule) in the period.',
  noCampaigns:
    'No booked campaign’s flight meets this period. Book campaigns on the Campaigns page.',
  campaign: 'Campaign',
  sponsor: 'Sponsor',
  status: 'Status',
  flight: 'Flight',
  goal: 'Goal',
  placed: 'Placed',
  owed: 'Owed',
  delivered: 'Delivered',
  placedInPeriod: 'Placed in period',
  airedInPeriod: 'Aired in period',
  campaignsChartSummary: (owing: number) =>
    owing === 0
      ? 'Every campaign shown is placed in full.'
      : `${owing === 1 ? '1 campaign owes' : `${owing} campaigns owe`} spots the breaks could not take.`,
  campaignsTableCaption: 'Spots placed and owed per campaign',
  // Audience (the measurement's reports).
  audience: 'Audience',
  audienceHint:
    'Viewers of the watch page, multiview and the player widget: views (sessions that started), watch time (30 seconds per heartbeat while playing and visible), the average per view, and the most watching at once. No viewer is identified.',
  views: 'Views',
  watchTime: 'Watch time',
  averageWatch: 'Average per view',
  peakViewers: 'Peak viewers',
  audienceBy: 'Group the audience by',
  byChannel: 'Channel',
  byShow: 'Show',
  bySpot: 'Spot',
  byEmbed: 'Widget',
  notInAProgramme: 'Between programmes',
  notASpot: 'Programmes (no spot)',
  ownPages: 'Your own pages',
  noViewers:
    'Nobody watched in this period yet. Views count from the watch page, multiview and the player widget; share your watch page or add a widget under Embeds.',
  audienceChartSummary: (name: string, views: number) =>
    `Most viewed: ${name}, ${views} ${views === 1 ? 'view' : 'views'}.`,
  audienceTableCaption: 'Views per group',
  sites: 'Widget traffic by website',
  sitesHint:
    'The websites your player widget is embedded on, from the address the browser reports for the page around it.',
  website: 'Website',
  noSites: 'No widget was watched on another website in this period. Add one under Embeds.',
  whenPeopleWatch: 'When people watch',
  whenHint:
    'Watch time by day of the week and hour of the day, on the station’s clock: darker is more.',
  weekday: 'Day',
  weekdayNames: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  heatmapSummary: (day: string, hour: string, time: string) =>
    `Most watched: ${day} at ${hour}:00, ${time} of watch time.`,
  heatmapCell: (day: string, hour: string, time: string) => `${day} ${hour}:00: ${time}`,
  heatmapTableCaption: 'Watch time by day and hour',
};
