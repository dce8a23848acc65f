import { describe, expect, it } from 'vitest';
import { decodeDraft, encodeDraft } from '../../embed/widget-config';
import {
  canManageEmbeds,
  checkEmbedForm,
  draftOf,
  type EmbedRecord,
  embedFormValues,
  embedPayload,
  embedSnippet,
  newEmbedValues,
  originLines,
} from './embed-model';

const ID = 'abcdefghij12345';

function buildEmbed(overrides: Partial<EmbedRecord> = {}): EmbedRecord {
  return {
    id: ID,
    created: '',
    updated: '',
    organization: 'orgorgorgorg123',
    name: 'Homepage guide',
    kind: 'guide',
    channels: ['channel00000001'],
    theme: 'dark',
    accent: '#3355ff',
    width: 0,
    height: 420,
    options: { hours: 6 },
    allowedOrigins: ['https://www.example.org', 'https://*.example.net'],
    archived: false,
    archivedAt: '',
    ...overrides,
  };
}

describe('who manages embeds', () => {
  it('is editors and above', () => {
    expect(['owner', 'admin', 'editor'].every(canManageEmbeds)).toBe(true);
    expect(['producer', 'viewer', undefined].some(canManageEmbeds)).toBe(false);
  });
});

describe('allowed origins, one per line', () => {
  it('are trimmed, with blank lines left out', () => {
    expect(originLines(' https://a.org \r\n\n  \nhttp://localhost:8080\n')).toEqual([
      'https://a.org',
      'http://localhost:8080',
    ]);
    expect(originLines('')).toEqual([]);
  });

  it('are checked before sending, quoting the first wrong one', () => {
    const values = {
      ...newEmbedValues(),
      name: 'Guide',
      origins: 'https://a.org/\nhttps://a.org/guide',
    };
    expect(checkEmbedForm(values)).toEqual({
      allowedOrigins:
        '"https://a.org/guide" is not an origin: write it as https://host or https://host:port, with no path.',
    });
  });
});

describe('the form', () => {
  it('round-trips a record through its values', () => {
    const embed = buildEmbed();
    expect(embedPayload(embedFormValues(embed))).toEqual({
      name: 'Homepage guide',
      kind: 'guide',
      channels: ['channel00000001'],
      theme: 'dark',
      accent: '#3355ff',
      width: 0,
      height: 420,
      options: { hours: 6 },
      allowedOrigins: ['https://www.example.org', 'https://*.example.net'],
    });
  });

  it('keeps a player to one channel and each kind to its own option', () => {
    const values = {
      ...newEmbedValues('player'),
      name: 'Live',
      channels: ['one000000000001', 'two000000000002'],
    };
    expect(embedPayload(values)).toMatchObject({ channels: ['one000000000001'], options: {} });
    expect(embedPayload({ ...values, kind: 'upcoming', count: 12 }).options).toEqual({ count: 12 });
  });

  it('says what is missing or wrong', () => {
    expect(
      checkEmbedForm({ ...newEmbedValues('player'), accent: 'blue', width: -1, height: 5000 }),
    ).toEqual({
      name: 'Give the embed a name.',
      accent: 'Pick a colour, or write it as #rrggbb.',
      channels: 'Choose the channel the player plays.',
      width: 'Use 0 (fill) or a number of pixels up to 4000.',
      height: 'Use 0 (fill) or a number of pixels up to 4000.',
    });
    expect(checkEmbedForm({ ...newEmbedValues(), name: 'Fine' })).toEqual({});
  });
});

describe('the live preview', () => {
  it('carries the unsaved values as a draft the widget reads', () => {
    const values = { ...embedFormValues(buildEmbed()), theme: 'light' as const };
    const draft = draftOf(values, 'orgorgorgorg123');
    expect(draft).toMatchObject({ kind: 'guide', theme: 'light', hours: 6, accent: '#3355ff' });
    expect(decodeDraft(encodeDraft(draft))).toEqual(draft);
  });

  it('leaves a half-typed colour out of the draft', () => {
    expect(draftOf({ ...newEmbedValues(), accent: '#33' }, 'o').accent).toBe('');
  });
});

describe('the snippet', () => {
  it('is a lazy, borderless, titled iframe of the widget; 0 fills', () => {
    expect(embedSnippet('https://tv.example.org/', buildEmbed())).toBe(
      `<iframe src="https://tv.example.org/embed/${ID}" width="100%" height="420" title="Homepage guide" loading="lazy" style="border:0"></iframe>`,
    );
    expect(embedSnippet('https://tv.example.org', buildEmbed({ width: 640, height: 0 }))).toContain(
      'width="640" height="100%"',
    );
  });

  it('escapes the title', () => {
    expect(
      embedSnippet('https://tv.example.org', buildEmbed({ name: 'A "quoted" <b> & co' })),
    ).toContain('title="A &quot;quoted&quot; &lt;b&gt; &amp; co"');
  });
});
