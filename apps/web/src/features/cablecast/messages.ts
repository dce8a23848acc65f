// The English UI strings of features/cablecast/: its slice of the catalog, merged by i18n/en.ts.

export const cablecastMessages = {
  title: 'Cablecast',
  intro:
    'Connect the Cablecast server your station plays out from, so its channels, shows and schedule can come into Airgrid.',
  loading: 'Loading the Cablecast connection',
  serverAddress: 'Server address',
  serverAddressPlaceholder: 'https://cablecast.example.org',
  serverAddressHelp:
    'The address you open Cablecast at, with or without /CablecastAPI/v1, for example https://cablecast.example.org.',
  /** The seed's `cablecast` rule failed ("is incorrectly formatted", seed §5). */
  addressIncorrectlyFormatted:
    'Server address is incorrectly formatted: enter it without spaces, user name or password, for example https://cablecast.example.org.',
  userName: 'User name (optional)',
  password: 'Password (optional)',
  credentialsHelp:
    'A public Cablecast server is read without signing in: leave both empty. They are stored encrypted and never shown again.',
  credentialsForNewAddress:
    'The saved user name and password are used only with the address they were saved for: enter them for this new address, or leave both empty to read it without signing in.',
  credentialsStored: 'A user name and password are stored (encrypted).',
  replaceCredentials: 'Replace or remove them',
  save: 'Save',
  saved: 'Cablecast connection saved.',
  testConnection: 'Test connection',
  testing: 'Asking the server…',
  connected: 'Connected',
  couldNotConnect: 'Could not connect',
  found: (channels: number, shows: number, signedIn: boolean) =>
    `${channels === 1 ? '1 channel' : `${channels} channels`} and ${
      shows === 1 ? '1 show' : `${shows.toLocaleString('en-US')} shows`
    } found, ${signedIn ? 'signed in' : 'read without signing in'}.`,
  channelsOnTheServer: 'Channels on the Cablecast server',
  checkedAt: (when: string) => `Checked ${when}`,
  disconnect: 'Disconnect',
  disconnectTitle: 'Disconnect Cablecast?',
  disconnectExplained:
    'The address and the stored user name and password are forgotten. Nothing in Airgrid is deleted.',
  disconnected: 'Cablecast disconnected.',
  notDisconnected: 'Cablecast was not disconnected',
};

export const cablecastSyncMessages = {
  title: 'Channels and sync',
  intro:
    'Choose which Cablecast channels come into Airgrid and how often. A sync brings their shows and the runs from a week back to a month ahead. Imported timeslots are locked: change them in Cablecast.',
  testFirst:
    'Test the connection above: the channels to import are the ones the test finds on your Cablecast server.',
  channels: 'Cablecast channels',
  importsInto: 'Its shows and runs go to',
  newChannel: (name: string) => `Create a new channel “${name}”`,
  archivedChannel: (name: string) => `${name} (archived)`,
  dontImport: 'Don’t import',
  sameChannelTwice: (other: string) =>
    `“${other}” already goes to this channel: their runs would overlap.`,
  syncByItself: 'Sync by itself',
  intervalLabels: {
    0: 'Only when I press Sync now',
    15: 'Every 15 minutes',
    30: 'Every 30 minutes',
    60: 'Every hour',
    180: 'Every 3 hours',
    360: 'Every 6 hours',
    1440: 'Once a day',
  } as Record<number, string>,
  everyMinutes: (minutes: number) => `Every ${minutes} minutes`,
  nextSync: (when: string) => `Next sync around ${when}.`,
  save: 'Save',
  saved: 'Channels and sync saved.',
  loadingChannels: 'Loading your Airgrid channels',
  syncNow: 'Sync now',
  syncQueued: 'Sync started: the history below shows how it goes.',
  notSynced: 'The sync did not start',
  nothingMapped: 'Choose an Airgrid channel for at least one Cablecast channel, and save, to sync.',
  failingTitle: 'Syncs are failing',
  failingSince: (when: string) =>
    `Syncs have been failing since ${when}; the last good import is kept.`,
  history: 'Recent syncs',
  loadingHistory: 'Loading the recent syncs',
  noSyncs: 'No syncs yet.',
  stateLabels: {
    queued: 'Queued',
    running: 'Running',
    done: 'Done',
    failed: 'Failed',
  } as Record<string, string>,
  triggerLabels: {
    manual: 'Sync now',
    schedule: 'Scheduled',
  } as Record<string, string>,
  took: (length: string) => `took ${length}`,
  tookUnderASecond: 'took less than a second',
  counts: (c: {
    showsCreated: number;
    showsUpdated: number;
    timeslotsCreated: number;
    timeslotsUpdated: number;
    timeslotsRemoved: number;
    skipped: number;
  }) => {
    const n = (value: number) => value.toLocaleString('en-US');
    const shows = c.showsCreated === 1 ? '1 show' : `${n(c.showsCreated)} shows`;
    const slots = c.timeslotsCreated === 1 ? '1 timeslot' : `${n(c.timeslotsCreated)} timeslots`;
    return `${shows} created, ${n(c.showsUpdated)} updated; ${slots} created, ${n(
      c.timeslotsUpdated,
    )} updated, ${n(c.timeslotsRemoved)} removed; ${n(c.skipped)} skipped`;
  },
  nothingWritten: 'Nothing was written: the last good import is kept.',
  showSkipped: (count: number) => `Show what was skipped (${count.toLocaleString('en-US')})`,
  hideSkipped: 'Hide what was skipped',
  skippedList: 'Skipped in this sync',
  skippedMore: (count: number) =>
    `…and ${count.toLocaleString('en-US')} more (the list keeps the first ones).`,
  skippedItem: (id: string, reason: string) => `${id}: ${reason}`,
};
