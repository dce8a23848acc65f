import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './file-storage.js';
import { LocalStorage } from './local-storage.js';

/**
 * Runs `work` with a path to a stored file, for programs that read files (ffmpeg, a speech
 * recognizer): the file itself on local disk, a temporary copy from S3 (removed after).
 */
export async function withLocalFile<T>(
  storage: FileStorage,
  key: string,
  work: (file: string) => Promise<T>,
): Promise<T> {
  if (storage instanceof LocalStorage) return work(storage.pathOf(key));
  const dir = await mkdtemp(path.join(tmpdir(), 'airgrid-local-copy-'));
  try {
    const file = path.join(dir, path.basename(key));
    await pipeline(await storage.read(key), createWriteStream(file));
    return await work(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
