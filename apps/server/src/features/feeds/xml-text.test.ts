import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xmlText } from './xml-text.js';

/** What an XML parser reads back from escaped text. */
function parseEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('xmlText', () => {
  it('returns plain text as it is', () => {
    expect(xmlText('Council Meeting')).toBe('Council Meeting');
    expect(xmlText('Café · Straße — 東京 🎬')).toBe('Café · Straße — 東京 🎬');
  });

  it('escapes the five markup characters', () => {
    expect(xmlText('Tom & Jerry <live> "quoted" it\'s')).toBe(
      'Tom &amp; Jerry &lt;live&gt; &quot;quoted&quot; it&apos;s',
    );
    expect(xmlText('&amp;')).toBe('&amp;amp;');
  });

  it('turns line breaks and the blanks around them into one space', () => {
    expect(xmlText('First line\nsecond')).toBe('First line second');
    expect(xmlText('One.  \r\n\r\n  Two.')).toBe('One. Two.');
    expect(xmlText('a\u2028b\u2029c')).toBe('a b c');
    expect(xmlText('\n  padded  \n')).toBe('padded');
  });

  it('drops characters XML 1.0 cannot carry, keeps tabs and paired surrogates', () => {
    expect(xmlText('bell\u0007 nul\u0000 esc\u001b end')).toBe('bell nul esc end');
    expect(xmlText('a\tb')).toBe('a\tb');
    expect(xmlText('lone \uD800 high, lone \uDC00 low, pair 😀')).toBe(
      'lone  high, lone  low, pair 😀',
    );
    expect(xmlText('\uFFFE\uFFFF')).toBe('');
  });

  it('never leaves markup, newlines or forbidden characters, and keeps everything else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (value) => {
        const text = xmlText(value);
        expect(text).not.toMatch(/[<>"'\r\n]/);
        expect(text).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos);)/);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: checking they are gone.
        expect(text).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
        // Lone surrogates would come back from UTF-8 as U+FFFD.
        expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
        const kept = value
          .replace(
            // biome-ignore lint/suspicious/noControlCharactersInRegex: the same set xmlText drops.
            /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
            '',
          )
          .replace(/[ \t]*[\r\n\u2028\u2029]+[ \t\r\n\u2028\u2029]*/g, ' ')
          .trim();
        expect(parseEntities(text)).toBe(kept);
      }),
      { numRuns: 2000 },
    );
  });
});
