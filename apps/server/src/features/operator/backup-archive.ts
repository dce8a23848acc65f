import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Unzip, UnzipInflate, Zip, ZipDeflate } from 'fflate';
import type { Dialect } from '../../db/column-types.js';

// A backup archive (docs/decisions/0041-backups.md): a ZIP file holding two entries,
// `backup.json` (what the archive is) and the database: `airgrid.db`, an SQLite file made with
// SQLite's online backup API, or `airgrid.dump`, a pg_dump archive in its custom format. Nothing
// else: uploaded media stays in the file storage and is not copied.

const MANIFEST = 'backup.json';
const DATABASE_ENTRY: Readonly<Record<Dialect, string>> = {
  sqlite: 'airgrid.db',
  postgres: 'airgrid.dump',
};
const FORMAT = 'airgrid-backup';

export interface BackupManifest {
  format: typeof FORMAT;
  version: 1;
  /** Which database the archive holds: it restores into a server on the same kind. */
  database: Dialect;
  /** The entry holding it. */
  file: string;
  /** When it was made (ISO 8601). */
  created: string;
}

/** Why an archive cannot be read as a backup (the caller turns it into a 400). */
export class NotABackup extends Error {}

/** Writes the archive of `databaseFile` (of `dialect`) to `target`. */
export async function writeArchive(
  target: string,
  dialect: Dialect,
  databaseFile: string,
  created: Date,
): Promise<void> {
  const manifest: BackupManifest = {
    format: FORMAT,
    version: 1,
    database: dialect,
    file: DATABASE_ENTRY[dialect],
    created: created.toISOString(),
  };
  const out = createWriteStream(target, { flags: 'wx' });
  let failure = null as Error | null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else out.write(chunk);
    if (final || error) out.end();
  });
  const info = new ZipDeflate(MANIFEST, { level: 6 });
  zip.add(info);
  info.push(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), true);
  const data = new ZipDeflate(manifest.file, { level: 6 });
  zip.add(data);
  for await (const chunk of createReadStream(databaseFile, { highWaterMark: 256 * 1024 })) {
    data.push(chunk as Buffer);
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  data.push(new Uint8Array(0), true);
  zip.end();
  if (!out.writableFinished) await once(out, 'finish');
  if (failure) throw failure;
}

/**
 * Reads an archive into `directory`: checks `backup.json` and extracts the database entry,
 * refusing any other entry and more than `maxBytes` unpacked. Returns the manifest and the
 * extracted database's path.
 */
export async function readArchive(
  archive: string,
  directory: string,
  maxBytes: number,
): Promise<{ manifest: BackupManifest; databaseFile: string }> {
  const written = new Map<string, { path: string; out: WriteStream; done: Promise<void> }>();
  let unpacked = 0;
  let failure = null as Error | null;
  const fail = (error: Error) => {
    failure ??= error;
  };
  const allowed = new Set([MANIFEST, ...Object.values(DATABASE_ENTRY)]);
  const unzip = new Unzip((file) => {
    if (!allowed.has(file.name) || written.has(file.name)) {
      fail(new NotABackup(`it holds ${JSON.stringify(file.name.slice(0, 100))}`));
      return;
    }
    const target = path.join(directory, file.name);
    const out = createWriteStream(target, { flags: 'wx' });
    const done = new Promise<void>((resolve, reject) => {
      out.on('finish', resolve);
      out.on('error', reject);
    });
    written.set(file.name, { path: target, out, done });
    file.ondata = (error, chunk, final) => {
      if (error) {
        fail(new NotABackup(`its ${file.name} entry is damaged (${error.message})`));
        out.end();
        return;
      }
      unpacked += chunk.length;
      if (unpacked > maxBytes) {
        fail(new NotABackup(`it unpacks to more than ${maxBytes} bytes`));
        out.end();
        return;
      }
      out.write(chunk);
      if (final) out.end();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  let sawBytes = false;
  try {
    for await (const chunk of createReadStream(archive, { highWaterMark: 256 * 1024 })) {
      if (!sawBytes && !(chunk as Buffer).subarray(0, 4).equals(Buffer.from('PK\x03\x04')))
        throw new NotABackup('it is not a ZIP file');
      sawBytes = true;
      unzip.push(chunk as Buffer);
      if (failure) break;
      for (const entry of written.values())
        if (entry.out.writableNeedDrain) await once(entry.out, 'drain');
    }
    if (!failure) unzip.push(new Uint8Array(0), true);
  } catch (error) {
    fail(
      error instanceof NotABackup
        ? error
        : new NotABackup(`it cannot be unpacked (${String(error)})`),
    );
  }
  for (const entry of written.values()) {
    if (!entry.out.writableEnded) entry.out.end();
  }
  await Promise.allSettled([...written.values()].map((entry) => entry.done));
  if (failure) throw failure;
  const manifestEntry = written.get(MANIFEST);
  if (!manifestEntry) throw new NotABackup(`it has no ${MANIFEST}`);
  const manifest = parseManifest(await readFile(manifestEntry.path, 'utf8'));
  const databaseEntry = written.get(manifest.file);
  if (!databaseEntry) throw new NotABackup(`it has no ${manifest.file}`);
  return { manifest, databaseFile: databaseEntry.path };
}

function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new NotABackup(`its ${MANIFEST} is not JSON`);
  }
  const manifest = value as Partial<BackupManifest> | null;
  if (
    manifest?.format !== FORMAT ||
    manifest.version !== 1 ||
    (manifest.database !== 'sqlite' && manifest.database !== 'postgres') ||
    manifest.file !== DATABASE_ENTRY[manifest.database] ||
    typeof manifest.created !== 'string'
  )
    throw new NotABackup(`its ${MANIFEST} is not an Airgrid backup's`);
  return manifest as BackupManifest;
}
