import { describe, expect, it } from 'vitest';
import { normalise, TOKEN_PLACEHOLDER, trimReply, trimText } from './recorded-examples.js';

describe('trimReply', () => {
  it('keeps two items of a list and the start of a long string', () => {
    const trimmed = trimReply({ items: [1, 2, 3, 4], text: 'x'.repeat(500) }) as {
      items: number[];
      text: string;
    };
    expect(trimmed.items).toEqual([1, 2]);
    expect(trimmed.text).toHaveLength(160);
    expect(trimmed.text.endsWith('…')).toBe(true);
  });

  it('replaces credentials, wherever they are', () => {
    expect(trimReply({ token: 'eyJhbGciOi', record: { statusToken: 'abc', secret: '' } })).toEqual({
      token: TOKEN_PLACEHOLDER,
      record: { statusToken: TOKEN_PLACEHOLDER, secret: '' },
    });
  });
});

describe('trimText', () => {
  it('keeps the first lines of a text', () => {
    const text = Array.from({ length: 30 }, (_, index) => `line ${index}`).join('\n');
    const trimmed = trimText(text).split('\n');
    expect(trimmed).toHaveLength(15);
    expect(trimmed.at(-1)).toBe('…');
    expect(trimText('short\ntext')).toBe('short\ntext');
  });
});

describe('normalise', () => {
  it('turns what varies between runs into placeholders, names and counts kept', () => {
    expect(
      normalise({
        id: 'bwbb28scm3pk62q',
        name: 'Riverside Community TV',
        created: '2026-12-02 17:00:00.000Z',
        from: '2026-12-02T17:00:00Z',
        dtstamp: 'DTSTAMP:20261202T170000Z',
        url: '/api/files/organizations/bwbb28scm3pk62q/logo.svg',
        count: 3,
      }),
    ).toEqual({
      id: '<id>',
      name: 'Riverside Community TV',
      created: '<date>',
      from: '<date>',
      dtstamp: 'DTSTAMP:<date>',
      url: '/api/files/organizations/<id>/logo.svg',
      count: 3,
    });
  });
});
