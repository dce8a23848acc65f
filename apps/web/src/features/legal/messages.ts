// The English UI strings of features/legal/: its slice of the catalog, merged by i18n/en.ts.

export const legalMessages = {
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
    ": which channel, programme and widget was watched, when and for how long, under an anonymous id for your browser tab, as described below. These analytics are first-party: they are stored in the organization's own database, and no third-party analytics or advertising script runs on Airgrid pages.",
  howViewingIsMeasured: 'How viewing is measured',
  whatAPlayerSends: (beatSec: number) =>
    `When you play a channel on a watch page, in multiview or in a station's player widget on another website, your browser sends this site three kinds of message: that playback started, that it is still playing (every ${beatSec} seconds of playing while the page is visible), and that it stopped. Each message holds only: which of the three it is, the channel, a random id made for your browser tab, and, for a widget, the widget and the website it is on (its address without any path). The programme guide sends nothing.`,
  whatTheServerKeeps:
    "The server adds the time it received the message and the programme or spot on air then. The random id is kept in the tab's session storage, never in a cookie, and is gone when the tab closes; it is not linked to your account. Your IP address is used only in the server's memory to refuse floods of messages and is never stored or written to any log with them; your browser's details (its user agent) and the page you came from are never kept.",
  doNotTrackHonoured:
    'If your browser sends Do Not Track or Global Privacy Control, nothing is measured and no message is sent.',
  viewingKeptFor: (rawDays: number, fiveMinuteDays: number) =>
    `The messages themselves are kept ${rawDays} days. From them the server keeps totals per five minutes for ${fiveMinuteDays} days and per hour for as long as the organization exists: views, seconds watched, distinct viewers and the most viewers at once, per channel, programme, spot, widget and website, with no session id. The organization's members see these totals and how many people watch each channel now.`,
  requestLogs: 'Request logs',
  forEachRequestToTheServer:
    ": for each request to the server, when it came, the address asked for (with any token or key in it removed), the answer's status, how long it took, and whether it came from an account, an API key or a guest. They are for finding faults, only the site's operator can read them, and they are deleted after a week unless the operator sets another period. Your IP address and which account asked are kept with them only if the operator turns that on; your browser's details (its user agent) and the page you came from are never kept.",
  cookiesAndLocalStorage: 'Cookies and local storage',
  whenYouSignInYour:
    'When you sign in, your browser keeps a sign-in token and a copy of your user record in local storage so you stay signed in; signing out removes them. Your colour theme is kept there too. While you play a channel, the tab’s anonymous viewing id is kept in its session storage (see above). Airgrid sets no tracking or advertising cookies.',
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
  termsOfUseTitle: 'Terms of use',
  theseTermsApplyToEveryone:
    'These terms apply to everyone who uses this Airgrid site: viewers, producers, station staff and developers using the API.',
  privacyPolicyLink: 'privacy policy',
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
};
