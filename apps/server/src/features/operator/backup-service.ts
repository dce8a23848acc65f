import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { type DatabaseHandle, migrateToLatest } from '../../db/database.js';
import {
  checkPostgresDump,
  dumpPostgres,
  PG_TOOLS_MISSING,
  postgresClientInstalled,
  restorePostgres,
} from '../../db/database-dump.js';
import { checkSqliteBackup, restoreSqliteLive } from '../../db/sqlite-backup.js';
import { ApiError } from '../../errors/api-error.js';
import type { FileStorage, StoredFile } from '../../files/file-storage.js';
import type { UploadedFile } from '../../request-types.js';
import { NotABackup, readArchive, writeArchive } from './backup-archive.js';

// PocketBase's backups (API-CONTRACT §1.2 superusers; docs/decisions/0041-backups.md): archives
// of the database kept in the file storage under `_backups/`, a prefix no record's files use
// (those live under a collection id) and that the public files route never serves.

const BACKUPS_PREFIX = '_backups/';
/** A backup's key: a plain file name ending in .zip, no folders, no leading dot. */
const BACKUP_KEY = /^[a-zA-Z0-9_-][a-zA-Z0-9_.-]{0,149}\.zip$/;
export const BUSY = 'A backup or restore is already running.';
export const MISSING = 'Missing or invalid backup file.';
/** An archive may unpack to at most this many times the upload limit (a ZIP bomb stops there). */
const UNPACK_FACTOR = 20;

export interface BackupEntry {
  key: string;
  size: number;
  modified: string;
}

export interface BackupServiceOptions {
  database: DatabaseHandle;
  /** The PostgreSQL connection URL (config.database), for pg_dump and pg_restore. */
  postgresUrl?: string;
  storage: FileStorage;
  /** Where archives are made and unpacked (under DATA_DIR). */
  workDirectory: string;
  /** The largest archive an upload may be, in bytes. */
  maxUploadSize: number;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Says the database was replaced: caches, realtime streams and cached tokens start again. */
  databaseReplaced(): void;
  /** Tests hold an operation here, inside the lock, to show a second one is refused. */
  pause?: () => Promise<void>;
}

/** PocketBase's datetime layout: `2006-01-02 15:04:05.000Z`. */
function pocketBaseDate(date: Date): string {
  return date.toISOString().replace('T', ' ');
}

function nameError(message: string, code = 'validation_invalid_backup_name'): ApiError {
  return new ApiError(400, 'An error occurred while validating the submitted data.', {
    name: { code, message },
  });
}

/** True when `key` names a backup (the routes answer MISSING for anything else). */
export function isBackupKey(key: string): boolean {
  return BACKUP_KEY.test(key);
}

export class BackupService {
  #running: string | null = null;

  constructor(private readonly options: BackupServiceOptions) {}

  /** Every backup, newest first. */
  async list(): Promise<BackupEntry[]> {
    const entries: BackupEntry[] = [];
    for await (const file of this.options.storage.list(BACKUPS_PREFIX)) {
      const key = file.key.slice(BACKUPS_PREFIX.length);
      if (!isBackupKey(key)) continue;
      const stored = await this.options.storage.stat(file.key);
      if (stored)
        entries.push({ key, size: stored.size, modified: pocketBaseDate(stored.modified) });
    }
    return entries.sort(
      (a, b) => b.modified.localeCompare(a.modified) || a.key.localeCompare(b.key),
    );
  }

  /** Backs up the live database under `name` (or `airgrid_backup_<UTC time>.zip`). */
  async create(name: string | undefined): Promise<void> {
    const now = this.options.clock.now();
    const key =
      name && name !== ''
        ? name
        : `airgrid_backup_${new Date(now).toISOString().replace(/\D/g, '').slice(0, 14)}.zip`;
    if (!isBackupKey(key))
      throw nameError(
        'Must be a file name of letters, digits, _, - and . ending in .zip (at most 154 characters).',
      );
    this.#requireTools();
    await this.#exclusive(`create ${key}`, async (work) => {
      if (await this.options.storage.stat(BACKUPS_PREFIX + key))
        throw nameError(
          'Backup with the specified name already exists.',
          'validation_backup_name_exists',
        );
      const { database } = this.options;
      const databaseFile = path.join(work, 'database');
      if (database.dialect === 'sqlite') {
        if (!database.sqlite) throw new Error('The SQLite connection is missing.');
        await database.sqlite.backup(databaseFile, { progress: () => 0x7fffffff });
      } else {
        await dumpPostgres(this.#postgresUrl(), databaseFile);
      }
      const archive = path.join(work, key);
      await writeArchive(archive, database.dialect, databaseFile, new Date(now));
      await this.options.storage.putFile(BACKUPS_PREFIX + key, archive, 'application/zip');
    });
  }

  /** Adds an uploaded archive after checking it is a backup this server can restore. */
  async upload(file: UploadedFile | undefined): Promise<void> {
    if (!file || file.path === '')
      throw new ApiError(400, 'An error occurred while validating the submitted data.', {
        file: { code: 'validation_required', message: 'Cannot be blank.' },
      });
    const key = path.basename(file.filename);
    if (!isBackupKey(key))
      throw new ApiError(400, 'An error occurred while validating the submitted data.', {
        file: {
          code: 'validation_invalid_backup_name',
          message:
            'The file name must be letters, digits, _, - and . ending in .zip (at most 154 characters).',
        },
      });
    this.#requireTools();
    await this.#exclusive(`upload ${key}`, async (work) => {
      if (await this.options.storage.stat(BACKUPS_PREFIX + key))
        throw new ApiError(400, 'An error occurred while validating the submitted data.', {
          file: {
            code: 'validation_backup_name_exists',
            message: 'Backup with the specified name already exists.',
          },
        });
      await this.#check(file.path, work);
      await this.options.storage.putFile(BACKUPS_PREFIX + key, file.path, 'application/zip');
    });
  }

  async delete(key: string): Promise<void> {
    if (!isBackupKey(key)) throw new ApiError(400, 'Invalid or already deleted backup file.');
    if (this.#running?.endsWith(` ${key}`))
      throw new ApiError(400, 'The backup is currently being used and cannot be deleted.');
    if (!(await this.options.storage.stat(BACKUPS_PREFIX + key)))
      throw new ApiError(400, 'Invalid or already deleted backup file.');
    await this.options.storage.delete(BACKUPS_PREFIX + key);
  }

  /** The archive's details and bytes, or null when there is none. */
  async open(key: string): Promise<{ stored: StoredFile; body: Readable } | null> {
    if (!isBackupKey(key)) return null;
    const stored = await this.options.storage.stat(BACKUPS_PREFIX + key);
    if (!stored) return null;
    return { stored, body: await this.options.storage.read(BACKUPS_PREFIX + key) };
  }

  /**
   * Replaces the live database with the backup's: every table (the records of every
   * collection, users, superusers, API keys, settings, queued jobs, the migration history).
   * Then brings it up to this version's migrations and tells the core the database changed.
   */
  async restore(key: string): Promise<void> {
    if (!isBackupKey(key)) throw new ApiError(400, MISSING);
    this.#requireTools();
    await this.#exclusive(`restore ${key}`, async (work) => {
      const storageKey = BACKUPS_PREFIX + key;
      if (!(await this.options.storage.stat(storageKey))) throw new ApiError(400, MISSING);
      const archive = path.join(work, 'archive.zip');
      await pipeline(await this.options.storage.read(storageKey), createWriteStream(archive));
      const databaseFile = await this.#check(archive, work);
      const { database, log } = this.options;
      log.warn({ backup: key }, 'restoring a backup: the database is being replaced');
      if (database.dialect === 'sqlite') {
        const sqlite = database.sqlite;
        if (!sqlite) throw new Error('The SQLite connection is missing.');
        // The Kysely connection is held, so no query of this process runs during the copy.
        await database.db.connection().execute(() => restoreSqliteLive(databaseFile, sqlite.name));
      } else {
        await restorePostgres(this.#postgresUrl(), databaseFile);
      }
      await migrateToLatest(database.db);
      this.options.databaseReplaced();
      log.warn({ backup: key }, 'restored a backup');
    });
  }

  /** Unpacks and checks an archive for this server's database; returns the database file. */
  async #check(archive: string, work: string): Promise<string> {
    const unpacked = path.join(work, 'unpacked');
    await mkdir(unpacked);
    const dialect = this.options.database.dialect;
    try {
      const { manifest, databaseFile } = await readArchive(
        archive,
        unpacked,
        this.options.maxUploadSize * UNPACK_FACTOR,
      );
      if (manifest.database !== dialect)
        throw new NotABackup(
          `it holds a ${manifest.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database and this server runs on ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
        );
      try {
        if (dialect === 'sqlite') checkSqliteBackup(databaseFile);
        else await checkPostgresDump(databaseFile);
      } catch (error) {
        throw new NotABackup(`its database cannot be read (${(error as Error).message})`);
      }
      return databaseFile;
    } catch (error) {
      if (error instanceof NotABackup)
        throw new ApiError(400, `The file is not an Airgrid backup: ${error.message}.`);
      throw error;
    }
  }

  #requireTools(): void {
    if (this.options.database.dialect === 'postgres' && !postgresClientInstalled())
      throw new ApiError(400, PG_TOOLS_MISSING);
  }

  #postgresUrl(): string {
    const url = this.options.postgresUrl;
    if (!url) throw new Error('The PostgreSQL URL is missing.');
    return url;
  }

  /** Runs one operation at a time, in a fresh work folder removed afterwards. */
  async #exclusive(what: string, operation: (work: string) => Promise<void>): Promise<void> {
    if (this.#running) throw new ApiError(400, BUSY);
    this.#running = what;
    let work = '';
    try {
      await this.options.pause?.();
      await mkdir(this.options.workDirectory, { recursive: true });
      work = await mkdtemp(path.join(this.options.workDirectory, 'backup-'));
      await operation(work);
    } finally {
      this.#running = null;
      if (work) await rm(work, { recursive: true, force: true });
    }
  }
}
