import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCues, MAX_CUES } from './caption-cues.js';

describe('checkCues', () => {
  it('sorts cues by start and rounds times to the millisecond', () => {
    expect(
      checkCues([
        { start: 5, end: 6.12345, text: 'later' },
        { start: 1, end: 2, text: 'first\r\nline' },
      ]),
    ).toEqual([
      { start: 1, end: 2, text: 'first\nline' },
      { start: 5, end: 6.123, text: 'later' },
    ]);
    expect(checkCues(null)).toEqual([]);
  });

  it('says what is wrong with a cue, by its number', () => {
    expect(checkCues({})).toBe('Must be a list of cues.');
    expect(checkCues([{ start: 2, end: 1, text: 'x' }])).toBe(
      'Cue 1: it must end after it starts.',
    );
    expect(
      checkCues([
        { start: 0, end: 1, text: 'ok' },
        { start: 'a', end: 1, text: 'x' },
      ]),
    ).toBe('Cue 2: its start and end must be times in seconds.');
    expect(checkCues([{ start: 0, end: 1, text: '  ' }])).toBe('Cue 1: it has no text.');
    expect(checkCues(Array.from({ length: MAX_CUES + 1 }, () => ({})))).toContain('at most');
  });

  it('keeps every valid cue, in order', () => {
    const cue = fc
      .record({
        start: fc.double({ min: 0, max: 80_000, noNaN: true }),
        length: fc.double({ min: 0.01, max: 10, noNaN: true }),
        text: fc.string({ minLength: 1, maxLength: 50 }).filter((t) => t.trim() !== ''),
      })
      .map(({ start, length, text }) => ({ start, end: start + length, text }));
    fc.assert(
      fc.property(fc.array(cue, { maxLength: 30 }), (cues) => {
        const checked = checkCues(cues);
        if (typeof checked === 'string') return false;
        return (
          checked.length === cues.length &&
          checked.every((each, i) => i === 0 || (checked[i - 1]?.start ?? 0) <= each.start)
        );
      }),
    );
  });
});
