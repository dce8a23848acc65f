import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommandEngine,
  PocketsphinxEngine,
  pocketsphinxWords,
  wordsOfCues,
  wordsOfJson,
} from './speech-engines.js';
import { wordErrorRate, wordsOf } from './word-error-rate.js';

// What pocketsphinx_continuous -time yes prints for two utterances (trimmed from a real run on
// Debian's LibriVox test clips).
const OUTPUT = `he was not until this blows young man
<s> 8.510 8.600 0.999800
<sil> 8.610 8.830 0.558686
he 8.840 8.950 0.998801
was(2) 8.960 9.170 0.999900
not 9.180 9.600 0.997403
[NOISE] 9.610 9.740 0.651518
i 9.750 10.090 0.195130
</s> 11.360 11.720 1.000000
homeless to be
<s> 13.220 13.330 0.999700
homeless 13.340 13.690 0.044665
to(3) 13.700 13.790 0.393408
i'm 13.800 13.950 0.867000
</s> 18.200 18.860 1.000000
`;

describe('pocketsphinxWords', () => {
  it('reads the timed words, each utterance a sentence, without silences and noises', () => {
    expect(pocketsphinxWords(OUTPUT)).toEqual([
      { text: 'He', start: 8.84, end: 8.95 },
      { text: 'was', start: 8.96, end: 9.17 },
      { text: 'not', start: 9.18, end: 9.6 },
      { text: 'I.', start: 9.75, end: 10.09 },
      { text: 'Homeless', start: 13.34, end: 13.69 },
      { text: 'to', start: 13.7, end: 13.79 },
      { text: "I'm.", start: 13.8, end: 13.95 },
    ]);
  });

  it('reads nothing from output without word lines', () => {
    expect(pocketsphinxWords('')).toEqual([]);
    expect(pocketsphinxWords('INFO: something\nhello world\n')).toEqual([]);
  });
});

describe('wordsOfCues', () => {
  it('spreads a cue’s words over its time by their length', () => {
    const words = wordsOfCues([{ start: 10, end: 12, text: 'a <i>bb</i>\nccc' }]);
    expect(words.map((w) => w.text)).toEqual(['a', 'bb', 'ccc']);
    expect(words[0]?.start).toBe(10);
    expect(words.at(-1)?.end).toBeCloseTo(12);
    expect(words[1]?.start).toBeCloseTo(words[0]?.end ?? 0);
  });
});

describe('wordsOfJson', () => {
  it('takes a list of timed words, bare or under `words`', () => {
    const list = [{ text: 'hi', start: 0, end: 0.5 }];
    expect(wordsOfJson(list)).toEqual(list);
    expect(wordsOfJson({ words: list })).toEqual(list);
    expect(wordsOfJson({ words: [{ text: 'hi' }] })).toBeNull();
    expect(wordsOfJson('nope')).toBeNull();
  });
});

describe('wordErrorRate', () => {
  it('counts substitutions, deletions and insertions over the words said', () => {
    expect(wordErrorRate('He was not an ill-disposed man.', 'he was not an ill disposed man')).toBe(
      0,
    );
    expect(wordErrorRate('a b c d', 'a x c')).toBe(0.5);
    expect(wordErrorRate('a b', 'a b c d')).toBe(1);
    expect(wordErrorRate('', '')).toBe(0);
    expect(wordsOf("Don't — stop!")).toEqual(["don't", 'stop']);
  });
});

describe('CommandEngine', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'airgrid-engine-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function script(name: string, body: string) {
    const file = path.join(dir, name);
    await writeFile(file, `#!/bin/sh\n${body}\n`);
    await chmod(file, 0o755);
    return file;
  }

  it('reads WebVTT the engine writes beside {output}', async () => {
    const engine = new CommandEngine(
      `${await script('writes-vtt', `printf 'WEBVTT\\n\\n00:00:01.000 --> 00:00:02.000\\nhello there\\n' > "$2.vtt"`)} {input} {output}`,
      'en',
    );
    expect(await engine.unavailable()).toBeNull();
    const words = await engine.recognize(path.join(dir, 'audio.wav'), { durationSec: 5 });
    expect(words.map((w) => w.text)).toEqual(['hello', 'there']);
    expect(words[0]?.start).toBe(1);
  });

  it('reads SRT the engine prints, and timed words it writes as JSON', async () => {
    const prints = new CommandEngine(
      `${await script('prints-srt', `printf '1\\n00:00:03,000 --> 00:00:04,000\\nfrom stdout\\n'`)} {input}`,
      'es',
    );
    expect((await prints.recognize(path.join(dir, 'a.wav'), { durationSec: 5 })).length).toBe(2);
    const json = new CommandEngine(
      `${await script('writes-json', `echo '[{"text":"hola","start":0.5,"end":0.9}]' > "$2.json"`)} {input} {output}`,
      'es',
    );
    expect(await json.recognize(path.join(dir, 'b.wav'), { durationSec: 5 })).toEqual([
      { text: 'hola', start: 0.5, end: 0.9 },
    ]);
  });

  it('says what failed: a missing program, an engine that fails', async () => {
    expect(await new CommandEngine('no-such-engine-here {input}', 'en').unavailable()).toMatch(
      /CAPTIONS_COMMAND \(no-such-engine-here\) is not installed/,
    );
    const failing = new CommandEngine(
      `${await script('fails', 'echo "model file not found" >&2; exit 3')} {input}`,
      'en',
    );
    await expect(failing.recognize(path.join(dir, 'c.wav'), { durationSec: 5 })).rejects.toThrow(
      /failed: model file not found/,
    );
  });
});

describe('PocketsphinxEngine', () => {
  it('names the Debian packages when it is not installed', async () => {
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(await new PocketsphinxEngine().unavailable()).toMatch(
        /apt-get install pocketsphinx pocketsphinx-en-us/,
      );
    } finally {
      process.env.PATH = saved;
    }
  });
});
