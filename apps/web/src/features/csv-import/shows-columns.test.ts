import { shows } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import { autoMap, checkRows, normalizeHeader, parseCsv, templateCsv } from './csv-import';
import { DEFAULT_STATUS, SHOW_COLUMNS, showRecord, showsBlockedReason } from './shows-columns';

function check(text: string) {
  const table = parseCsv(text);
  if ('error' in table) throw new Error(table.error);
  const mapping = autoMap(SHOW_COLUMNS, table.header);
  return { mapping, result: checkRows(SHOW_COLUMNS, table, mapping) };
}

describe('the shows import’s columns', () => {
  it('each fill a field of shows', () => {
    const fields = new Set(shows.fields.map((field) => field.name));
    for (const column of SHOW_COLUMNS) expect(fields).toContain(column.field ?? column.key);
  });

  it('have names and aliases no two columns share', () => {
    const owners = new Map<string, string>();
    for (const column of SHOW_COLUMNS) {
      for (const name of new Set(
        [column.label, column.key, ...column.aliases].map(normalizeHeader),
      )) {
        expect(owners.get(name), `"${name}" of ${column.key}`).toBeUndefined();
        owners.set(name, column.key);
      }
    }
  });

  it('require only the title, as the collection does', () => {
    expect(SHOW_COLUMNS.filter((column) => column.required).map((column) => column.key)).toEqual([
      'title',
    ]);
  });

  it('map a typical programme export by its headers', () => {
    const { mapping } = check(
      'Programme Title,Synopsis,Genre,Running time,TV Rating,Lang,Season No,Ep,Keywords,Produced by,Video URL,State\nx',
    );
    expect(mapping).toEqual({
      title: 0,
      subtitle: null,
      description: 1,
      category: 2,
      duration: 3,
      rating: 4,
      language: 5,
      season: 6,
      episode: 7,
      tags: 8,
      producerName: 9,
      mediaUrl: 10,
      status: 11,
    });
  });

  it('map the downloadable template to every column, and accept its example', () => {
    const { mapping, result } = check(templateCsv({ columns: SHOW_COLUMNS }));
    expect(Object.values(mapping)).toEqual(SHOW_COLUMNS.map((_, index) => index));
    expect(result.errors).toEqual([]);
  });

  it('turn a spreadsheet row into record values', () => {
    const { result } = check(
      [
        'Title,Duration,Language,Season,Episode,Tags,Status,Media URL',
        'Riverside Tonight,28,EN-us,2,14,"news, local",Draft,https://media.example.org/a.mp4',
        'Morning Coffee,1:30:00,,,,,,',
      ].join('\n'),
    );
    expect(result.errors).toEqual([]);
    expect(result.valid).toEqual([
      {
        row: 2,
        values: {
          title: 'Riverside Tonight',
          duration: 1800,
          language: 'en-US',
          season: 2,
          episode: 14,
          tags: ['news', 'local'],
          status: 'draft',
          mediaUrl: 'https://media.example.org/a.mp4',
        },
      },
      { row: 3, values: { title: 'Morning Coffee', duration: 5400 } },
    ]);
  });

  it('report each bad cell in column order', () => {
    const { result } = check(
      [
        'Title,Duration,Status,Media URL',
        `${'x'.repeat(201)},30,ready,`,
        'Ok,half an hour,live,www.example.org',
      ].join('\n'),
    );
    expect(result.errors).toEqual([
      { row: 2, column: 'Title', message: 'must be at most 200 characters (this one has 201)' },
      {
        row: 3,
        column: 'Duration',
        message: 'must be a number of minutes, such as 30, 0:30 or 1:30:00',
      },
      {
        row: 3,
        column: 'Media URL',
        message: 'must be a web address starting with https:// or http://',
      },
      { row: 3, column: 'Status', message: 'must be draft, ready or archived' },
    ]);
  });
});

describe('showRecord', () => {
  const editor = {
    id: 'u1',
    organization: 'org1',
    role: 'editor',
    collectionId: '',
    collectionName: 'users',
  };

  it('puts the show in the user’s organization, ready unless the file says so', () => {
    expect(
      showRecord({ row: 2, values: { title: 'A', duration: 1800, tags: ['x'] } }, editor),
    ).toEqual({
      title: 'A',
      durationSec: 1800,
      tags: ['x'],
      status: DEFAULT_STATUS,
      organization: 'org1',
    });
    expect(showRecord({ row: 2, values: { title: 'A', status: 'draft' } }, editor)).toEqual({
      title: 'A',
      status: 'draft',
      organization: 'org1',
    });
  });

  it('names a producer as the producer of their shows, as the create rule requires', () => {
    expect(
      showRecord({ row: 2, values: { title: 'A' } }, { ...editor, role: 'producer' }),
    ).toMatchObject({ producer: 'u1' });
  });
});

describe('showsBlockedReason', () => {
  const user = {
    id: 'u1',
    organization: 'org1',
    role: 'owner',
    collectionId: '',
    collectionName: 'users',
  };

  it('lets members who can add shows import', () => {
    expect(showsBlockedReason(user)).toBeNull();
    expect(showsBlockedReason({ ...user, role: 'producer' })).toBeNull();
  });

  it('says what is missing otherwise', () => {
    expect(showsBlockedReason(null)).toBe('Sign in to import shows.');
    expect(showsBlockedReason({ ...user, organization: '' })).toBe(
      'Create or join an organization before importing shows.',
    );
    expect(showsBlockedReason({ ...user, role: 'viewer' })).toBe(
      'Viewers cannot add shows. Ask an editor or admin of your organization to import them.',
    );
  });
});
