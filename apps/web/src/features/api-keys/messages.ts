// The English UI strings of features/api-keys/: its slice of the catalog, merged by i18n/en.ts.

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
