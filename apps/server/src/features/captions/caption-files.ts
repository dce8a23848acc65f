import type { CaptionCue } from '@airgrid/schema';
import * as mediaCaptions from 'media-captions';

// The package's own types import their files without extensions, which this project's ESM
// resolution cannot follow: the one call used here is typed by hand.
interface ParsedText {
  cues: { startTime: number; endTime: number; text: string }[];
  errors: { line: number; message: string }[];
}
const { parseText } = mediaCaptions as unknown as {
  parseText(text: string, options: { type: 'vtt' | 'srt'; errors: boolean }): Promise<ParsedText>;
};

// Caption files in and out: SRT and WebVTT read with media-captions (the Vidstack project's
// spec-following parser), problems reported with their line numbers; tracks written out as
// WebVTT for players.

export type CaptionFormat = 'vtt' | 'srt';

interface CaptionProblem {
  line: number;
  message: string;
}

export interface ParsedCaptions {
  format: CaptionFormat;
  cues: CaptionCue[];
  problems: CaptionProblem[];
}

/** WebVTT files say so on their first line; anything else is read as SRT. */
export function formatOf(text: string): CaptionFormat {
  return /^\uFEFF?WEBVTT(\s|$)/.test(text) ? 'vtt' : 'srt';
}

// An SRT timing line: 00:00:01,000 --> 00:00:03,500 (a dot is tolerated, as players do).
const SRT_TIMING = /^\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s+-->\s+\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}/;

/**
 * SRT problems the parser passes over in silence: a block whose timing line is not one. Each
 * block is an optional number, a timing line, then text; the line of the timing is reported.
 */
function srtProblems(text: string): CaptionProblem[] {
  const problems: CaptionProblem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let blockStart = -1;
  for (let index = 0; index <= lines.length; index += 1) {
    const line = (lines[index] ?? '').trim();
    if (line !== '' && blockStart < 0) blockStart = index;
    if ((line === '' || index === lines.length) && blockStart >= 0) {
      const block = lines.slice(blockStart, index).map((each) => each.trim());
      const timingAt = /^\d+$/.test(block[0] ?? '') ? 1 : 0;
      if (!SRT_TIMING.test(block[timingAt] ?? '')) {
        problems.push({
          line: blockStart + timingAt + 1,
          message: `expected a timing such as 00:00:01,000 --> 00:00:03,500, found “${(block[timingAt] ?? '').slice(0, 60)}”`,
        });
      }
      blockStart = -1;
    }
  }
  return problems;
}

/** Reads an SRT or WebVTT file into cues, with every problem found and its line. */
export async function parseCaptions(text: string): Promise<ParsedCaptions> {
  const format = formatOf(text);
  const result = await parseText(text, { type: format, errors: true });
  const problems: CaptionProblem[] = result.errors.map((error) => ({
    line: error.line,
    message: error.message.replace(/ on line \d+$/, ''),
  }));
  if (format === 'srt') problems.push(...srtProblems(text));
  const cues = result.cues
    .filter((cue) => cue.endTime > cue.startTime && cue.text.trim() !== '')
    .map((cue) => ({ start: cue.startTime, end: cue.endTime, text: cue.text }));
  problems.sort((a, b) => a.line - b.line);
  return { format, cues, problems };
}

function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const secs = Math.floor((ms % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(ms % 1000, 3)}`;
}

/** A track as a WebVTT file. Cue text cannot hold a blank line or `-->`: they are softened. */
export function toWebVtt(cues: readonly CaptionCue[]): string {
  const blocks = cues.map((cue) => {
    const text = cue.text
      .replace(/\n{2,}/g, '\n')
      .replace(/-->/g, '→')
      .trim();
    return `${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${text}`;
  });
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}
