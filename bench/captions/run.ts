import { parseArgs } from 'node:util';
import { groupIntoCues } from '../../apps/server/src/features/captions/cue-grouping.js';
import { speechEngine } from '../../apps/server/src/features/captions/speech-engines.js';
import {
  wordEdits,
  wordErrorRate,
  wordsOf,
} from '../../apps/server/src/features/captions/word-error-rate.js';
import { librivoxClips } from '../../apps/server/test/media-clips.js';
import { formatNumber, load, machine, printTable } from '../common.js';

// Auto-captions' accuracy: the speech engine "Generate captions" runs (pocketsphinx unless
// --command names another, as CAPTIONS_COMMAND does) over Debian's LibriVox test clips
// (pocketsphinx-testdata), its words laid out in cues as the job does, and the cues' text
// compared with the clips' transcriptions. Prints each clip's word error rate, the total (all
// edits over all words said; target: at most 40%) and how fast the engine ran against the
// audio's length.
//
//   npx tsx --conditions=airgrid-source bench/captions/run.ts [--command "whisper-cli -m model.bin -f {input} -ml 1 -ovtt -of {output}"]

const { values } = parseArgs({ options: { command: { type: 'string' } } });
const engine = speechEngine({ command: values.command, language: 'en' });
const missing = await engine.unavailable();
if (missing) {
  console.error(missing);
  process.exit(1);
}

const clips = librivoxClips();
const table = [['clip', 'words', 'errors', 'WER', 'audio s', 'engine s', '× real time']];
let words = 0;
let errors = 0;
let audio = 0;
let spent = 0;
for (const clip of clips) {
  const started = performance.now();
  const heard = groupIntoCues(await engine.recognize(clip.file, { durationSec: clip.seconds }))
    .map((cue) => cue.text)
    .join(' ');
  const seconds = (performance.now() - started) / 1000;
  const said = wordsOf(clip.transcript);
  const edits = wordEdits(said, wordsOf(heard));
  words += said.length;
  errors += edits;
  audio += clip.seconds;
  spent += seconds;
  console.log(`${clip.file.split('/').at(-1)}\n  said:  ${clip.transcript}\n  heard: ${heard}`);
  table.push([
    clip.file.split('-').at(-1)?.replace('.wav', '') ?? clip.file,
    String(said.length),
    String(edits),
    `${formatNumber(wordErrorRate(clip.transcript, heard) * 100, 1)}%`,
    formatNumber(clip.seconds, 1),
    formatNumber(seconds, 1),
    formatNumber(seconds / clip.seconds, 2),
  ]);
}
table.push([
  'all',
  String(words),
  String(errors),
  `${formatNumber((errors / words) * 100, 1)}%`,
  formatNumber(audio, 1),
  formatNumber(spent, 1),
  formatNumber(spent / audio, 2),
]);
printTable(
  `Auto-captions: ${engine.name} on Debian's LibriVox clips (${machine()}, load ${load()})`,
  table,
);
const total = errors / words;
console.log(
  `\nWord error rate ${formatNumber(total * 100, 1)}% (target: at most 40%): ${total <= 0.4 ? 'met' : 'MISSED'}`,
);
