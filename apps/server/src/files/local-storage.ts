import type { Dirent } from 'node:fs';
import { createReadStream, existsSync } from 'node:fs';
import {
  copyFile,
  mkdir,
  readdir,
  rename,
  rm,
  rmdir,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sniffFile } from './content-sniffer.js';
import {
  assertSafeKey,
  type ByteRange,
  type FileStorage,
  type ListedFile,
  type StoredFile,
} from './file-storage.js';

/**
 * Files on local disk under `DATA_DIR/storage/{key}`. The content type is recognized from the
 * file's first bytes when it is served (remembered per size and modification time), so no
 * sidecar files are needed.
 */
export class LocalStorage implements FileStorage {
  readonly kind = 'local';
  readonly #types = new Map<string, string>();

  constructor(readonly root: string) {}

  /** The path of a key, never outside the root. */
  pathOf(key: string): string {
    assertSafeKey(key);
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`Storage key outside the root: ${key}`);
    return resolved;
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      // Uploads are spooled under DATA_DIR, so this is usually a rename on one file system.
      await rename(sourcePath, target).catch(async (error: NodeJS.ErrnoException) => {
        // A delete of the record's last file removed the folder meanwhile: make it again.
        if (error.code !== 'ENOENT' || !existsSync(sourcePath)) throw error;
        await mkdir(path.dirname(target), { recursive: true });
        await rename(sourcePath, target);
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(sourcePath, target);
      await unlink(sourcePath);
    }
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a concurrent reader never sees half a thumbnail.
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, target);
  }

  async stat(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    if (!info.isFile()) return null;
    const version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
    const remembered = `${key}\n${version}`;
    let contentType = this.#types.get(remembered);
    if (!contentType) {
      contentType = (await sniffFile(file)).mime;
      if (this.#types.size > 10_000) this.#types.clear();
      this.#types.set(remembered, contentType);
    }
    return { size: info.size, modified: info.mtime, contentType, etag: `"${version}"` };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    // Folders a record's last file leaves empty go too (rmdir refuses non-empty ones).
    const root = path.resolve(this.root);
    for (
      let dir = path.dirname(file);
      dir !== root && dir.startsWith(root);
      dir = path.dirname(dir)
    ) {
      try {
        await rmdir(dir);
      } catch {
        break;
      }
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedFile> {
    const base = this.pathOf(prefix);
    let entries: Dirent[];
    try {
      entries = await readdir(base, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const info = await stat(file).catch(() => null);
      if (!info) continue;
      const key = path.relative(this.root, file).split(path.sep).join('/');
      yield { key, modified: info.mtime };
    }
  }
}
