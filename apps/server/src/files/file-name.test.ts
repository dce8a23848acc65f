import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractExtension, normalizeFileName, randomSuffix, snakecase } from './file-name.js';

// PocketBase's normalizeName, case by case: `{base}_{10 random}{ext}` (API-CONTRACT §7).

const fixed = () => 'abcde12345';
const name = (original: string, detected = '') => normalizeFileName(original, detected, fixed);

describe('normalizeFileName', () => {
  it.each([
    ['photo.png', 'photo_abcde12345.png'],
    ['My Photo.png', 'my_photo_abcde12345.png'],
    ['myTestDB.JPG', 'my_test_db_abcde12345.JPG'],
    ['ABCdef.gif', 'abcdef_abcde12345.gif'],
    ['already_snake_case.txt', 'already_snake_case_abcde12345.txt'],
    ['Show – Episode 3 (final).mp4', 'show_episode_3_final_abcde12345.mp4'],
    ['archive.tar.gz', 'archive_abcde12345.tar.gz'],
    ['a.b.tar.gz', 'a_b_abcde12345.tar.gz'],
    ['.hidden.txt', 'abcde12345_abcde12345.hidden.txt'],
    ['..env', 'abcde12345_abcde12345.env'],
    ['résumé.pdf', 'r_sum_abcde12345.pdf'],
    ['C:\\fakepath\\logo.svg', 'logo_abcde12345.svg'],
    ['../../etc/passwd', 'passwd_abcde12345'],
  ])('%s → %s', (original, expected) => {
    expect(name(original)).toBe(expected);
  });

  it('appends a random part to a base shorter than 3 characters', () => {
    expect(name('a.png')).toBe('aabcde12345_abcde12345.png');
    expect(name('.png')).toBe('abcde12345_abcde12345.png');
    expect(name('日本.png')).toBe('abcde12345_abcde12345.png');
  });

  it('cuts the base to 100 characters', () => {
    const result = name(`${'x'.repeat(150)}.png`);
    expect(result).toBe(`${'x'.repeat(100)}_abcde12345.png`);
  });

  it('strips invalid characters from the extension and keeps at most its last 20', () => {
    expect(name('clip.m p4')).toBe('clip_abcde12345.mp4');
    expect(name('file.<script>')).toBe('file_abcde12345.script');
    expect(name(`data.${'a'.repeat(30)}`)).toBe(`data_abcde12345.${'a'.repeat(20)}`);
    expect(name('notes.t+x=t#')).toBe('notes_abcde12345.t+x=t#');
  });

  it('takes the extension from the content when the name has none', () => {
    expect(name('avatar', '.png')).toBe('avatar_abcde12345.png');
    expect(name('avatar.', '.jpg')).toBe('avatar_abcde12345.jpg');
    expect(name('avatar')).toBe('avatar_abcde12345');
  });

  it('keeps the last 300 bytes of a very long name', () => {
    const result = name(`${'a'.repeat(500)}-tail.png`);
    expect(result).toBe(`${'a'.repeat(100)}_abcde12345.png`);
  });

  it('uses ten random [a-z0-9] characters by default', () => {
    expect(normalizeFileName('photo.png')).toMatch(/^photo_[a-z0-9]{10}\.png$/);
    expect(randomSuffix()).toMatch(/^[a-z0-9]{10}$/);
    expect(normalizeFileName('photo.png')).not.toBe(normalizeFileName('photo.png'));
  });

  it('always gives a safe name: no path, no leading dot, a bounded length', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 400 }),
        fc.constantFrom('', '.png', '.bin'),
        (original, detected) => {
          const result = normalizeFileName(original, detected, fixed);
          expect(result).not.toMatch(/[/\\\0]/);
          expect(result.startsWith('.')).toBe(false);
          expect(result).toMatch(/^[a-z0-9_]+_abcde12345(\.[\w.*\-+=#]*)?$/);
          expect(result.length).toBeLessThanOrEqual(100 + 11 + 21);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps a clean extension as it was', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9]{2,20}$/),
        fc.stringMatching(/^[a-z0-9]{1,10}$/),
        (base, ext) => {
          expect(normalizeFileName(`${base}.${ext}`, '', fixed)).toBe(`${base}_abcde12345.${ext}`);
        },
      ),
    );
  });

  it('is the identity on the base of a name it already produced (but adds a new random part)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[^.]{0,80}$/), (original) => {
        const once = normalizeFileName(`${original}.png`, '', fixed);
        const twice = normalizeFileName(once, '', () => 'zzzzz99999');
        expect(twice).toBe(once.replace(/\.png$/, '_zzzzz99999.png'));
      }),
    );
  });
});

describe('extractExtension', () => {
  it.each([
    ['test.txt', '.txt'],
    ['test.tar.gz', '.tar.gz'],
    ['test.a.tar.gz', '.tar.gz'],
    ['test', ''],
    ['.env', '.env'],
  ])('%s → %s', (input, expected) => {
    expect(extractExtension(input)).toBe(expected);
  });
});

describe('snakecase', () => {
  it.each([
    ['myTestDB', 'my_test_db'],
    ['Hello World', 'hello_world'],
    ['hello__world--again', 'hello_world_again'],
    ['ABC', 'abc'],
    ['fooBarBaz', 'foo_bar_baz'],
    ['  ', ''],
    ['Ärger', 'rger'],
  ])('%s → %s', (input, expected) => {
    expect(snakecase(input)).toBe(expected);
  });
});
