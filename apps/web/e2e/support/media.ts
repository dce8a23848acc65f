import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

let clip: Buffer | undefined;

/**
 * A real three-second MP4 (a 320×240 H.264 test picture and a mono AAC tone), made with ffmpeg
 * once per run: what the server's media reading is shown with. Needs Debian's ffmpeg.
 */
export function testClip(): Buffer {
  if (clip) return clip;
  const dir = mkdtempSync(path.join(tmpdir(), 'airgrid-e2e-clip-'));
  const file = path.join(dir, 'clip.mp4');
  try {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=3',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=3',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ]);
    clip = readFileSync(file);
    return clip;
  } catch (error) {
    throw new Error(
      `The media tests make a clip with ffmpeg: install Debian's ffmpeg package (apt-get install ffmpeg). ${String(error)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
