import { describe, expect, it } from 'vitest';
import { subtitleSegment, vttTime } from './subtitle-segment.js';

const CUES = [
  { start: 0.5, end: 2, text: 'Good evening.' },
  { start: 5, end: 7.25, text: 'Tonight:\n\nthe budget --> again' },
  { start: 12, end: 13, text: 'Later.' },
];

describe('subtitleSegment', () => {
  it('holds the cues overlapping the segment, in media time, mapped to the packaged clock', () => {
    expect(subtitleSegment(CUES, 0, 6)).toBe(
      [
        'WEBVTT',
        'X-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000',
        '',
        '00:00:00.500 --> 00:00:02.000',
        'Good evening.',
        '',
        '00:00:05.000 --> 00:00:07.250',
        'Tonight:\nthe budget → again',
        '',
        '',
      ].join('\n'),
    );
    // A cue across the boundary is in both segments; the third segment has the last.
    expect(subtitleSegment(CUES, 1, 6)).toContain('00:00:05.000 --> 00:00:07.250');
    expect(subtitleSegment(CUES, 2, 6)).toContain('00:00:12.000 --> 00:00:13.000');
    expect(subtitleSegment(CUES, 3, 6)).not.toContain('-->');
  });

  it('writes WebVTT times', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(3725.0456)).toBe('01:02:05.046');
  });
});
