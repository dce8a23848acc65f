import { formatDuration } from '@airgrid/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choiceCell,
  DURATION_HINT,
  durationCell,
  durationSeconds,
  durationSecondsCell,
  languageCell,
  tagsCell,
  textCell,
  urlCell,
  wholeNumberCell,
} from './cell-parsers';

describe('durationSeconds', () => {
  it.each([
    ['30', 1800],
    ['22.5', 1350],
    ['22,5', 1350],
    ['45 min', 2700],
    ['45min', 2700],
    ['90 minutes', 5400],
    ['1 minute', 60],
    ['0:30', 1800],
    ['1:30', 5400],
    ['1:30:00', 5400],
    ['0:28:30', 1710],
    ['10:05', 36300],
    ['1h', 3600],
    ['1h30', 5400],
    ['1 h 30 min', 5400],
    ['2 hours 15 minutes', 8100],
    ['1H30M', 5400],
  ])('reads %j as %i seconds', (text, seconds) => {
    expect(durationSeconds(text)).toBe(seconds);
  });

  it.each(['', 'abc', '30 sec', '1:60', '1:5', '1:30:60', '-30', '1:30 pm', '1..5', 'h30'])(
    'refuses %j',
    (text) => {
      expect(durationSeconds(text)).toBeNull();
    },
  );

  it('reads minutes and h:mm of the same length alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 }), (minutes) => {
        const clock = `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
        expect(durationSeconds(clock)).toBe(minutes * 60);
        expect(durationSeconds(String(minutes))).toBe(minutes * 60);
        expect(durationSeconds(`${clock}:00`)).toBe(minutes * 60);
      }),
    );
  });
});

describe('durationSecondsCell', () => {
  it.each([
    ['1800', 1800],
    ['3000', 3600],
    ['1', 900],
    ['86400', 86400],
  ])('reads %s seconds as %i, rounded up to 15 minutes', (text, seconds) => {
    expect(durationSecondsCell(text)).toEqual({ value: seconds });
  });

  it.each(['30 min', '1:30', '-5', '0', '86401', '12.5'])('refuses %s', (text) => {
    expect(durationSecondsCell(text)).toHaveProperty('error');
  });
});

describe('durationCell', () => {
  it('gives seconds rounded up to 15 minutes', () => {
    expect(durationCell('30')).toEqual({ value: 1800 });
    expect(durationCell('28')).toEqual({ value: 1800 });
    expect(durationCell('37')).toEqual({ value: 2700 });
    expect(durationCell('0:30')).toEqual({ value: 1800 });
    expect(durationCell('1:30:00')).toEqual({ value: 5400 });
    expect(durationCell('24:00')).toEqual({ value: 86_400 });
  });

  it('says what it expects', () => {
    expect(durationCell('half an hour')).toEqual({ error: DURATION_HINT });
    expect(DURATION_HINT).toBe('must be a number of minutes, such as 30, 0:30 or 1:30:00');
    expect(durationCell('0')).toEqual({ error: 'must be longer than 0 minutes' });
    expect(durationCell('0:00')).toEqual({ error: 'must be longer than 0 minutes' });
    expect(durationCell('24:01')).toEqual({ error: 'must be at most 24 hours (24:00)' });
    // A date typed into the wrong column.
    expect(durationCell('20240501')).toEqual({ error: 'must be at most 24 hours (24:00)' });
  });
});

describe('a length as the importer shows it', () => {
  it.each([
    [900, '15 min'],
    [1800, '30 min'],
    [3600, '1 h'],
    [5400, '1 h 30 min'],
    [86_400, '24 h'],
  ])('%i s reads %j', (seconds, text) => {
    expect(formatDuration(seconds, 'length', { units: true })).toBe(text);
  });

  it('is read back by the duration parser', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 96 }), (steps) => {
        expect(durationSeconds(formatDuration(steps * 900, 'length', { units: true }))).toBe(
          steps * 900,
        );
      }),
    );
  });
});

describe('textCell', () => {
  it('keeps text up to the limit, counting characters not UTF-16 units', () => {
    const parse = textCell(5);
    expect(parse('abcde')).toEqual({ value: 'abcde' });
    expect(parse('😀😀😀😀😀')).toEqual({ value: '😀😀😀😀😀' });
    expect(parse('abcdef')).toEqual({ error: 'must be at most 5 characters (this one has 6)' });
  });
});

describe('wholeNumberCell', () => {
  it('takes whole numbers of 0 or more', () => {
    expect(wholeNumberCell('0')).toEqual({ value: 0 });
    expect(wholeNumberCell('12')).toEqual({ value: 12 });
    expect(wholeNumberCell('007')).toEqual({ value: 7 });
  });

  it.each(['-1', '1.5', 'two', '1e3', 'S01'])('refuses %j', (text) => {
    expect(wholeNumberCell(text)).toEqual({ error: 'must be a whole number, such as 3' });
  });

  it('refuses numbers too large to store exactly', () => {
    expect(wholeNumberCell('99999999999999999999')).toEqual({ error: 'is too large' });
  });
});

describe('tagsCell', () => {
  it('splits on commas, semicolons and bars, dropping blanks and repeats', () => {
    expect(tagsCell('local; weather, News|news ; ;')).toEqual({
      value: ['local', 'weather', 'News'],
    });
  });

  it('needs one tag', () => {
    expect(tagsCell(' ; , ')).toEqual({ error: 'must name at least one tag' });
  });
});

describe('languageCell', () => {
  const parse = languageCell(16);

  it('takes language codes in their canonical form', () => {
    expect(parse('en')).toEqual({ value: 'en' });
    expect(parse('EN')).toEqual({ value: 'en' });
    expect(parse('es-mx')).toEqual({ value: 'es-MX' });
    expect(parse('zh-Hant')).toEqual({ value: 'zh-Hant' });
  });

  it.each(['English', 'e', 'en_US', 'en-', 'x-klingon-long-one'])('refuses %j', (text) => {
    expect(parse(text)).toEqual({ error: 'must be a language code, such as en or es-MX' });
  });
});

describe('urlCell', () => {
  it('takes http and https addresses, as the server does', () => {
    expect(urlCell('https://media.example.org/a.mp4')).toEqual({
      value: 'https://media.example.org/a.mp4',
    });
    expect(urlCell('http://example.org')).toEqual({ value: 'http://example.org' });
  });

  it.each(['example.org', 'ftp://example.org/a', 'https://', 'https://exa mple.org'])(
    'refuses %j',
    (text) => {
      expect(urlCell(text)).toEqual({
        error: 'must be a web address starting with https:// or http://',
      });
    },
  );
});

describe('choiceCell', () => {
  const parse = choiceCell(['draft', 'ready', 'archived']);

  it('takes a listed value in any case', () => {
    expect(parse('Ready')).toEqual({ value: 'ready' });
    expect(parse('ARCHIVED')).toEqual({ value: 'archived' });
  });

  it('lists the values when refusing', () => {
    expect(parse('live')).toEqual({ error: 'must be draft, ready or archived' });
    expect(choiceCell(['yes'])('no')).toEqual({ error: 'must be yes' });
  });
});
