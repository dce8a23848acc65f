import type { CablecastConnectionRecord, CablecastSyncRecord } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import {
  choiceOptions,
  countsSentence,
  DONT_IMPORT,
  failingSince,
  foundChannels,
  intervalOptions,
  isActive,
  nextSyncAt,
  rowProblems,
  runSeconds,
  SYNCS_SHOWN,
  settingsBody,
  settingsKey,
  skippedCount,
  skippedOf,
  sortSyncs,
  syncFormOf,
  syncNowBlocked,
  tookText,
} from './cablecast-sync-model';

const found = {
  ok: true as const,
  at: '2026-11-26 10:00:00.000Z',
  signedIn: false,
  channels: [
    { id: 1, name: 'Community 15' },
    { id: 2, name: 'Government 16' },
  ],
  showCount: 5,
};

function connection(overrides: Partial<CablecastConnectionRecord> = {}): CablecastConnectionRecord {
  return {
    id: 'c',
    created: '',
    updated: '',
    organization: 'o',
    baseUrl: 'https://c.example.org',
    hasCredentials: false,
    lastCheck: found,
    channelMap: [],
    syncEveryMinutes: 0,
    nextSyncAt: '',
    failingSince: '',
    ...overrides,
  };
}

function sync(overrides: Partial<CablecastSyncRecord> = {}): CablecastSyncRecord {
  return {
    id: 's',
    created: '2026-11-26 10:00:00.000Z',
    updated: '',
    organization: 'o',
    trigger: 'manual',
    state: 'done',
    requestedBy: 'u',
    started: '',
    finished: '',
    counts: {},
    skipped: [],
    error: '',
    ...overrides,
  };
}

const ours = [
  { id: 'chan1aaaaaaaaaa', name: 'Riverside One' },
  { id: 'chan2aaaaaaaaaa', name: 'government 16 ' },
  { id: 'chan3aaaaaaaaaa', name: 'Old Feed', archived: true },
];

describe('foundChannels', () => {
  it('lists what the last successful test found, and nothing otherwise', () => {
    expect(foundChannels(connection()).map((channel) => channel.name)).toEqual([
      'Community 15',
      'Government 16',
    ]);
    expect(foundChannels(connection({ lastCheck: {} }))).toEqual([]);
    expect(
      foundChannels(
        connection({ lastCheck: { ok: false, at: '', kind: 'network', message: 'down' } }),
      ),
    ).toEqual([]);
    expect(foundChannels(null)).toEqual([]);
  });
});

describe('syncFormOf', () => {
  it('preselects the saved choices', () => {
    const values = syncFormOf(
      connection({
        channelMap: [
          { cablecast: 1, name: 'Community 15', channel: 'chan1aaaaaaaaaa' },
          { cablecast: 2, name: 'Government 16', channel: '' },
        ],
        syncEveryMinutes: 60,
      }),
      ours,
    );
    expect(values).toEqual({
      rows: [
        { cablecast: 1, name: 'Community 15', choice: 'chan1aaaaaaaaaa' },
        { cablecast: 2, name: 'Government 16', choice: DONT_IMPORT },
      ],
      every: '60',
    });
  });

  it('offers a same-named channel for one never mapped, else leaves it out', () => {
    const values = syncFormOf(connection(), ours);
    expect(values.rows.map((row) => row.choice)).toEqual([DONT_IMPORT, 'chan2aaaaaaaaaa']);
    expect(values.every).toBe('0');
  });

  it('does not offer a same-named channel another Cablecast channel already feeds', () => {
    const values = syncFormOf(
      connection({
        channelMap: [{ cablecast: 1, name: 'Community 15', channel: 'chan2aaaaaaaaaa' }],
      }),
      ours,
    );
    expect(values.rows.map((row) => row.choice)).toEqual(['chan2aaaaaaaaaa', DONT_IMPORT]);
  });

  it('reads a saved channel that was deleted, or an unknown interval, as nothing', () => {
    const values = syncFormOf(
      connection({
        channelMap: [{ cablecast: 1, name: 'Community 15', channel: 'gone00000000000' }],
        syncEveryMinutes: 7,
      }),
      ours,
    );
    expect(values.rows[0]?.choice).toBe(DONT_IMPORT);
    expect(values.every).toBe('0');
  });
});

describe('choiceOptions', () => {
  it('offers a new channel, the live channels, and none', () => {
    const options = choiceOptions(
      { cablecast: 1, name: 'Community 15', choice: DONT_IMPORT },
      ours,
    );
    expect(options.map((option) => option.label)).toEqual([
      'Create a new channel “Community 15”',
      'Riverside One',
      'government 16 ',
      'Don’t import',
    ]);
    expect(options[0]?.value).toBe('new');
  });

  it('keeps an archived channel only when it is the choice', () => {
    const options = choiceOptions(
      { cablecast: 1, name: 'Community 15', choice: 'chan3aaaaaaaaaa' },
      ours,
    );
    expect(options.map((option) => option.label)).toContain('Old Feed (archived)');
  });
});

describe('intervalOptions', () => {
  it('names every interval the server accepts', () => {
    expect(intervalOptions()).toEqual([
      { value: '0', label: 'Only when I press Sync now' },
      { value: '15', label: 'Every 15 minutes' },
      { value: '30', label: 'Every 30 minutes' },
      { value: '60', label: 'Every hour' },
      { value: '180', label: 'Every 3 hours' },
      { value: '360', label: 'Every 6 hours' },
      { value: '1440', label: 'Once a day' },
    ]);
  });
});

describe('rowProblems and settingsBody', () => {
  const rows = [
    { cablecast: 1, name: 'Community 15', choice: 'chan1aaaaaaaaaa' },
    { cablecast: 2, name: 'Government 16', choice: 'chan1aaaaaaaaaa' },
    { cablecast: 3, name: 'Education 17', choice: 'new' },
    { cablecast: 4, name: 'Public 18', choice: 'new' },
    { cablecast: 5, name: 'Radio', choice: DONT_IMPORT },
  ];

  it('names a second channel sent to the same Airgrid channel', () => {
    expect(rowProblems(rows)).toEqual({
      1: '“Community 15” already goes to this channel: their runs would overlap.',
    });
  });

  it('sends each choice, none as an empty channel, and the interval as a number', () => {
    expect(settingsBody({ rows, every: '180' })).toEqual({
      channels: [
        { cablecast: 1, channel: 'chan1aaaaaaaaaa' },
        { cablecast: 2, channel: 'chan1aaaaaaaaaa' },
        { cablecast: 3, channel: 'new' },
        { cablecast: 4, channel: 'new' },
        { cablecast: 5, channel: '' },
      ],
      syncEveryMinutes: 180,
    });
  });
});

describe('syncNowBlocked', () => {
  it('says why when the saved map sends nothing anywhere', () => {
    expect(syncNowBlocked(connection())).toMatch(/Choose an Airgrid channel/);
    expect(
      syncNowBlocked(
        connection({ channelMap: [{ cablecast: 1, name: 'Community 15', channel: '' }] }),
      ),
    ).not.toBeNull();
    expect(
      syncNowBlocked(
        connection({ channelMap: [{ cablecast: 1, name: 'Community 15', channel: 'x' }] }),
      ),
    ).toBeNull();
  });
});

describe('settingsKey', () => {
  it('ignores what a sync changes, not what the settings are', () => {
    const before = connection({ syncEveryMinutes: 15 });
    expect(settingsKey({ ...before, failingSince: '2026-11-26 10:00:00Z', updated: 'x' })).toBe(
      settingsKey(before),
    );
    expect(settingsKey({ ...before, syncEveryMinutes: 30 })).not.toBe(settingsKey(before));
  });
});

describe('a run in the history', () => {
  it('says its counts as a sentence', () => {
    expect(
      countsSentence(
        sync({
          counts: {
            showsCreated: 12,
            showsUpdated: 3,
            timeslotsCreated: 240,
            timeslotsUpdated: 0,
            timeslotsRemoved: 2,
            skipped: 5,
          },
        }),
      ),
    ).toBe('12 shows created, 3 updated; 240 timeslots created, 0 updated, 2 removed; 5 skipped');
    expect(
      countsSentence(
        sync({
          counts: {
            showsCreated: 1,
            showsUpdated: 0,
            timeslotsCreated: 1,
            timeslotsUpdated: 1200,
            timeslotsRemoved: 0,
            skipped: 0,
          },
        }),
      ),
    ).toBe('1 show created, 0 updated; 1 timeslot created, 1,200 updated, 0 removed; 0 skipped');
    expect(countsSentence(sync({ state: 'running' }))).toBe('');
  });

  it('knows how long it took once finished', () => {
    expect(
      runSeconds(
        sync({ started: '2026-11-26 10:00:00.000Z', finished: '2026-11-26 10:01:04.500Z' }),
      ),
    ).toBe(64.5);
    expect(runSeconds(sync({ started: '2026-11-26 10:00:00.000Z' }))).toBeNull();
    expect(
      tookText(sync({ started: '2026-11-26 10:00:00.000Z', finished: '2026-11-26 10:01:04.500Z' })),
    ).toBe('took 1 min 5 s');
    expect(
      tookText(sync({ started: '2026-11-26 10:00:00.000Z', finished: '2026-11-26 10:00:00.400Z' })),
    ).toBe('took less than a second');
    expect(tookText(sync({ started: '2026-11-26 10:00:00.000Z' }))).toBe('');
  });

  it('is active while queued or running', () => {
    expect(isActive({ state: 'queued' })).toBe(true);
    expect(isActive({ state: 'running' })).toBe(true);
    expect(isActive({ state: 'done' })).toBe(false);
    expect(isActive({ state: 'failed' })).toBe(false);
  });

  it('lists runs newest first, at most the ones shown', () => {
    const runs = Array.from({ length: SYNCS_SHOWN + 2 }, (_, n) =>
      sync({ id: `s${n}`, created: `2026-11-${String(10 + n).padStart(2, '0')} 10:00:00.000Z` }),
    );
    const sorted = sortSyncs(runs);
    expect(sorted).toHaveLength(SYNCS_SHOWN);
    expect(sorted[0]?.id).toBe(`s${SYNCS_SHOWN + 1}`);
  });
});

describe('failingSince and nextSyncAt', () => {
  it('read the connection’s dates, or null', () => {
    expect(failingSince(connection())).toBeNull();
    expect(failingSince(connection({ failingSince: '2026-11-26 10:00:00.000Z' }))).toBe(
      Date.parse('2026-11-26T10:00:00.000Z'),
    );
    expect(nextSyncAt(connection({ nextSyncAt: '2026-11-26 10:00:00.000Z' }))).toBeNull();
    expect(
      nextSyncAt(connection({ syncEveryMinutes: 15, nextSyncAt: '2026-11-26 10:00:00.000Z' })),
    ).toBe(Date.parse('2026-11-26T10:00:00.000Z'));
  });
});

describe('skippedOf and skippedCount', () => {
  it('read a queued run’s empty report as nothing skipped', () => {
    const queued = sync({ state: 'queued', skipped: null as never, counts: null as never });
    expect(skippedOf(queued)).toEqual([]);
    expect(skippedCount(queued)).toBe(0);
    expect(countsSentence(queued)).toBe('');
  });

  it('count what the list left out', () => {
    const done = sync({
      skipped: [{ externalId: 'run 1', reason: 'CG exempt' }],
      counts: {
        showsCreated: 0,
        showsUpdated: 0,
        timeslotsCreated: 0,
        timeslotsUpdated: 0,
        timeslotsRemoved: 0,
        skipped: 600,
      },
    });
    expect(skippedOf(done)).toHaveLength(1);
    expect(skippedCount(done)).toBe(600);
  });
});
