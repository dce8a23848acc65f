/**
 * One segment of the live subtitles rendition: the WebVTT cues of a media's caption track that
 * overlap its segment n, timed in the media's own seconds. The packaged transport streams start
 * their clocks at 1.4 s (ffmpeg's MPEG-TS default), so `X-TIMESTAMP-MAP` ties the media's
 * second 0 to that timestamp; a player lines the cues up with the picture of the same item
 * (each item is a discontinuity of its own, in both renditions alike).
 */

/** A cue in seconds from the start of the media. */
export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
}

/** The 90 kHz timestamp a packaged media's second 0 has (ffmpeg's 1.4 s MPEG-TS delay). */
const PACKAGED_TS_START = 126_000;

/** "00:01:02.500" */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The WebVTT file of segment n (0-based) of a media, T seconds long: its cues, or none. */
export function subtitleSegment(
  cues: readonly SubtitleCue[],
  segment: number,
  segmentSec: number,
): string {
  const from = segment * segmentSec;
  const to = from + segmentSec;
  const lines = ['WEBVTT', `X-TIMESTAMP-MAP=MPEGTS:${PACKAGED_TS_START},LOCAL:00:00:00.000`, ''];
  for (const cue of cues) {
    if (cue.end <= from || cue.start >= to || cue.end <= cue.start) continue;
    // A cue's text never holds a blank line (it would end the cue) nor "-->".
    const text = cue.text
      .replace(/-->/g, '→')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .join('\n');
    if (text === '') continue;
    lines.push(`${vttTime(cue.start)} --> ${vttTime(cue.end)}`, text, '');
  }
  return `${lines.join('\n')}\n`;
}
