import { describe, expect, it } from 'vitest';
import { formatOf, parseCaptions, toWebVtt } from './caption-files.js';

const SRT = `1
00:00:01,000 --> 00:00:03,500
Good evening, and welcome
to the council meeting.

2
00:00:04,000 -> 00:00:06,000
A broken arrow.

3
00:00:07,000 --> 00:00:09,250
The minutes are approved.
`;

describe('parseCaptions', () => {
  it('reads SRT, and names the line of a cue it cannot read', async () => {
    const parsed = await parseCaptions(SRT);
    expect(parsed.format).toBe('srt');
    expect(parsed.cues).toEqual([
      { start: 1, end: 3.5, text: 'Good evening, and welcome\nto the council meeting.' },
      { start: 7, end: 9.25, text: 'The minutes are approved.' },
    ]);
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]?.line).toBe(7);
    expect(parsed.problems[0]?.message).toContain('expected a timing such as');
  });

  it('reads WebVTT, with its problems by line', async () => {
    const parsed = await parseCaptions(
      'WEBVTT\n\n00:01.000 --> 00:03.000\nHello\n\n00:05.000 --> bad\nWorld\n',
    );
    expect(parsed.format).toBe('vtt');
    expect(parsed.cues).toEqual([{ start: 1, end: 3, text: 'Hello' }]);
    expect(parsed.problems).toEqual([{ line: 6, message: 'cue end timestamp `bad` is invalid' }]);
  });

  it('tells the formats apart by the WebVTT header', () => {
    expect(formatOf('\uFEFFWEBVTT\n')).toBe('vtt');
    expect(formatOf('WEBVTT - a title\n')).toBe('vtt');
    expect(formatOf('1\n00:00:01,000 --> 00:00:02,000\nHi\n')).toBe('srt');
  });
});

describe('toWebVtt', () => {
  it('writes a file players and the parser read back the same', async () => {
    const cues = [
      { start: 0.5, end: 2, text: 'First line\nsecond line' },
      { start: 3723.25, end: 3725, text: 'An hour in' },
    ];
    const vtt = toWebVtt(cues);
    expect(vtt).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nFirst line\nsecond line\n\n01:02:03.250 --> 01:02:05.000\nAn hour in\n',
    );
    expect((await parseCaptions(vtt)).cues).toEqual(cues);
  });

  it('keeps a cue’s text from breaking the file', () => {
    expect(toWebVtt([{ start: 0, end: 1, text: 'a\n\n\nb --> c' }])).toContain('a\nb → c');
  });
});
