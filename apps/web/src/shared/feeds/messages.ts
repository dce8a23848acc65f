// The English UI strings of shared/feeds/: its slice of the catalog, merged by i18n/en.ts.

export const feedsMessages = {
  title: 'Feeds',
  feedsIntro:
    'Addresses that media servers, TV apps, calendars and podcast apps read. They are public: anyone with an address can open it, and only public channels and podcasts are in them.',
  loadingFeeds: 'Loading feeds',
  guideAndPlaylist: 'Guide and playlist',
  xmltvGuide: 'XMLTV guide',
  xmltvDescription: 'The programmes of every public channel, from yesterday to 14 days ahead.',
  m3uPlaylist: 'M3U playlist',
  m3uDescription:
    'One entry per public channel with a stream URL, matched to the XMLTV guide by its tvg-id.',
  playlistEmpty:
    'No public channel has a stream URL yet, so the playlist is empty. Add one with Edit channel on the channel’s page.',
  playlistLeavesOut: (names: string) => `Left out for having no stream URL: ${names}.`,
  archivedNoFeeds: 'This organization is archived, so it publishes no feeds.',
  noChannelsYet:
    'No channel yet. Create one under Channels and make it public: its guide, playlist and calendar addresses then appear here.',
  noPublicChannel:
    'None of your channels is public, so there is no guide or playlist to publish. Make a channel public with Edit channel on its page; the addresses then appear here.',
  goToChannels: 'Go to Channels',
  calendars: 'Calendars',
  calendarsDescription:
    'One iCalendar per public channel: its timeslots from yesterday to 14 days ahead, as events.',
  calendarOf: (name: string) => `${name} calendar`,
  privateChannel:
    'Private, so it is in none of the public feeds. Make it public with Edit channel on its page.',
  podcasts: 'Podcasts',
  podcastsDescription: 'One RSS feed per public podcast, with its published episodes.',
  noPodcasts: 'No podcast yet. Podcasts are made under Podcasts.',
  goToPodcasts: 'Go to Podcasts',
  feedOf: (title: string) => `${title} feed`,
  privatePodcast: 'Private, so it has no feed. Make it public with Edit podcast on its page.',
  privateBadge: 'Private',
  openChannelPage: (name: string) => `Open ${name}’s page`,
  openPodcastPage: (title: string) => `Open ${title}’s page`,
  urlOf: (label: string) => `${label} URL`,
  copy: 'Copy',
  copied: 'Copied',
  copyUrlOf: (label: string) => `Copy the ${label} URL`,
  copiedUrlOf: (label: string) => `Copied the ${label} URL`,
  open: 'Open',
  openUrlOf: (label: string) => `Open the ${label} URL`,
  // How to use the addresses, app by app.
  howToUse: 'How to use these addresses',
  plex: 'Plex',
  plexSteps: [
    'Plex’s Live TV & DVR takes channels from a tuner, not from an M3U address. Threadfin or xTeVe read the M3U playlist and show it to Plex as an HDHomeRun tuner.',
    'In Threadfin or xTeVe, add the M3U address as a playlist and the XMLTV address as an XMLTV source, and map the channels.',
    'In Plex, open Settings → Live TV & DVR and set up a tuner: Plex finds Threadfin or xTeVe on your network, or takes its address.',
    'When Plex asks for guide data, choose to use an XMLTV guide instead and give it the XMLTV address.',
  ],
  jellyfin: 'Jellyfin',
  jellyfinSteps: [
    'Open Dashboard → Live TV. Under Tuner devices, add an M3U Tuner and paste the M3U address as its file or URL.',
    'Under TV guide data providers, add XMLTV and paste the XMLTV address as its file or URL.',
    'Jellyfin matches programmes to channels by the tvg-id both feeds carry. If the guide stays empty, run the Refresh Guide task under Scheduled Tasks.',
  ],
  kodi: 'Kodi',
  kodiSteps: [
    'Install PVR IPTV Simple Client: Add-ons → Install from repository → PVR clients.',
    'In its settings, under General, set Location to Remote path (Internet address) and paste the M3U address as the M3U playlist URL.',
    'Under EPG, set Location to Remote path (Internet address) and paste the XMLTV address as the XMLTV URL.',
    'Restart Kodi (or disable and enable the add-on); the channels appear under TV.',
  ],
  calendarApps: 'Calendar apps',
  calendarAppsSteps: [
    'Google Calendar, on a computer: next to Other calendars choose + → From URL, paste a channel’s calendar address and choose Add calendar.',
    'Apple Calendar on a Mac: File → New Calendar Subscription, paste the address and choose Subscribe.',
    'Outlook: Add calendar → Subscribe from web, paste the address, name the calendar and choose Import.',
    'Calendar apps fetch subscriptions on their own schedule, sometimes hours apart, so a change to the schedule can take a while to show.',
  ],
  podcastApps: 'Podcast apps',
  podcastAppsSteps: [
    'Apple Podcasts on an iPhone or iPad: Library → More (…) → Follow a Show by URL. On a Mac: File → Follow a Show by URL.',
    'Most other apps (AntennaPod, Overcast, Pocket Casts) take a feed address in their add-by-URL or search box.',
    'To list a podcast in the Apple Podcasts directory, submit its feed address in Apple Podcasts Connect.',
  ],
};
