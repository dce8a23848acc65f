import type { CaptionCue } from '@airgrid/schema';

// What a caption track's cues must be, whoever writes them (an upload, the editor, the
// recognizer): times in seconds within a day, each cue ending after it starts, text of a
// readable length, and a count a player can take.

export const MAX_CUES = 20_000;
const MAX_CUE_TEXT = 1000;
const DAY_SEC = 24 * 3600;

/** The cues, checked and tidied (times rounded to the millisecond, sorted by start), or a reason. */
export function checkCues(value: unknown): CaptionCue[] | string {
  if (value === null || value === undefined || value === '') return [];
  if (!Array.isArray(value)) return 'Must be a list of cues.';
  if (value.length > MAX_CUES) return `A track holds at most ${MAX_CUES} cues.`;
  const cues: CaptionCue[] = [];
  for (const [index, raw] of value.entries()) {
    const cue = raw as Partial<CaptionCue> | null;
    const start = Number(cue?.start);
    const end = Number(cue?.end);
    const text = typeof cue?.text === 'string' ? cue.text : null;
    const at = `Cue ${index + 1}`;
    if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end > DAY_SEC)
      return `${at}: its start and end must be times in seconds.`;
    if (end <= start) return `${at}: it must end after it starts.`;
    if (text === null || text.trim() === '') return `${at}: it has no text.`;
    if (text.length > MAX_CUE_TEXT)
      return `${at}: its text is longer than ${MAX_CUE_TEXT} characters.`;
    cues.push({
      start: Math.round(start * 1000) / 1000,
      end: Math.round(end * 1000) / 1000,
      text: text.replace(/\r\n?/g, '\n'),
    });
  }
  return cues.sort((a, b) => a.start - b.start || a.end - b.end);
}
