import type { CaptionCue } from '@airgrid/schema';

// Recognized words into readable caption cues, the way broadcast caption guidelines set them:
// at most two lines of about 42 characters, a cue on screen for at most 7 seconds and at least
// about one (never over the next), a new cue after a pause or a sentence's end, and two lines
// split where they come out most even.

/** One recognized word and when it was said, in seconds from the start of the media. */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
}

export interface CueLayout {
  /** Characters per line. */
  lineLength: number;
  /** Lines per cue. */
  lines: number;
  /** Longest time a cue stays up, in seconds. */
  maxDuration: number;
  /** Shortest time a cue stays up, when the next one leaves room. */
  minDuration: number;
  /** A silence at least this long (seconds) starts a new cue. */
  pause: number;
}

export const READABLE: CueLayout = {
  lineLength: 42,
  lines: 2,
  maxDuration: 7,
  minDuration: 1,
  pause: 0.8,
};

const SENTENCE_END = /[.!?…]["')\]]*$/;

/**
 * Splits a cue's words into at most `lines` lines of at most `lineLength` characters, as even
 * as they come; null when they do not fit. A single word longer than a line gets a line of its
 * own rather than being cut.
 */
export function breakLines(words: readonly string[], layout: CueLayout = READABLE): string | null {
  const one = words.join(' ');
  if (one.length <= layout.lineLength || words.length === 1) return one;
  if (layout.lines < 2) return null;
  let best: { text: string; longest: number } | null = null;
  for (let split = 1; split < words.length; split += 1) {
    const first = words.slice(0, split).join(' ');
    const second = words.slice(split).join(' ');
    const longest = Math.max(first.length, second.length);
    const fits =
      (first.length <= layout.lineLength || split === 1) &&
      (second.length <= layout.lineLength || split === words.length - 1);
    if (fits && (!best || longest < best.longest)) best = { text: `${first}\n${second}`, longest };
  }
  return best?.text ?? null;
}

/** Groups words, in the order they were said, into cues a viewer can read. */
export function groupIntoCues(
  words: readonly TimedWord[],
  layout: CueLayout = READABLE,
): CaptionCue[] {
  const groups: TimedWord[][] = [];
  let current: TimedWord[] = [];
  for (const word of words) {
    const text = word.text.trim();
    if (!text || !(word.end > word.start)) continue;
    const tidy = { ...word, text };
    const last = current.at(-1);
    const first = current[0];
    const startsNew =
      !last ||
      !first ||
      tidy.start - last.end >= layout.pause ||
      SENTENCE_END.test(last.text) ||
      tidy.end - first.start > layout.maxDuration ||
      breakLines(
        [...current, tidy].map((w) => w.text),
        layout,
      ) === null;
    if (startsNew && current.length > 0) {
      groups.push(current);
      current = [];
    }
    current.push(tidy);
  }
  if (current.length > 0) groups.push(current);

  return groups.map((group, index) => {
    const start = group[0]?.start ?? 0;
    const spoken = group.at(-1)?.end ?? start;
    const nextStart = groups[index + 1]?.[0]?.start ?? Number.POSITIVE_INFINITY;
    // Short cues stay up long enough to read, but never over the next one.
    const end = Math.max(spoken, Math.min(start + layout.minDuration, nextStart));
    const text = breakLines(
      group.map((w) => w.text),
      layout,
    ) as string;
    return { start: round(start), end: round(end), text };
  });
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
