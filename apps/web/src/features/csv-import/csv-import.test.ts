import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { textCell, wholeNumberCell } from './cell-parsers';
import {
  asClause,
  assignColumn,
  autoMap,
  type CsvTable,
  checkFile,
  checkRows,
  checkTable,
  chooseTarget,
  columnLetter,
  countOf,
  decodeCsv,
  displayCell,
  formatRowError,
  headerOptions,
  type ImportColumn,
  type ImportTarget,
  loadCsv,
  MAX_FILE_BYTES,
  normalizeHeader,
  parseCsv,
  progressPercent,
  rowErrorsFromImport,
  type StageId,
  templateCsv,
  unmappedRequired,
} from './csv-import';

const columns: ImportColumn[] = [
  {
    key: 'title',
    label: 'Title',
    required: true,
    aliases: ['name', 'show'],
    hint: '',
    example: 'Tonight',
    parse: textCell(10),
  },
  {
    key: 'season',
    label: 'Season',
    required: false,
    aliases: ['season number'],
    hint: '',
    example: '2',
    parse: wholeNumberCell,
    format: (value) => `S${value}`,
  },
  {
    key: 'duration',
    field: 'durationSec',
    label: 'Duration',
    required: false,
    aliases: ['length', 'minutes'],
    hint: '',
    example: '30',
    parse: wholeNumberCell,
  },
];

function fakeTarget(overrides: Partial<ImportTarget> = {}): ImportTarget {
  return {
    id: 'shows',
    label: 'Shows',
    noun: { one: 'show', other: 'shows' },
    paths: ['/shows'],
    columns,
    maxRows: 3,
    blockedReason: () => null,
    import: async () => ({ ok: true, imported: 0 }),
    ...overrides,
  };
}

function table(text: string): CsvTable {
  const result = parseCsv(text);
  if ('error' in result) throw new Error(result.error);
  return result;
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('countOf', () => {
  it('uses the singular for one', () => {
    expect(countOf(fakeTarget(), 1)).toBe('1 show');
    expect(countOf(fakeTarget(), 0)).toBe('0 shows');
    expect(countOf(fakeTarget(), 42)).toBe('42 shows');
  });
});

describe('chooseTarget', () => {
  const shows = fakeTarget();
  const timeslots = fakeTarget({ id: 'timeslots', label: 'Timeslots', paths: ['/timeslots'] });
  const targets = [shows, timeslots];

  it('takes the target ?import= names', () => {
    expect(chooseTarget(targets, '?import=timeslots', '/shows')).toEqual({ target: timeslots });
  });

  it('otherwise takes the one of the page’s area, sub-pages included', () => {
    expect(chooseTarget(targets, '', '/timeslots')).toEqual({ target: timeslots });
    expect(chooseTarget(targets, '', '/timeslots/list')).toEqual({ target: timeslots });
    expect(chooseTarget(targets, '?q=x', '/shows/abc')).toEqual({ target: shows });
  });

  it('otherwise the first', () => {
    expect(chooseTarget(targets, '', '/dashboard')).toEqual({ target: shows });
    expect(chooseTarget(targets, '', '/timeslotsx')).toEqual({ target: shows });
  });

  it('says which imports exist when ?import= names none', () => {
    expect(chooseTarget(targets, '?import=ads', '/shows')).toEqual({
      error: 'There is no CSV import for "ads". You can import: shows, timeslots.',
    });
  });

  it('says so when there is no target at all', () => {
    expect(chooseTarget([], '', '/')).toEqual({ error: 'There is nothing to import here.' });
  });
});

describe('checkFile', () => {
  const csv = { name: 'shows.csv', type: 'text/csv', size: 120 };

  it('accepts a CSV file by name or by type', () => {
    expect(checkFile(csv)).toBeNull();
    expect(checkFile({ ...csv, name: 'SHOWS.CSV', type: '' })).toBeNull();
    // Windows labels .csv files as Excel's.
    expect(checkFile({ ...csv, type: 'application/vnd.ms-excel' })).toBeNull();
    expect(checkFile({ ...csv, name: 'export', type: 'text/csv' })).toBeNull();
  });

  it('refuses other files, naming them', () => {
    expect(checkFile({ name: 'logo.png', type: 'image/png', size: 10 })).toBe(
      '"logo.png" is not a CSV file. Save your spreadsheet as CSV (comma-separated values) and choose that file.',
    );
    expect(checkFile({ name: 'shows.xls', type: 'application/vnd.ms-excel', size: 10 })).toMatch(
      /^"shows.xls" is not a CSV file/,
    );
    expect(checkFile({ name: 'notes.txt', type: 'text/plain', size: 10 })).toMatch(
      /is not a CSV file/,
    );
  });

  it('refuses an empty file', () => {
    expect(checkFile({ ...csv, size: 0 })).toBe('"shows.csv" is empty.');
  });

  it('refuses a file over the limit, saying both sizes', () => {
    expect(checkFile({ ...csv, size: MAX_FILE_BYTES })).toBeNull();
    expect(checkFile({ ...csv, size: MAX_FILE_BYTES + 1 })).toBe(
      '"shows.csv" is 5.0 MB; the largest file you can import is 5 MB.',
    );
    expect(checkFile({ ...csv, size: 6.5 * 1024 * 1024 })).toBe(
      '"shows.csv" is 6.5 MB; the largest file you can import is 5 MB.',
    );
  });
});

describe('decodeCsv', () => {
  it('reads UTF-8 and drops a byte-order mark', () => {
    expect(decodeCsv(bytes('\uFEFFTitle\nCafé'))).toEqual({ text: 'Title\nCafé' });
  });

  it('falls back to Windows-1252 for older Excel files', () => {
    // "Café" with é as the single byte 0xE9.
    const latin = new Uint8Array([...bytes('Title\nCaf'), 0xe9]);
    expect(decodeCsv(latin)).toEqual({ text: 'Title\nCafé' });
  });

  it('refuses binary data and blank files', () => {
    expect(decodeCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toEqual({
      error: 'This file is not a CSV file: it holds binary data, not text.',
    });
    expect(decodeCsv(bytes(' \n\r\n '))).toEqual({ error: 'This file is empty.' });
  });
});

describe('parseCsv', () => {
  it('splits the header from the rows, numbering rows like a spreadsheet', () => {
    expect(parseCsv('Title,Season\nOne,1\nTwo,2\n')).toEqual({
      header: ['Title', 'Season'],
      headerRow: 1,
      rows: [
        { row: 2, cells: ['One', '1'] },
        { row: 3, cells: ['Two', '2'] },
      ],
    });
  });

  it('keeps the numbers of blank rows it skips, and of blank lines before the header', () => {
    const parsed = table('\nTitle\nOne\n\n , \nTwo\r\n');
    expect(parsed.headerRow).toBe(2);
    expect(parsed.rows.map((row) => row.row)).toEqual([3, 6]);
  });

  it('counts a quoted cell spanning lines as one row', () => {
    const parsed = table('Title,Description\n"One","Line 1\nLine 2"\nTwo,x');
    expect(parsed.rows).toEqual([
      { row: 2, cells: ['One', 'Line 1\nLine 2'] },
      { row: 3, cells: ['Two', 'x'] },
    ]);
  });

  it('detects semicolons and tabs as separators', () => {
    expect(table('Title;Season\nOne;1').rows[0]?.cells).toEqual(['One', '1']);
    expect(table('Title\tSeason\nOne\t1').rows[0]?.cells).toEqual(['One', '1']);
  });

  it('keeps commas in a semicolon-free file as the separator even with ; inside cells', () => {
    expect(table('Title,Tags\nOne,a;b\nTwo,c;d').rows[1]?.cells).toEqual(['Two', 'c;d']);
  });

  it('trims cells and reads a doubled quote as one', () => {
    expect(table('Title\n  Plain  \n"Say ""hi"""').rows.map((row) => row.cells)).toEqual([
      ['Plain'],
      ['Say "hi"'],
    ]);
  });

  it('refuses a quote that is never closed, with its row', () => {
    expect(parseCsv('Title,Season\nOne,1\n"Two,2\nThree,3')).toEqual({
      error: 'Row 3 opens a quote (") that is never closed.',
    });
  });

  it('refuses a stray quote after a quoted cell', () => {
    expect(parseCsv('Title,Season\n"One"x,1')).toEqual({
      error: 'Row 2 has a quote (") inside a quoted cell; write it twice ("").',
    });
  });

  it('refuses a file of blank rows', () => {
    expect(parseCsv(' , \n\n')).toEqual({ error: 'This file is empty.' });
  });

  it('round-trips any grid of cells written by a CSV writer', () => {
    const cell = fc.string({ maxLength: 12 }).map((text) => text.trim());
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((width) =>
          fc.tuple(
            fc.array(fc.constantFrom('Title', 'Season', 'Tags', 'Notes'), {
              minLength: width,
              maxLength: width,
            }),
            fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 6 }),
          ),
        ),
        ([header, grid]) => {
          const text = Papa.unparse([header, ...grid], { quotes: true, newline: '\n' });
          const parsed = table(text);
          expect(parsed.header).toEqual(header);
          const kept = grid
            .map((cells, index) => ({ row: index + 2, cells }))
            .filter((row) => row.cells.some((value) => value !== ''));
          expect(parsed.rows).toEqual(kept);
        },
      ),
    );
  });
});

describe('checkTable', () => {
  const target = fakeTarget();

  it('accepts a header and up to maxRows rows', () => {
    expect(checkTable(table('Title\nA\nB\nC'), target)).toBeNull();
  });

  it('refuses more rows than the target takes at once', () => {
    expect(checkTable(table('Title\nA\nB\nC\nD'), target)).toBe(
      'This file has 4 rows; you can import up to 3 shows at a time. Split it into smaller files.',
    );
  });

  it('refuses a header with nothing below it', () => {
    expect(checkTable(table('Title,Season\n,\n'), target)).toBe(
      'This file has a header row but no shows below it.',
    );
  });

  it('refuses a first row that is data, not names', () => {
    expect(checkTable(table('Riverside Tonight,2,30\nMorning Coffee,1,60'), target)).toBe(
      'The first row must name the columns (such as Title, Season, Duration), but it looks like a row of shows. Add a header row and choose the file again.',
    );
  });

  it('lets a header of unknown names through, to be mapped by hand', () => {
    expect(checkTable(table('Programme,Length in minutes\nA,30'), target)).toBeNull();
  });
});

describe('normalizeHeader', () => {
  it('ignores case, accents, spaces and punctuation', () => {
    expect(normalizeHeader(' Show-Title ')).toBe('showtitle');
    expect(normalizeHeader('Durée (min.)')).toBe('dureemin');
    expect(normalizeHeader('MEDIA_URL')).toBe('mediaurl');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(normalizeHeader(normalizeHeader(name))).toBe(normalizeHeader(name));
      }),
    );
  });
});

describe('autoMap', () => {
  it('maps by label, key and alias, ignoring case and punctuation', () => {
    expect(autoMap(columns, ['Notes', 'season-number', 'NAME', 'Length'])).toEqual({
      title: 2,
      season: 1,
      duration: 3,
    });
    expect(autoMap(columns, ['title', 'SEASON'])).toEqual({
      title: 0,
      season: 1,
      duration: null,
    });
  });

  it("maps a header that is the record field's own name", () => {
    expect(autoMap(columns, ['Title', 'durationSec'])).toMatchObject({ duration: 1 });
    expect(autoMap(columns, ['Title', 'duration_sec'])).toMatchObject({ duration: 1 });
  });

  it('prefers the label over an alias, wherever they stand', () => {
    expect(autoMap(columns, ['Name', 'Title'])).toMatchObject({ title: 1 });
  });

  it('gives a CSV column to one field only, and takes the first of repeated names', () => {
    expect(autoMap(columns, ['Title', 'Title', 'minutes', 'length'])).toEqual({
      title: 0,
      season: null,
      duration: 3,
    });
  });

  it('maps nothing from blank names', () => {
    expect(autoMap(columns, ['', ''])).toEqual({ title: null, season: null, duration: null });
  });

  it('finds every column whatever the order and spelling of the labels', () => {
    const spellings = (label: string) =>
      fc.constantFrom(label, label.toUpperCase(), ` ${label.toLowerCase()}.`, `${label}:`);
    fc.assert(
      fc.property(
        fc.tuple(...columns.map((column) => spellings(column.label))),
        fc.array(fc.constantFrom('Notes', 'Id', ''), { maxLength: 3 }),
        fc.integer(),
        (labels, extras, seed) => {
          const header = [...labels, ...extras].sort(
            (a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7),
          );
          const mapping = autoMap(columns, header);
          for (const column of columns) {
            const index = mapping[column.key];
            expect(index).not.toBeNull();
            expect(normalizeHeader(header[index as number] ?? '')).toBe(
              normalizeHeader(column.label),
            );
          }
          const used = Object.values(mapping).filter((index) => index !== null);
          expect(new Set(used).size).toBe(used.length);
        },
      ),
    );
  });
});

describe('assignColumn', () => {
  const mapping = { title: 0, season: 1, duration: null };

  it('points a field at a CSV column, taking it from the field that had it', () => {
    expect(assignColumn(mapping, 'duration', 1)).toEqual({ title: 0, season: null, duration: 1 });
  });

  it('unmaps a field', () => {
    expect(assignColumn(mapping, 'title', null)).toEqual({
      title: null,
      season: 1,
      duration: null,
    });
  });

  it('never leaves two fields on one CSV column', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('title', 'season', 'duration'), fc.option(fc.nat(3)))),
        (moves) => {
          let current: Record<string, number | null> = { ...mapping };
          for (const [key, index] of moves) current = { ...assignColumn(current, key, index) };
          const used = Object.values(current).filter((index) => index !== null);
          expect(new Set(used).size).toBe(used.length);
        },
      ),
    );
  });
});

describe('unmappedRequired', () => {
  it('lists required fields without a CSV column', () => {
    expect(unmappedRequired(columns, { title: null, season: 0 }).map((c) => c.key)).toEqual([
      'title',
    ]);
    expect(unmappedRequired(columns, { title: 2 })).toEqual([]);
  });
});

describe('columnLetter', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [27, 'AB'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('column %i is %s', (index, letter) => {
    expect(columnLetter(index)).toBe(letter);
  });
});

describe('headerOptions', () => {
  it('labels blank and repeated names with their column letter', () => {
    expect(headerOptions(['Title', '', 'Notes', 'Notes'])).toEqual([
      { value: '0', label: 'Title' },
      { value: '1', label: 'Column B' },
      { value: '2', label: 'Notes (column C)' },
      { value: '3', label: 'Notes (column D)' },
    ]);
  });
});

describe('checkRows under a field-name header', () => {
  const inSeconds: ImportColumn[] = columns.map((column) =>
    column.key === 'duration'
      ? { ...column, parseField: (text) => ({ value: Number(text) / 60 }) }
      : column,
  );

  it("parses a column named by its field with the field's parser, and others with the usual one", () => {
    for (const [header, expected] of [
      ['durationSec', 30],
      ['Duration', 1800],
      ['minutes', 1800],
    ] as const) {
      const parsed = table(`Title,${header}\nOne,1800`);
      const result = checkRows(inSeconds, parsed, autoMap(inSeconds, parsed.header));
      expect(result.valid).toEqual([{ row: 2, values: { title: 'One', duration: expected } }]);
    }
  });
});

describe('checkRows', () => {
  const parsed = table(
    [
      'Title,Season,Minutes,Notes',
      'One,1,30,fine',
      ',2,30,',
      'Three,two,thirty,',
      'Four,,,',
      'Five,1,30,x,stray',
      'Far too long a title,3,30',
    ].join('\n'),
  );
  const mapping = autoMap(columns, parsed.header);
  const result = checkRows(columns, parsed, mapping);

  it('keeps the parsed values of rows without errors', () => {
    expect(result.valid).toEqual([
      { row: 2, values: { title: 'One', season: 1, duration: 30 } },
      { row: 5, values: { title: 'Four' } },
    ]);
  });

  it('gives each error its spreadsheet row and column', () => {
    expect(result.errors).toEqual([
      { row: 3, column: 'Title', message: 'cannot be blank' },
      { row: 4, column: 'Season', message: 'must be a whole number, such as 3' },
      { row: 4, column: 'Duration', message: 'must be a whole number, such as 3' },
      {
        row: 6,
        column: 'Column E',
        message: 'has a value but no header; a comma inside a cell needs quotes around the cell',
      },
      { row: 7, column: 'Title', message: 'must be at most 10 characters (this one has 20)' },
    ]);
    expect(result.invalidRows).toBe(4);
    expect(result.rows.map((row) => row.errors.length > 0)).toEqual([
      false,
      true,
      true,
      false,
      true,
      true,
    ]);
  });

  it('keeps the typed text and the error of each cell for the preview', () => {
    expect(result.rows[2]?.cells.season).toEqual({
      text: 'two',
      error: 'must be a whole number, such as 3',
    });
    expect(result.rows[0]?.cells.season).toEqual({ text: '1', value: 1 });
  });

  it('ignores unmapped CSV columns and skips unmapped fields', () => {
    const titleOnly = checkRows(columns, parsed, { title: 0, season: null, duration: null });
    expect(titleOnly.valid.map((row) => row.values)).toEqual([
      { title: 'One' },
      { title: 'Three' },
      { title: 'Four' },
    ]);
  });

  it('never reports a row number outside the data rows', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.constantFrom('', 'x', '1', 'Long title here', 'a,b'), {
            maxLength: 5,
          }),
        ),
        (grid) => {
          const text = Papa.unparse([['Title', 'Season', 'Minutes'], ...grid]);
          const parsedGrid = parseCsv(text);
          if ('error' in parsedGrid) return;
          const checked = checkRows(columns, parsedGrid, autoMap(columns, parsedGrid.header));
          const rowNumbers = new Set(parsedGrid.rows.map((row) => row.row));
          for (const error of checked.errors) expect(rowNumbers.has(error.row)).toBe(true);
          expect(checked.valid.length + checked.invalidRows).toBe(parsedGrid.rows.length);
        },
      ),
    );
  });
});

describe('displayCell', () => {
  const season = columns[1] as ImportColumn;

  it('shows the parsed value through the column’s format, or the text when refused', () => {
    expect(displayCell(season, { text: '2', value: 2 })).toBe('S2');
    expect(displayCell(season, { text: 'two', error: 'x' })).toBe('two');
    expect(displayCell(season, { text: '' })).toBe('');
    expect(displayCell(season, undefined)).toBe('');
    expect(displayCell(columns[0] as ImportColumn, { text: 'One', value: 'One' })).toBe('One');
  });
});

describe('formatRowError', () => {
  it('reads like the preview shows it', () => {
    expect(
      formatRowError({ row: 7, column: 'Duration', message: 'must be a number of minutes' }),
    ).toBe('Row 7, Duration: must be a number of minutes');
    expect(formatRowError({ row: 3, column: '', message: 'failed to create record' })).toBe(
      'Row 3: failed to create record',
    );
  });
});

describe('asClause', () => {
  it('turns a server sentence into the end of "Row 4, Title: …"', () => {
    expect(asClause('Must be no more than 200 character(s).')).toBe(
      'must be no more than 200 character(s)',
    );
    expect(asClause('URL must be valid.')).toBe('URL must be valid');
  });
});

describe('rowErrorsFromImport', () => {
  const rows = [
    { row: 2, values: {} },
    { row: 4, values: {} },
    { row: 9, values: {} },
  ];

  it('puts each refused field under the column that filled it, in row order', () => {
    const data = {
      rows: {
        '9': {
          title: {
            code: 'validation_max_text_constraint',
            message: 'Must be no more than 200 character(s).',
          },
          durationSec: {
            code: 'validation_min_number_constraint',
            message: 'Must be larger than 0.',
          },
          organization: { code: 'validation_required', message: 'Cannot be blank.' },
        },
        '2': { row: { code: 'validation_refused', message: 'You cannot create this record.' } },
      },
    };
    expect(rowErrorsFromImport(data, rows, columns)).toEqual([
      { row: 2, column: '', message: 'you cannot create this record' },
      { row: 9, column: 'Title', message: 'must be no more than 200 character(s)' },
      { row: 9, column: 'Duration', message: 'must be larger than 0' },
      { row: 9, column: 'organization', message: 'cannot be blank' },
    ]);
  });

  it('finds no row in an envelope error, a row it did not send or a malformed body', () => {
    const envelope = {
      rows: { code: 'validation_length_too_long', message: 'At most 5000 rows can be imported.' },
    };
    expect(rowErrorsFromImport(envelope, rows, columns)).toEqual([]);
    expect(rowErrorsFromImport(undefined, rows, columns)).toEqual([]);
    expect(rowErrorsFromImport({ rows: { '7': { title: {} } } }, rows, columns)).toEqual([]);
    expect(rowErrorsFromImport({ rows: { '4': { title: {} } } }, rows, columns)).toEqual([
      { row: 4, column: 'Title', message: 'was refused' },
    ]);
  });
});

describe('progressPercent', () => {
  it('moves only as stages finish', () => {
    expect(progressPercent('read')).toBe(0);
    expect(progressPercent('parse')).toBe(20);
    expect(progressPercent('check')).toBe(40);
    expect(progressPercent('save')).toBe(60);
    expect(progressPercent('save', 0.5)).toBe(80);
    expect(progressPercent('save', 1)).toBe(100);
    expect(progressPercent('save', 7)).toBe(100);
  });
});

describe('templateCsv', () => {
  it('is a header of labels and an example row the importer maps and accepts', () => {
    const text = templateCsv({ columns });
    expect(text).toBe('Title,Season,Duration\r\nTonight,2,30');
    const parsed = table(text);
    const checked = checkRows(columns, parsed, autoMap(columns, parsed.header));
    expect(checked.errors).toEqual([]);
  });
});

describe('loadCsv', () => {
  const file = (text: string, name = 'shows.csv', type = 'text/csv') => {
    const data = bytes(text);
    return {
      name,
      type,
      size: data.byteLength,
      arrayBuffer: async () => data.buffer as ArrayBuffer,
    };
  };

  it('reads, parses and checks in order, then maps the columns', async () => {
    const stages: StageId[] = [];
    const result = await loadCsv(file('Name,Season\nOne,1'), fakeTarget(), (stage) => {
      stages.push(stage);
    });
    expect(stages).toEqual(['read', 'parse', 'check']);
    expect(result).toMatchObject({
      table: { header: ['Name', 'Season'], rows: [{ row: 2, cells: ['One', '1'] }] },
      mapping: { title: 0, season: 1, duration: null },
    });
  });

  it('stops at the first problem, before reading a refused file', async () => {
    const stages: StageId[] = [];
    const onStage = (stage: StageId) => {
      stages.push(stage);
    };
    expect(await loadCsv(file('x', 'a.png', 'image/png'), fakeTarget(), onStage)).toMatchObject({
      error: expect.stringContaining('is not a CSV file'),
    });
    expect(stages).toEqual([]);
    expect(await loadCsv(file('Title\n'), fakeTarget(), onStage)).toEqual({
      error: 'This file has a header row but no shows below it.',
    });
    const gone = { ...file('Title\nA'), arrayBuffer: () => Promise.reject(new Error('NotFound')) };
    expect(await loadCsv(gone, fakeTarget(), onStage)).toEqual({
      error: '"shows.csv" could not be read. Choose it again.',
    });
    expect(await loadCsv(file('Title\n"A'), fakeTarget(), onStage)).toEqual({
      error: 'Row 2 opens a quote (") that is never closed.',
    });
  });
});
