// Audio descriptions spoken by the browser (the Web Speech API's speech synthesis): each cue of
// a `descriptions` track is read out when its time comes, over the programme, which never
// pauses for it. A cue still being read when the next one starts gives way to it, so the
// voice stays with the picture.

export interface DescriptionCue {
  start: number;
  end: number;
  text: string;
}

/** Whether this browser can speak. */
export function speechSupported(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window;
}

/** Reads a description out now, in the track's language, cutting short the one before. */
export function speakDescription(text: string, language: string): void {
  if (!speechSupported()) return;
  const spoken = text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!spoken) return;
  window.speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(spoken);
  if (language) utterance.lang = language;
  window.speechSynthesis.speak(utterance);
}

/** Stops speaking (descriptions turned off, the player gone). */
export function stopDescriptions(): void {
  if (speechSupported()) window.speechSynthesis.cancel();
}

/**
 * The index of the first cue to speak from `position` seconds into the programme: a cue that
 * began less than `grace` seconds ago is still worth hearing; cues.length when none is left.
 * Cues are sorted by start (tracks keep them so).
 */
export function nextCueIndex(cues: readonly DescriptionCue[], position: number, grace = 1): number {
  let low = 0;
  let high = cues.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((cues[middle]?.start ?? 0) < position - grace) low = middle + 1;
    else high = middle;
  }
  return low;
}
