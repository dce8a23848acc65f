import type { CaptionCue } from '@airgrid/schema';

// The cue editor's logic apart from React: times as people type them, and the edits (shift,
// split, merge) on a track's cues. The server checks the result again (collections/caption-cues).

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Seconds as the editor shows them: "00:01:02.500". */
export function formatCueTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const secs = Math.floor((ms % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(ms % 1000, 3)}`;
}

/**
 * A typed time back to seconds, or null when it is not one: "1:02.5", "00:01:02.500",
 * "62.5" and "01:02,5" (SRT's comma) all read as 62.5.
 */
export function parseCueTime(text: string): number | null {
  const parts = text.trim().replace(',', '.').split(':');
  if (parts.length > 3 || parts.some((part) => part === '')) return null;
  const secondsText = parts.pop() ?? '';
  if (!/^\d+(\.\d{1,3})?$/.test(secondsText) || parts.some((part) => !/^\d+$/.test(part)))
    return null;
  const seconds = Number(secondsText);
  const [hours, minutes] = parts.length === 2 ? parts.map(Number) : [0, Number(parts[0] ?? 0)];
  if (parts.length > 0 && seconds >= 60) return null;
  if (parts.length === 2 && (minutes ?? 0) >= 60) return null;
  return Math.round(((hours ?? 0) * 3600 + (minutes ?? 0) * 60 + seconds) * 1000) / 1000;
}

/** Every cue moved by `offset` seconds; cues pushed before 0 start at 0, none is lost. */
export function shiftCues(cues: readonly CaptionCue[], offset: number): CaptionCue[] {
  return cues.map((cue) => {
    const length = cue.end - cue.start;
    const start = Math.max(0, Math.round((cue.start + offset) * 1000) / 1000);
    return { ...cue, start, end: Math.round((start + length) * 1000) / 1000 };
  });
}

/**
 * Splits cue `index` in two at the middle of its time, its text at the space nearest the middle
 * (a single word goes whole to the first half).
 */
export function splitCue(cues: readonly CaptionCue[], index: number): CaptionCue[] {
  const cue = cues[index];
  if (!cue) return [...cues];
  const middle = Math.round(((cue.start + cue.end) / 2) * 1000) / 1000;
  const text = cue.text;
  const centre = text.length / 2;
  let cut = -1;
  for (let i = 0; i < text.length; i += 1) {
    if (/\s/.test(text[i] ?? '') && (cut < 0 || Math.abs(i - centre) < Math.abs(cut - centre)))
      cut = i;
  }
  const first = cut < 0 ? text : text.slice(0, cut).trim();
  const second = cut < 0 ? '…' : text.slice(cut).trim();
  return [
    ...cues.slice(0, index),
    { start: cue.start, end: middle, text: first },
    { start: middle, end: cue.end, text: second },
    ...cues.slice(index + 1),
  ];
}

/** Merges cue `index` with the next one: its start, the next one's end, both texts. */
export function mergeWithNext(cues: readonly CaptionCue[], index: number): CaptionCue[] {
  const cue = cues[index];
  const next = cues[index + 1];
  if (!cue || !next) return [...cues];
  return [
    ...cues.slice(0, index),
    { start: cue.start, end: Math.max(cue.end, next.end), text: `${cue.text}\n${next.text}` },
    ...cues.slice(index + 2),
  ];
}

/** What is wrong with one cue, or null. */
export function cueProblem(cue: CaptionCue): string | null {
  if (!Number.isFinite(cue.start) || !Number.isFinite(cue.end)) return 'time';
  if (cue.end <= cue.start) return 'order';
  if (cue.text.trim() === '') return 'text';
  return null;
}

/** The cues as a WebVTT file, for the preview player before they are saved. */
export function cuesToVtt(cues: readonly CaptionCue[]): string {
  const blocks = cues.map(
    (cue) =>
      `${formatCueTime(cue.start)} --> ${formatCueTime(cue.end)}\n${cue.text.replace(/\n{2,}/g, '\n').replace(/-->/g, '→')}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** The timeline's length: the media's, or past the last cue when the cues run longer. */
export function timelineSeconds(cues: readonly CaptionCue[], mediaSeconds: number): number {
  const last = cues.reduce((end, cue) => Math.max(end, cue.end), 0);
  return Math.max(mediaSeconds || 0, last, 10);
}

/** The ruler's step in seconds: the smallest of 1 s, 5 s, 10 s, 30 s, 1 min… a label apart. */
export function rulerStep(pixelsPerSecond: number, minGapPx = 64): number {
  const steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];
  return steps.find((step) => step * pixelsPerSecond >= minGapPx) ?? 3600;
}

/** The cue on screen at `seconds`, or -1. */
export function cueAt(cues: readonly CaptionCue[], seconds: number): number {
  return cues.findIndex((cue) => cue.start <= seconds && seconds < cue.end);
}
