import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakLines, groupIntoCues, READABLE, type TimedWord } from './cue-grouping.js';

/** Words said one after another, each `step` seconds long with `gap` between them. */
function spoken(text: string, from = 0, step = 0.3, gap = 0.05): TimedWord[] {
  return text.split(' ').map((word, index) => ({
    text: word,
    start: from + index * (step + gap),
    end: from + index * (step + gap) + step,
  }));
}

describe('breakLines', () => {
  it('keeps a short cue on one line', () => {
    expect(breakLines(['He', 'was', 'not', 'an', 'ill', 'disposed', 'young', 'man.'])).toBe(
      'He was not an ill disposed young man.',
    );
  });

  it('splits a long cue where the two lines come out most even', () => {
    const words =
      'and then had leisure to consider how much there might be prudently in his power'.split(' ');
    const text = breakLines(words);
    expect(text).toBe(
      'and then had leisure to consider how much\nthere might be prudently in his power',
    );
  });

  it('refuses words that do not fit in two lines', () => {
    expect(breakLines('word '.repeat(30).trim().split(' '))).toBeNull();
  });

  it('gives a word longer than a line a line of its own', () => {
    const long = 'x'.repeat(50);
    expect(breakLines([long])).toBe(long);
    expect(breakLines([long, 'and', 'more'])).toBe(`${long}\nand more`);
  });
});

describe('groupIntoCues', () => {
  it('starts a new cue after a pause', () => {
    const cues = groupIntoCues([...spoken('he was not', 0), ...spoken('an ill man', 3)]);
    expect(cues.map((cue) => cue.text)).toEqual(['he was not', 'an ill man']);
    expect(cues[0]?.start).toBe(0);
    expect(cues[1]?.start).toBe(3);
  });

  it('starts a new cue after the end of a sentence', () => {
    const cues = groupIntoCues(spoken('He was not. An ill man'));
    expect(cues.map((cue) => cue.text)).toEqual(['He was not.', 'An ill man']);
  });

  it('keeps a cue on screen at least a second unless the next one comes sooner', () => {
    const alone = groupIntoCues(spoken('Yes.'));
    expect(alone[0]).toEqual({ start: 0, end: 1, text: 'Yes.' });
    const crowded = groupIntoCues([
      { text: 'Yes.', start: 0, end: 0.2 },
      { text: 'No.', start: 0.5, end: 0.8 },
    ]);
    expect(crowded[0]?.end).toBe(0.5);
  });

  it('ends a cue that would stay up longer than seven seconds', () => {
    // Slow speech: each word a second long, no pauses, no punctuation.
    const cues = groupIntoCues(spoken('one two three four five six seven eight nine ten', 0, 1, 0));
    expect(cues.length).toBe(2);
    for (const cue of cues) expect(cue.end - cue.start).toBeLessThanOrEqual(7);
  });

  it('skips empty words and words without a duration', () => {
    expect(
      groupIntoCues([
        { text: ' ', start: 0, end: 1 },
        { text: 'hello', start: 1, end: 1 },
        { text: 'there', start: 2, end: 2.5 },
      ]),
    ).toEqual([{ start: 2, end: 3, text: 'there' }]);
  });

  it('keeps every word, in order, in readable cues that do not overlap', () => {
    const word = fc.stringMatching(/^[a-z]{1,14}[.,]?$/);
    const timing = fc.record({
      length: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
      gap: fc.double({ min: 0, max: 2, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(word, timing), { maxLength: 200 }), (said) => {
        let at = 0;
        const words: TimedWord[] = said.map(([text, { length, gap }]) => {
          const start = at + gap;
          at = start + length;
          return { text, start, end: at };
        });
        const cues = groupIntoCues(words);
        expect(cues.flatMap((cue) => cue.text.split(/[ \n]/))).toEqual(words.map((w) => w.text));
        for (const [index, cue] of cues.entries()) {
          const lines = cue.text.split('\n');
          expect(lines.length).toBeLessThanOrEqual(READABLE.lines);
          for (const line of lines) expect(line.length).toBeLessThanOrEqual(READABLE.lineLength);
          expect(cue.end).toBeGreaterThan(cue.start);
          const next = cues[index + 1];
          if (next) expect(cue.end).toBeLessThanOrEqual(next.start);
        }
      }),
    );
  });
});
