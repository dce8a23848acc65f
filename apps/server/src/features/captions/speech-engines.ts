import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CaptionCue } from '@airgrid/schema';
import type { AutoCaptionsConfig } from '../../config.js';
import { parseCaptions } from './caption-files.js';
import type { TimedWord } from './cue-grouping.js';

// The speech recognizers behind "Generate captions", run on the server with no network:
// Debian's pocketsphinx (its US English model) by default, or a stronger engine the operator
// installed (whisper.cpp and a model file, say), run as a command. Each turns a 16 kHz mono
// WAV file into words with their timings.

export interface RecognizeOptions {
  signal?: AbortSignal;
  /** How far into the audio the engine is, in seconds, as it goes. */
  onProgress?: (seconds: number) => void;
  /** The audio's length: the engine is stopped after a multiple of it. */
  durationSec: number;
}

export interface SpeechEngine {
  /** What the track says made it, e.g. "pocketsphinx". */
  readonly name: string;
  /** The language (BCP 47) it recognizes. */
  readonly language: string;
  /** Why it cannot run on this server (a package missing), or null when it can. */
  unavailable(): Promise<string | null>;
  recognize(wav: string, options: RecognizeOptions): Promise<TimedWord[]>;
}

const POCKETSPHINX_MISSING =
  'Auto-captions need Debian’s pocketsphinx and pocketsphinx-en-us packages on the server (apt-get install pocketsphinx pocketsphinx-en-us), or another engine set in CAPTIONS_COMMAND.';

/** Where Debian's pocketsphinx-en-us puts the acoustic model the recognizer loads by default. */
const POCKETSPHINX_MODEL = '/usr/share/pocketsphinx/model/en-us/en-us';

/** An engine may take this many times the audio's length (plus a minute) before it is stopped. */
const TIME_FACTOR = 4;
/** What an engine may print: a transcript of hours is a few megabytes. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

async function onPath(program: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      await access(path.join(dir, program), constants.X_OK);
      return true;
    } catch {}
  }
  return false;
}

// pocketsphinx prints each utterance's hypothesis, then a line per word with `-time yes`:
// `word(2) 1.230 1.560 0.871` (an alternative pronunciation is numbered; silences and noises
// are <s>, </s>, <sil>, [NOISE], ++BREATH++).
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (?:-?\d+(?:\.\d+)?(?:e-?\d+)?)$/;
const FILLER = /^(<.*>|\[.*\]|\+\+.*\+\+)$/;

/**
 * The words of pocketsphinx's output, each utterance in sentence case ending in a full stop
 * (the recognizer knows neither case nor punctuation; a pause is the best guess at a sentence).
 */
export function pocketsphinxWords(output: string): TimedWord[] {
  const words: TimedWord[] = [];
  let utterance: TimedWord[] = [];
  const close = () => {
    const last = utterance.at(-1);
    if (last) last.text += '.';
    const first = utterance[0];
    if (first) first.text = first.text.charAt(0).toUpperCase() + first.text.slice(1);
    words.push(...utterance);
    utterance = [];
  };
  for (const line of output.split('\n')) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) continue;
    const [, raw = '', start = '0', end = '0'] = match;
    if (raw === '<s>') close();
    if (FILLER.test(raw)) continue;
    const text = raw.replace(/\(\d+\)$/, '').replace(/^i(?='|$)/, 'I');
    utterance.push({ text, start: Number(start), end: Number(end) });
  }
  close();
  return words;
}

/**
 * A cue's words spread over its time by their length: engines that write cues of several words
 * (SRT, WebVTT) give no word times, and the words are laid out again in readable cues.
 */
export function wordsOfCues(cues: readonly CaptionCue[]): TimedWord[] {
  return cues.flatMap((cue) => {
    const texts = cue.text
      .replace(/<[^>]*>/g, '')
      .split(/\s+/)
      .filter(Boolean);
    const letters = texts.reduce((sum, text) => sum + text.length + 1, 0);
    let at = cue.start;
    return texts.map((text) => {
      const start = at;
      at += ((cue.end - cue.start) * (text.length + 1)) / letters;
      return { text, start, end: at };
    });
  });
}

/** Words from an engine's JSON: `[{ text, start, end }]` (seconds) or `{ words: [...] }`. */
export function wordsOfJson(value: unknown): TimedWord[] | null {
  const list = Array.isArray(value) ? value : (value as { words?: unknown } | null)?.words;
  if (!Array.isArray(list)) return null;
  const words: TimedWord[] = [];
  for (const item of list) {
    const word = item as Partial<TimedWord> | null;
    const start = Number(word?.start);
    const end = Number(word?.end);
    if (typeof word?.text !== 'string' || !Number.isFinite(start) || !Number.isFinite(end))
      return null;
    words.push({ text: word.text, start, end });
  }
  return words;
}

/** Runs a program to its end; its standard output, or an error naming what it said last. */
function run(
  program: string,
  args: string[],
  { signal, durationSec, onLine }: RecognizeOptions & { onLine?: (line: string) => void },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      signal,
      timeout: Math.ceil((durationSec * TIME_FACTOR + 60) * 1000),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let pending = '';
    let errors = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (output.length + chunk.length > MAX_OUTPUT_BYTES) {
        child.kill();
        return;
      }
      output += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine?.(line);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code, killedBy) => {
      if (code === 0) resolve(output);
      else {
        const said = errors.trim().split('\n').at(-1);
        const why = killedBy ? `it was stopped (${killedBy})` : `it ended with code ${code}`;
        reject(new Error(`${path.basename(program)} failed: ${said || why}`));
      }
    });
  });
}

export class PocketsphinxEngine implements SpeechEngine {
  readonly name = 'pocketsphinx';
  readonly language = 'en';

  async unavailable(): Promise<string | null> {
    const installed =
      (await onPath('pocketsphinx_continuous')) &&
      (await access(POCKETSPHINX_MODEL).then(
        () => true,
        () => false,
      ));
    return installed ? null : POCKETSPHINX_MISSING;
  }

  async recognize(wav: string, options: RecognizeOptions): Promise<TimedWord[]> {
    const output = await run(
      'pocketsphinx_continuous',
      ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null'],
      {
        ...options,
        onLine: (line) => {
          const match = WORD_LINE.exec(line.trim());
          if (match) options.onProgress?.(Number(match[3]));
        },
      },
    ).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new Error(POCKETSPHINX_MISSING) : error;
    });
    return pocketsphinxWords(output);
  }
}

/** Puts a path into a shell command as one word. */
function quoted(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * An engine the operator installed, run as `CAPTIONS_COMMAND` through the shell: it reads the
 * WAV file named `{input}` and either writes `{output}.json` (words with times), `{output}.vtt`
 * or `{output}.srt`, or prints WebVTT or SRT.
 */
export class CommandEngine implements SpeechEngine {
  readonly name: string;

  constructor(
    private readonly command: string,
    readonly language: string,
  ) {
    this.name = path.basename(command.trim().split(/\s+/)[0] ?? 'command');
  }

  async unavailable(): Promise<string | null> {
    const program = this.command.trim().split(/\s+/)[0] ?? '';
    const found = program.includes('/')
      ? await access(program, constants.X_OK).then(
          () => true,
          () => false,
        )
      : await onPath(program);
    return found
      ? null
      : `The captions engine in CAPTIONS_COMMAND (${program}) is not installed on the server.`;
  }

  async recognize(wav: string, options: RecognizeOptions): Promise<TimedWord[]> {
    const output = wav.replace(/\.wav$/, '');
    const line = this.command
      .replaceAll('{input}', quoted(wav))
      .replaceAll('{output}', quoted(output));
    const printed = await run('/bin/sh', ['-c', line], options);
    const written = async (extension: string) =>
      readFile(`${output}.${extension}`, 'utf8').catch(() => null);
    const json = await written('json');
    if (json !== null) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch {}
      const words = wordsOfJson(parsed);
      if (!words) throw new Error(`${this.name} wrote JSON that is not a list of timed words.`);
      return words;
    }
    const text = (await written('vtt')) ?? (await written('srt')) ?? printed;
    const { cues, problems } = await parseCaptions(text);
    if (cues.length === 0 && problems.length > 0)
      throw new Error(
        `${this.name} gave captions that cannot be read: line ${problems[0]?.line}: ${problems[0]?.message}`,
      );
    return wordsOfCues(cues);
  }
}

/** The engine the configuration names. */
export function speechEngine(config: AutoCaptionsConfig): SpeechEngine {
  return config.command
    ? new CommandEngine(config.command, config.language)
    : new PocketsphinxEngine();
}
