import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export type BackupProgress = (percent: number) => void;

/**
 * Copies a live SQLite database to `target` with SQLite's online backup API: the server can
 * keep running, and the copy is a consistent snapshot. Refuses to overwrite an existing file.
 */
export async function backupSqlite(source: string, target: string, onProgress?: BackupProgress) {
  if (!existsSync(source)) throw new Error(`There is no database at ${source} to back up.`);
  if (existsSync(target)) {
    throw new Error(`${target} already exists: choose another file name or delete it first.`);
  }
  const directory = path.dirname(path.resolve(target));
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new Error(`The folder ${directory} does not exist.`);
  }
  const database = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await database.backup(target, {
      progress({ totalPages, remainingPages }) {
        onProgress?.(
          totalPages === 0 ? 100 : Math.round(((totalPages - remainingPages) / totalPages) * 100),
        );
        return 256;
      },
    });
  } finally {
    database.close();
  }
  onProgress?.(100);
}

/**
 * Replaces the database at `target` with the backup at `source`. The backup is checked first
 * (a readable SQLite file that passes integrity_check and holds Airgrid's migration table), and
 * copied to a temporary file that is renamed over the target, so a failure leaves the old
 * database untouched.
 */
export async function restoreSqlite(source: string, target: string, onProgress?: BackupProgress) {
  const backup = openSqliteBackup(source);
  const temporary = `${target}.restoring`;
  try {
    rmSync(temporary, { force: true });
    await backup.backup(temporary, {
      progress({ totalPages, remainingPages }) {
        onProgress?.(
          totalPages === 0 ? 100 : Math.round(((totalPages - remainingPages) / totalPages) * 100),
        );
        return 256;
      },
    });
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  } finally {
    backup.close();
  }
  // The old write-ahead log belongs to the old file: drop it before the new file takes its place.
  rmSync(`${target}-wal`, { force: true });
  rmSync(`${target}-shm`, { force: true });
  renameSync(temporary, target);
  onProgress?.(100);
}

/**
 * Opens a backup read-only after checking it: a readable SQLite file that passes
 * integrity_check and holds Airgrid's migration table. The caller closes it.
 */
function openSqliteBackup(source: string): SQLite.Database {
  if (!existsSync(source)) throw new Error(`The backup file ${source} does not exist.`);
  let backup: SQLite.Database;
  try {
    backup = new SQLite(source, { readonly: true, fileMustExist: true });
    backup.pragma('schema_version');
  } catch {
    throw new Error(`${source} is not an SQLite database.`);
  }
  try {
    const integrity = backup.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      throw new Error(`${source} is damaged: integrity_check says ${String(integrity)}.`);
    const migrationTable = backup
      .prepare("select name from sqlite_master where type = 'table' and name = '_migrations'")
      .get();
    if (!migrationTable)
      throw new Error(`${source} is an SQLite database but not an Airgrid backup.`);
  } catch (error) {
    backup.close();
    throw error;
  }
  return backup;
}

/** Throws unless `source` is an SQLite backup of Airgrid (see openSqliteBackup). */
export function checkSqliteBackup(source: string): void {
  openSqliteBackup(source).close();
}

/**
 * Replaces the content of the live database at `target` with the backup at `source` while the
 * server runs, through SQLite's backup API (docs/decisions/0041-backups.md): the backup's pages
 * are copied into the live file in one step by a second connection, which holds the write lock
 * until it finishes, so other connections see the old database or the new one, never a mix,
 * and a failure leaves the old one. The caller keeps its own connection idle meanwhile.
 */
export async function restoreSqliteLive(source: string, target: string): Promise<void> {
  const backup = openSqliteBackup(source);
  try {
    // All pages in one step: the live file is never left half copied between steps.
    await backup.backup(target, { progress: () => 0x7fffffff });
  } finally {
    backup.close();
  }
}
