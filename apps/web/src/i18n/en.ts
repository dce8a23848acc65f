// The English UI strings of the web app: every text a user sees or hears (labels, buttons,
// headings, placeholders, aria-labels, toasts, empty states, document titles), grouped by area.
// A string with a value in it is a function with typed parameters; a plural is a function of
// the count. Messages from packages/domain or the server are not here: the API shares them.
// A second language is one file typed `Messages` (messages.ts); decision 0024.

export const en = {
  common: {
    save: 'Save',
    cancel: 'Cancel',
    close: 'Close',
    loading: 'Loading',
    delete: 'Delete',
    edit: 'Edit',
    remove: 'Remove',
    back: 'Back',
    restore: 'Restore',
  },
  ui: {
    offline: 'Airgrid could not be reached. Check your connection and try again.',
    notBuiltYet: 'This area is not built yet.',
    noOrganization: 'No organization associated with the current user.',
    setOneUp: 'Set one up',
    timeline: 'Timeline',
    /** A timeline bar as a screen reader hears it: the show and its times. */
    bar: (label: string, span: string) => `${label}, ${span}`,
    barLocked: (label: string, span: string) => `${label}, ${span}, locked`,
    image: {
      noun: 'image',
      choose: 'Choose an image',
      removedOnSave: 'Removed when you save.',
      usedOnSave: 'Used when you save.',
      current: (noun: string) => `Current ${noun}`,
      none: (noun: string) => `No ${noun} yet.`,
    },
  },
  shell: {
    loadingThePage: 'Loading the page',
    backToHome: 'Back to home',
    signIn: 'Sign in',
    confirmLogOut: 'Are you sure you want to log out?',
    accountMenuFor: (name: string | number) => `Account menu for ${name}`,
    profile: 'Profile',
    settings: 'Settings',
    logOut: 'Log out',
    tvGuide: 'TV guide',
    privacy: 'Privacy',
    terms: 'Terms',
    channels: 'Channels',
    toSeeYourChannels: 'to see your channels.',
    loadingChannels: 'Loading channels',
    noChannelsYet: 'No channels yet.',
    allChannels: 'All channels',
    toggleNavigation: 'Toggle navigation',
    areas: 'Areas',
    collections: 'Collections',
    poweredBy: 'Powered by',
    viewer: 'Viewer',
    guide: 'Guide',
    watch: 'Watch',
    dashboard: 'Dashboard',
    reloadToGetTheLatest: 'Reload to get the latest features and fixes.',
    reload: 'Reload',
    account: 'Account',
    home: (name: string | number) => `${name} home`,
    private: 'Private',
    pageNotFound: 'Page Not Found',
    internalServerError: 'Internal Server Error',
    details: 'Details',
    newVersion: 'A new version of Airgrid is available',
    youReNotLoggedIn: "You're not logged in.",
    loggedInAs: (email: string | number, id: string | number) => `Logged in as ${email} (${id})`,
    somethingWentWrong: 'Something went wrong while processing your request.',
    pageNotFoundAt: (pathname: string | number, search: string | number) =>
      `Page not found: ${pathname}${search}`,
    schedule: 'Schedule',
    shows: 'Shows',
    timeslots: 'Timeslots',
    viewers: 'Viewers',
    multiview: 'Multiview',
    embeds: 'Embeds',
    sponsors: 'Sponsors',
    ads: 'Ads',
    campaigns: 'Campaigns',
    content: 'Content',
    captions: 'Captions',
    podcasts: 'Podcasts',
    station: 'Station',
    analytics: 'Analytics',
    members: 'Members',
    equipment: 'Equipment',
    organization: 'Organization',
    archive: 'Archive',
    integrations: 'Integrations',
    apiDocs: 'API docs',
  },
  stations: {
    theStationCouldNotBe: 'The station could not be loaded',
    thereIsNoStationHere: (stationKey: string | number) =>
      `There is no station “${stationKey}” here. The link may be mistyped, or the station has closed.`,
    stationNotFound: 'Station not found',
    chooseAStation: 'Choose a station',
    searchStations: 'Search stations',
    stationName: 'Station name',
    loadingStations: 'Loading stations',
    theStationsCouldNotBe: 'The stations could not be loaded',
    stations: 'Stations',
    stationStaffCan: 'Station staff can',
    signIn: 'sign in',
    toSeeTheirOwnStation: 'to see their own station.',

    pickAStationFromThose: 'Pick a station from those on this server.',
    /** What a viewer picks a station for, per page, in the line below. */
    what: { tvguide: 'guide', watch: 'channels', multiview: 'channels' },
    thisServerCarriesSeveralStations: (what: string) =>
      `This server carries several stations. Pick the one whose ${what} you want to see.`,
    noStationMatches: (debounced: string | number) => `No station matches “${debounced}”.`,
    noStationHasPublicChannels: 'No station has public channels yet.',
    nextPage: 'Next page',
    previousPage: 'Previous page',
  },
  routes: {
    signIn: 'Sign in',
    createAnAccount: 'Create an account',
    joinTheWaitlist: 'Join the waitlist',
    resetYourPassword: 'Reset your password',
    chooseANewPassword: 'Choose a new password',
    verifyYourEmail: 'Verify your email',
    confirmYourNewEmail: 'Confirm your new email',
    getStarted: 'Get started',
    dashboard: 'Dashboard',
    channels: 'Channels',
    channel: 'Channel',
    shows: 'Shows',
    show: 'Show',
    timeslots: 'Timeslots',
    tvGuide: 'TV guide',
    watch: 'Watch',
    multiview: 'Multiview',
    embeds: 'Embeds',
    ads: 'Ads',
    theSpotLibraryMediaDuration:
      'The spot library: media, duration and sponsor of each ad (often called underwriting at PEG stations).',
    campaigns: 'Campaigns',
    campaignsWithFlightDatesChannels:
      'Campaigns with flight dates, channels, dayparts and frequency caps, placed into breaks, with a proof-of-play report and a CSV affidavit.',
    captions: 'Captions',
    captionTracksPerShowUpload:
      'Caption tracks per show: upload SRT or VTT, preview them against the media, edit cues, and see coverage per channel and week.',
    podcasts: 'Podcasts',
    yourPodcastsAndTheirEpisodes:
      'Your podcasts and their episodes, each podcast with a valid RSS feed URL.',
    podcast: 'Podcast',
    aPodcastSEpisodesAudio:
      "A podcast's episodes (audio, duration, season and episode), its RSS feed URL and transcripts from captions.",
    analytics: 'Analytics',
    viewsWatchTimeAndPeak:
      'Views, watch time and peak concurrent viewers per channel and show, embed traffic, rerun and never-aired reports and campaign delivery, with CSV export.',
    members: 'Members',
    member: 'Member',
    organization: 'Organization',
    equipment: 'Equipment',
    theEquipmentInventoryAndReservations:
      'The equipment inventory, and reservations on a calendar with conflict checks, check-out and check-in, and the certifications needed to reserve.',
    integrations: 'Integrations',
    connectCablecastTestTheConnection:
      'Connect Cablecast, test the connection and sync now; find your XMLTV, M3U and iCal feed URLs; manage API keys.',
    submitAShow: 'Submit a show',
    aPublicFormForProducers:
      'A public form for producers to submit a show (title, description, category, file or link) for the station to review.',
    apiDocs: 'API docs',
    theApiReferenceGeneratedFrom:
      "The API reference, generated from the server's OpenAPI document, with examples using curl and the JS SDK.",
    apiEndpoint: 'API endpoint',
    oneEndpointSParametersWith:
      "One endpoint's parameters, with examples using curl and the JS SDK.",
    profile: 'Profile',
    settings: 'Settings',
    archive: 'Archive',
    archiveSettings: 'Archive settings',
    privacyPolicy: 'Privacy policy',
    termsOfUse: 'Terms of use',
    componentPlayground: 'Component playground',
    aGalleryOfTheApp: "A gallery of the app's components, for developers.",
    staticAssets: 'Static assets',
    aCheckThatTheStatic: 'A check that the static assets of this build are served, for developers.',
    timelineChart: 'Timeline chart',
    pageNotFound: 'Page not found',
    redirecting: 'Redirecting',
  },
  help: {
    /** The help modal's FAQ: eight entries (seed §9), answered for Airgrid. */
    faq: [
      {
        question: 'How do I add a channel?',
        answer:
          'Open Channels in the sidebar and choose New channel. Give it a name and number, its time zone, and the stream URL viewers watch. A channel is private until you mark it public; only public channels appear in the public guide, the watch page and the feeds.',
      },
      {
        question: 'Why do times snap to 15 minutes?',
        answer:
          'A guide column is 15 minutes wide, so every timeslot starts and lasts a whole number of 15-minute steps. When you type or drag a duration, Airgrid rounds it to the nearest step, which keeps the guide, the feeds and set-top boxes in agreement.',
      },
      {
        question: 'What happens when two shows overlap?',
        answer:
          'A channel can never be double-booked. Moving or resizing a timeslot with push-on-overlap shifts its neighbours along; with no-overlap the change is undone. A timeslot you lock never moves. Creating one that overlaps is refused with the show and time it collides with.',
      },
      {
        question: 'Do recurring shows survive daylight saving changes?',
        answer:
          "Yes. A recurrence is kept in the channel's own time zone, so a show at 7:00 PM stays at 7:00 PM local time on both sides of a clock change. You can still move, cancel or replace a single airing, or change this and all following ones.",
      },
      {
        question: 'How do viewers get our schedule into their TV app or calendar?',
        answer:
          'Every organization publishes XMLTV and an M3U playlist for media servers and IPTV apps, and an iCalendar feed per channel for calendars. Find the addresses under Integrations or on a channel page; they update as soon as the schedule changes.',
      },
      {
        question: "Can we put the guide on our station's website?",
        answer:
          'Yes. Under Embeds, create a guide, player, now/next or upcoming-list widget, pick its channels, theme and accent colour, and copy the snippet into your site. Only the websites you list may show it.',
      },
      {
        question: 'How do I invite my team, and what can each role do?',
        answer:
          'Admins and owners invite people by email from Members. Viewers can look at everything; producers manage their own shows; editors manage channels, shows and the schedule; admins also manage members, invites and the organization.',
      },
      {
        question: 'Can our own scripts use the Airgrid API?',
        answer:
          "Yes. Airgrid's API speaks the PocketBase protocol, so the official PocketBase JavaScript SDK works against it unchanged. API docs lists every endpoint with curl and SDK examples.",
      },
    ],
    help: 'Help',
    frequentlyAskedQuestions: 'Frequently asked questions',
  },
  feedback: {
    sendFeedback: 'Send feedback',
    feedback: 'Feedback',
    feedbackSurvey: 'Feedback survey',
    thankYou: 'Thank you',
    yourFeedbackReachedTheAirgrid: 'Your feedback reached the Airgrid team.',
    whatWorksWhatDoesnT: "What works, what doesn't, what you miss? We read every message.",
    message: 'Message',
    yourEmailOptionalIfYou: "Your email (optional, if you'd like an answer)",
  },
  legal: {
    seeAlsoThe: 'See also the',
    privacyPolicy: 'Privacy policy',
    airgridStoresWhatAStation:
      'Airgrid stores what a station needs to plan and publish its schedule, and nothing for advertisers. This page says what that is.',
    termsOfUse: 'terms of use',
    whoIsResponsible: 'Who is responsible',
    eachAirgridSiteIsRun:
      'Each Airgrid site is run by a station or creator (an organization). That organization decides what is collected on its site and is responsible for it. Questions, corrections and deletion requests go to the organization whose guide, watch page or form you used.',
    whatWeStore: 'What we store',
    yourAccount: 'Your account',
    emailAddressNameAndA:
      ': email address, name, and a password kept only as a one-way hash. Optionally a username, phone number, bio and photo, and your settings (theme, language, clock, notification choices).',
    organizationData: 'Organization data',
    theOrganizationSChannelsShows:
      ": the organization's channels, shows, schedule, media, captions, podcasts, ads and campaigns, equipment reservations and member roles, entered by its members.",
    formsYouSend: 'Forms you send',
    waitlistEntriesEmailNameStation:
      ': waitlist entries (email, name, station, note), show submissions (your name, email and what you submit) and feedback.',
    viewingFigures: 'Viewing figures',
    whichChannelShowOrWidget:
      ": which channel, show or widget was watched and for how long, under an anonymous session id. These analytics are first-party: they are stored in the organization's own database, and no third-party analytics or advertising script runs on Airgrid pages.",
    cookiesAndLocalStorage: 'Cookies and local storage',
    whenYouSignInYour:
      'When you sign in, your browser keeps a sign-in token and a copy of your user record in local storage so you stay signed in; signing out removes them. Your colour theme is kept there too. Airgrid sets no tracking or advertising cookies.',
    howTheDataIsUsed: 'How the data is used',
    toRunTheServiceTo:
      'To run the service: to sign you in, to show the schedule and the guide, to publish the feeds and widgets the organization turns on, to send the emails you ask for (such as password resets and invitations), and to give the organization reports on how its programmes are watched. Public channels and their schedules are public by design; your account details are not.',
    sharing: 'Sharing',
    dataIsNotSoldIt:
      'Data is not sold. It is shared only with the services the organization connects to its site, such as its mail server, its file storage or a Cablecast system, and only as far as those connections need.',
    keepingAndDeleting: 'Keeping and deleting',
    dataIsKeptWhileThe:
      'Data is kept while the account or organization exists. Archived records are kept for the period the organization sets and can be restored until then. To have your account or submissions deleted, or to get a copy of them, contact the organization that runs the site.',
    changes: 'Changes',
    ifThisPolicyChangesThe:
      'If this policy changes, the new version is published on this page before it takes effect.',
    termsOfUse2: 'Terms of use',
    theseTermsApplyToEveryone:
      'These terms apply to everyone who uses this Airgrid site: viewers, producers, station staff and developers using the API.',
    privacyPolicy2: 'privacy policy',
    theService: 'The service',
    airgridIsAProgrammeGuide:
      'Airgrid is a programme guide and scheduling system. The station or creator that runs this site (the organization) uses it to schedule and publish its channels; the organization sets its own policies within these terms and is your contact for anything about its channels.',
    accounts: 'Accounts',
    giveAccurateDetailsKeepYour:
      'Give accurate details, keep your password to yourself, and tell the organization if you think someone else has used your account. You are responsible for what is done with it. An organization decides who its members are and what role each has.',
    acceptableUse: 'Acceptable use',
    noContentOrActivityThat: 'No content or activity that is illegal where you or the station are.',
    noContentYouDoNot:
      'No content you do not have the rights to, and nothing that harasses or threatens anyone.',
    noAttemptsToReachAnother:
      "No attempts to reach another organization's data, to get around access rules, or to disrupt the service, including automated traffic beyond what the API documents.",
    noMalwareAndNoUse:
      'No malware, and no use of the feeds or widgets to mislead viewers about their source.',
    contentAndProducers: 'Content and producers',
    producersKeepTheRightsTo:
      'Producers keep the rights to what they make. By submitting a show you confirm you may share it and you grant the organization the licence you accepted with the submission, so it can schedule, stream, caption and list it in its guide and feeds. Each producer is responsible for their content; the organization reviews submissions under its content policy and may decline, schedule, move or remove a show.',
    availability: 'Availability',
    theOrganizationAimsToKeep:
      'The organization aims to keep the guide, watch page and feeds available, but the service is provided as it is: schedules change, maintenance happens, and live streams depend on sources outside Airgrid. There is no promise that any programme will air or stay available.',
    liability: 'Liability',
    asFarAsTheLaw:
      'As far as the law allows, neither the organization nor the makers of Airgrid are liable for indirect or consequential loss arising from the use of this site or from a schedule being wrong, late or unavailable. Nothing here limits rights you have by law.',
    ending: 'Ending',
    youCanStopUsingThe:
      'You can stop using the site at any time and ask the organization to delete your account. The organization may suspend accounts that break these terms.',
    changesToTheseTermsAre:
      'Changes to these terms are published on this page before they take effect. Using the site after that means you accept them.',
  },
  notifications: {
    notifications: 'Notifications',
    unread: (count: string | number) => `${count} unread`,
    justNow: 'just now',
    yourNotificationsCouldNotBe: 'Your notifications could not be loaded.',
    reloadThePageToTry: 'Reload the page to try again.',
    newNotification: 'New notification',
    theNotificationCouldNotBe: 'The notification could not be dismissed.',
    checkYourConnectionAndTry: 'Check your connection and try again.',
    noNotifications: 'No notifications',
    youReAllCaughtUp: "You're all caught up!",
    dismiss: 'Dismiss',
  },
  archive: {
    channels: 'Channels',
    shows: 'Shows',
    embeds: 'Embeds',
    deleteNameForGood: (name: string | number) => `Delete ${name} for good?`,
    theChannelAndItsWhole: 'The channel and its whole schedule are deleted. This cannot be undone.',
    theShowItsMediaAnd:
      'The show, its media and every airing of it are deleted. This cannot be undone.',
    sitesThatEmbedThisWidget:
      'Sites that embed this widget show nothing any more. This cannot be undone.',
    deleteForGood: 'Delete for good',
    nameDeletedForGood: (name: string | number) => `${name} deleted for good`,
    theWhatWasNotDeleted: (what: string | number) => `The ${what} was not deleted`,
    loadingTheArchive: 'Loading the archive',
    noArchivedPlural: (plural: string | number) => `No archived ${plural}.`,
    nothingArchivedMatchesTheSearch: 'Nothing archived matches the search.',
    archivedPlural: (plural: string | number) => `Archived ${plural}`,
    name: 'Name',
    archived: 'Archived',
    deletedForGood: 'Deleted for good',
    actions: 'Actions',
    onPurge: (purge: string | number) => `on ${purge}`,
    restoreName: (name: string | number) => `Restore ${name}`,
    nameRestored: (name: string | number) => `${name} restored`,
    theOneWasNotRestored: (one: string | number) => `The ${one} was not restored`,
    deleteNameForGood2: (name: string | number) => `Delete ${name} for good`,
    archive: 'Archive',
    whatYourStationRetiredReady: 'What your station retired, ready to restore.',
    archivedRecordsAreDeletedFor: (days: string | number) =>
      `Archived records are deleted for good ${days} days after they were archived. `,
    archiveSettings: 'Archive settings',
    kindOfRecord: 'Kind of record',
    searchTheArchive: 'Search the archive',
    searchByName: 'Search by name',
    channelsShowsAndEmbedsYou: 'Channels, shows and embeds you archive wait in the',
    archive2: 'archive',
    untilTheyAreDeletedFor: 'until they are deleted for good.',
    loadingTheArchiveSettings: 'Loading the archive settings',
    archiveSettingsSaved: 'Archive settings saved',
    retention: 'Retention',
    keepArchivedRecordsForDays: 'Keep archived records for (days)',
    betweenMinAndMaxDays: (min: string | number, max: string | number) =>
      `Between ${min} and ${max} days. A shorter period applies at the next daily clean-up.`,
    ownersAndAdminsChangeHow: 'Owners and admins change how long archived records are kept.',
  },
  debug: {
    blockingLabelIsLockedSoThe: (blockingLabel: string | number) =>
      `${blockingLabel} is locked, so the change was reverted.`,
    thatChangeWouldOverlapBlockingLabel: (blockingLabel: string | number) =>
      `That change would overlap ${blockingLabel}, so it was reverted.`,
    timelineChart: 'Timeline chart',
    theTimelineChartOnSample:
      'The timeline chart on sample data, for developers. Drag a bar to move it, drag its edges to resize it, or focus it and use the arrow keys (Shift resizes). Times are UTC.',
    colourScheme: 'Colour scheme',
    precision: 'Precision',
    sample: 'Sample',
    whenBarsOverlap: 'When bars overlap',
    push: 'Push',
    noOverlap: 'No overlap',
    showsToDragOntoThe: 'Shows to drag onto the chart',
    dragAShowOntoA: 'Drag a show onto a channel:',
    labelValueMin: (label: string | number, value: string | number) => `${label} (${value} min)`,
    sampleSchedule: 'Sample schedule',
    clickedId: (id: string | number) => `Clicked ${id}.`,
    lastChange: 'Last change',
    nothingChangedYet: 'Nothing changed yet.',
    changeRefused: 'Change refused',
    aDay4Channels: 'A day, 4 channels',
    aWeek50Channels: 'A week, 50 channels',
  },
  landing: {
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
  },
  onboarding: {
    theAccentColourMustBe: 'The accent colour must be a hex colour like #1a6b3c.',
    getStarted: 'Get started',
    organization: 'Organization',
    yourStation: 'Your station',
    firstChannel: 'First channel',
    whatYouAir: 'What you air',
    createAnOrganization: 'Create an organization',
    iHaveAnInvite: 'I have an invite',
    name: 'Name',
    usedInYourFeedAnd: 'Used in your feed and guide addresses.',
    timeZone: 'Time zone',
    logo: 'Logo',
    svgPngJpgOrGif: 'SVG, PNG, JPG or GIF (max, 800 X 800px)',
    accentColour: 'Accent colour',
    optionalYourPublicGuideWatch:
      'Optional. Your public guide, watch page and widgets use it for buttons and links.',
    accentColourPlaceholder: '#1a6b3c',
    pickTheColourFromThe: 'Pick the colour from the screen',
    createOrganization: 'Create organization',
    pasteTheCodeFromYour: 'Paste the code from your invitation email.',
    inviteCode: 'Invite code',
    joinTheOrganization: 'Join the organization',
    channelNumber: 'Channel number',
    skipForNow: 'Skip for now',
    createChannel: 'Create channel',
    slug: 'Slug',
    channelName: 'Channel name',
  },
};
