import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The media the browser tests upload: the server tests' clips (a real H.264/AAC MP4 with a test
// picture and a tone, made with Debian's ffmpeg once per run).
export { solidPng, speechVideo, testClip } from '../../../server/test/media-clips';

/**
 * A `megabytes` MB "MP4" on disk (its type box, then padding), named programme.mp4: big enough
 * for several resumable pieces (8 MB each at most), with content the server takes as video.
 */
export function programmeFile(megabytes: number): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'airgrid-upload-')), 'programme.mp4');
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2'),
      Buffer.alloc(megabytes * 1024 * 1024 - 24),
    ]),
  );
  return file;
}
