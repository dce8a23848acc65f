import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextCueIndex } from './spoken-descriptions';

const cues = [
  { start: 2, end: 4, text: 'A door opens.' },
  { start: 10, end: 12, text: 'She smiles.' },
  { start: 30, end: 33, text: 'Night falls over the river.' },
];

describe('nextCueIndex', () => {
  it('finds the next cue to speak, keeping one that has only just begun', () => {
    expect(nextCueIndex(cues, 0)).toBe(0);
    expect(nextCueIndex(cues, 2.5)).toBe(0);
    expect(nextCueIndex(cues, 3.5)).toBe(1);
    expect(nextCueIndex(cues, 10)).toBe(1);
    expect(nextCueIndex(cues, 20)).toBe(2);
    expect(nextCueIndex(cues, 40)).toBe(3);
    expect(nextCueIndex([], 5)).toBe(0);
  });

  it('agrees with a plain search', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 3600, noNaN: true })),
        fc.double({ min: -10, max: 3700, noNaN: true }),
        (starts, position) => {
          const sorted = [...starts]
            .sort((a, b) => a - b)
            .map((start) => ({ start, end: start + 1, text: 'x' }));
          const expected = sorted.findIndex((cue) => cue.start >= position - 1);
          expect(nextCueIndex(sorted, position)).toBe(expected === -1 ? sorted.length : expected);
        },
      ),
    );
  });
});
