import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cueAt,
  cueProblem,
  cuesToVtt,
  formatCueTime,
  mergeWithNext,
  parseCueTime,
  rulerStep,
  shiftCues,
  splitCue,
  timelineSeconds,
} from './cue-editor-model';

describe('cue times', () => {
  it('reads the ways people type a time', () => {
    expect(parseCueTime('00:01:02.500')).toBe(62.5);
    expect(parseCueTime('1:02.5')).toBe(62.5);
    expect(parseCueTime('62.5')).toBe(62.5);
    expect(parseCueTime('01:02,5')).toBe(62.5);
    expect(parseCueTime('1:00:00')).toBe(3600);
  });

  it('refuses what is not a time', () => {
    for (const text of ['', 'abc', '1:2:3:4', '1:60', '1:75:00', '-3', '1..2', ':30'])
      expect(parseCueTime(text), text).toBeNull();
  });

  it('reads back every time it writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86_399_999 }), (ms) => {
        const seconds = ms / 1000;
        return parseCueTime(formatCueTime(seconds)) === seconds;
      }),
    );
  });
});

describe('cue edits', () => {
  const cues = [
    { start: 1, end: 3, text: 'Good evening and welcome' },
    { start: 4, end: 6, text: 'to the meeting.' },
  ];

  it('shifts every cue, never before the start', () => {
    expect(shiftCues(cues, 1.5).map((cue) => [cue.start, cue.end])).toEqual([
      [2.5, 4.5],
      [5.5, 7.5],
    ]);
    expect(shiftCues(cues, -2)[0]).toEqual({ start: 0, end: 2, text: 'Good evening and welcome' });
  });

  it('splits a cue in time and at the space nearest its middle', () => {
    expect(splitCue(cues, 0).slice(0, 2)).toEqual([
      { start: 1, end: 2, text: 'Good evening' },
      { start: 2, end: 3, text: 'and welcome' },
    ]);
    expect(splitCue([{ start: 0, end: 1, text: 'Word' }], 0)[1]?.text).toBe('…');
  });

  it('merges a cue with the next', () => {
    expect(mergeWithNext(cues, 0)).toEqual([
      { start: 1, end: 6, text: 'Good evening and welcome\nto the meeting.' },
    ]);
    expect(mergeWithNext(cues, 1)).toEqual(cues);
  });

  it('names what is wrong with a cue', () => {
    expect(cueProblem({ start: 2, end: 1, text: 'x' })).toBe('order');
    expect(cueProblem({ start: 0, end: 1, text: ' ' })).toBe('text');
    expect(cueProblem({ start: 0, end: 1, text: 'ok' })).toBeNull();
  });

  it('writes WebVTT for the preview', () => {
    expect(cuesToVtt(cues)).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nGood evening and welcome\n\n00:00:04.000 --> 00:00:06.000\nto the meeting.\n',
    );
  });
});

describe('the timeline', () => {
  const cues = [
    { start: 1, end: 3, text: 'a' },
    { start: 4, end: 9.5, text: 'b' },
  ];
  it('spans the media, or the cues when they run longer, and at least ten seconds', () => {
    expect(timelineSeconds(cues, 60)).toBe(60);
    expect(timelineSeconds(cues, 0)).toBe(10);
    expect(timelineSeconds([{ start: 0, end: 30, text: 'x' }], 12)).toBe(30);
  });
  it('labels the ruler at round steps at least a label apart', () => {
    expect(rulerStep(80)).toBe(1);
    expect(rulerStep(20)).toBe(5);
    expect(rulerStep(2)).toBe(60);
  });
  it('finds the cue on screen at a time', () => {
    expect(cueAt(cues, 2)).toBe(0);
    expect(cueAt(cues, 3)).toBe(-1);
    expect(cueAt(cues, 9)).toBe(1);
  });
});
