// The word error rate, the usual measure of a speech recognizer: the fewest words substituted,
// deleted and inserted to turn what it heard into what was said, over the words said. Case and
// punctuation do not count.

/** A text's words, lower case, without punctuation (apostrophes inside words stay). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** The word-level edit distance between the two word lists. */
export function wordEdits(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let i = 1; i <= reference.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j += 1) {
      const substitution =
        (previous[j - 1] ?? 0) + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return previous[hypothesis.length] ?? 0;
}

/** Edits over the reference's words: 0 is perfect; it can exceed 1 when much is inserted. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const said = wordsOf(reference);
  const heard = wordsOf(hypothesis);
  if (said.length === 0) return heard.length === 0 ? 0 : 1;
  return wordEdits(said, heard) / said.length;
}
