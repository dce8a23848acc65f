import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv.js';

describe('csv', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-12')).toBe("'-12");
    expect(csvCell(-12)).toBe('-12');
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(
      csvText(
        ['a', 'b'],
        [
          [1, 'x'],
          [2, 'y, z'],
        ],
      ),
    ).toBe('a,b\r\n1,x\r\n2,"y, z"\r\n');
  });
});
