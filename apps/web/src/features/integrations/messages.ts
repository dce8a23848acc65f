// The English UI strings of features/integrations/: its slice of the catalog, merged by i18n/en.ts.

export const integrationsMessages = {
  title: 'Integrations',
  intro:
    'Connect other systems to your schedule: your Cablecast server, apps that read your feeds, scripts with API keys, and webhooks.',
  youDoNotBelongTo: 'You do not belong to a station yet.',
  forAdmins:
    'The station’s owners and admins connect Cablecast, make API keys for scripts and add webhooks.',
};

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

export const apiKeysMessages = {
  title: 'API keys',
  intro:
    'Scripts and other systems use an API key instead of signing in, with the official PocketBase SDK or any HTTP client. A key works in this station only, with its role: it never manages members, keys or the station.',
  name: 'Name',
  namePlaceholder: 'Playout sync',
  role: 'Role',
  expires: 'Expires',
  key: 'Key',
  createdColumn: 'Created',
  lastUsed: 'Last used',
  actions: 'Actions',
  never: 'Never',
  expired: 'Expired',
  roleLabels: { viewer: 'Read-only', editor: 'Editor' } as Record<'viewer' | 'editor', string>,
  roleSummaries: {
    viewer: 'Read-only: reads channels, shows and the schedule as a viewer does; changes nothing.',
    editor: 'Editor: creates and changes channels, shows and the schedule, as an editor does.',
  } as Record<'viewer' | 'editor', string>,
  expiryLabels: {
    never: 'Never',
    '30': 'In 30 days',
    '90': 'In 90 days',
    '365': 'In a year',
  } as Record<'never' | '30' | '90' | '365', string>,
  create: 'Create key',
  created: (name: string) => `API key “${name}” created.`,
  loading: 'Loading API keys',
  none: 'No API keys yet.',
  newKeyTitle: (name: string) => `Your new key: ${name}`,
  copyItNow:
    'Copy the key now and keep it somewhere safe, such as your script’s secret settings. It will not be shown again.',
  theKey: 'API key',
  useItWithTheSdk: 'Use it with the SDK (npm install pocketbase)',
  orFromTheCommandLine: 'Or from the command line',
  iCopiedIt: 'I copied it',
  revoke: 'Revoke',
  revokeLabel: (name: string) => `Revoke the API key ${name}`,
  revokeTitle: (name: string) => `Revoke the API key “${name}”?`,
  revokeExplained:
    'Scripts using it stop working at once. This cannot be undone: make a new key if you need one again.',
  revoked: (name: string) => `API key “${name}” revoked.`,
  notRevoked: 'The API key was not revoked',
};

export const webhooksMessages = {
  title: 'Webhooks',
  intro:
    'Airgrid tells your own systems (a website, playout, a chat bot) when the schedule changes, by sending each event to an HTTPS address you choose. Every delivery is signed, so the receiver can check it came from this station.',
  url: 'Receiver URL',
  urlPlaceholder: 'https://example.org/airgrid-webhook',
  urlHelp: 'An https:// address on the public internet. Airgrid sends each event to it as a POST.',
  urlRequired: 'Enter the receiver’s address.',
  description: 'Description (optional)',
  descriptionPlaceholder: 'Website schedule',
  events: 'Events',
  eventsRequired: 'Choose at least one event.',
  eventLabels: {
    'timeslot.created': 'Timeslot created',
    'timeslot.updated': 'Timeslot changed',
    'timeslot.deleted': 'Timeslot deleted',
    'show.changed': 'Show added, changed or deleted',
    'submission.received': 'Submission received',
    'sync.finished': 'Cablecast sync finished',
    ping: 'Test event',
  } as Record<string, string>,
  add: 'Add webhook',
  addTitle: 'Add a webhook',
  added: 'Webhook added.',
  loading: 'Loading webhooks',
  none: 'No webhooks yet.',
  listLabel: 'Webhooks of this station',
  enabled: 'Enabled',
  disabled: 'Disabled',
  enabledLabel: (url: string) => `Send events to ${url}`,
  turnedOn: 'Webhook turned on.',
  turnedOff: 'Webhook turned off.',
  notToggled: 'The webhook was not changed',
  disabledBecause: (reason: string) => `Turned off by Airgrid: ${reason}`,
  failingSince: (when: string) => `Failing since ${when}`,
  secretTitle: 'Signing secret',
  newSecretTitle: 'Webhook added: copy its signing secret',
  copyItNow:
    'Put this secret in your receiver’s settings: it checks every delivery with it. You can show it again later with Show secret.',
  theSecret: 'Signing secret',
  verifyTitle: 'Verify the signature',
  verifyHeader: 'Each delivery carries the header',
  signatureHeader: 'Airgrid-Signature: t=…,v1=…',
  verifyLines: [
    't is the Unix time in seconds; v1 is a hex HMAC-SHA256.',
    'Compute HMAC-SHA256 with this secret over t + "." + the raw body (before parsing JSON).',
    'Compare it with v1 in constant time, and refuse a t more than 5 minutes old.',
    'Skip an Airgrid-Delivery id you have already handled: retries repeat it.',
  ],
  done: 'Done',
  showSecret: 'Show secret',
  showSecretLabel: (url: string) => `Show the signing secret of ${url}`,
  secretNotShown: 'The secret could not be shown',
  sendTest: 'Send test event',
  sendTestLabel: (url: string) => `Send a test event to ${url}`,
  sending: 'Sending…',
  testDelivered: (status: number, ms: number) => `Delivered: HTTP ${status} in ${ms} ms`,
  testFailed: 'The test event failed',
  testFailedWith: (status: number, ms: number) => `HTTP ${status} in ${ms} ms`,
  deliveries: 'Recent deliveries',
  deliveriesLabel: (url: string) => `Recent deliveries to ${url}`,
  deliveriesTitle: (url: string) => `Recent deliveries to ${url}`,
  deliveriesIntro: 'The last 20 events sent to this webhook, newest first.',
  loadingDeliveries: 'Loading deliveries',
  noDeliveries: 'Nothing sent yet. Send a test event, or change the schedule.',
  event: 'Event',
  status: 'Status',
  httpStatus: 'HTTP status',
  responseTime: 'Response time',
  when: 'When',
  attempts: 'Attempts',
  statusLabels: {
    pending: 'Pending',
    delivered: 'Delivered',
    failed: 'Failed',
  } as Record<'pending' | 'delivered' | 'failed', string>,
  nextAttempt: (when: string) => `Next attempt ${when}`,
  noAnswer: 'No answer',
  milliseconds: (ms: number) => `${ms.toLocaleString('en-US')} ms`,
  refresh: 'Refresh',
  edit: 'Edit',
  editLabel: (url: string) => `Edit the webhook ${url}`,
  editTitle: 'Edit webhook',
  sendsEvents: 'Send events to this address',
  saved: 'Webhook saved.',
  delete: 'Delete',
  deleteLabel: (url: string) => `Delete the webhook ${url}`,
  deleteTitle: 'Delete this webhook?',
  deleteExplained: (url: string) =>
    `Airgrid stops sending events to ${url}, and its delivery log is deleted. This cannot be undone.`,
  deleted: 'Webhook deleted.',
  notDeleted: 'The webhook was not deleted',
  actions: (url: string) => `Actions for ${url}`,
};
