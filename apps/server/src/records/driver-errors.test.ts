import { type CollectionDefinition, text } from '@airgrid/schema';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.js';
import { badRequestOnQueryError, uniqueOrFieldError } from './driver-errors.js';

// Both drivers' errors, as better-sqlite3 and node-postgres raise them, read alike.

const users: CollectionDefinition = {
  id: 'pbc_users',
  name: 'users',
  type: 'auth',
  fields: [text('name'), text('handle')],
};

const sqliteError = (message: string, code: string) =>
  Object.assign(new Error(message), { name: 'SqliteError', code });
const postgresError = (message: string, code: string, constraint?: string) =>
  Object.assign(new Error(message), { code, ...(constraint ? { constraint } : {}) });

async function statusOf(work: () => Promise<unknown>): Promise<number | string> {
  try {
    await work();
    return 'ok';
  } catch (error) {
    return error instanceof ApiError ? error.status : 'thrown';
  }
}

describe('badRequestOnQueryError', () => {
  it('answers 400 for a query the database could not run', async () => {
    const fail = (error: Error) => () => badRequestOnQueryError(() => Promise.reject(error));
    expect(await statusOf(fail(sqliteError('no such column', 'SQLITE_ERROR')))).toBe(400);
    expect(await statusOf(fail(postgresError('invalid input syntax', '22P02')))).toBe(400);
    expect(await statusOf(fail(postgresError('syntax error', '42601')))).toBe(400);
  });

  it('lets other failures through unchanged', async () => {
    const lost = postgresError('connection terminated', '08006');
    await expect(badRequestOnQueryError(() => Promise.reject(lost))).rejects.toBe(lost);
    const refused = new ApiError(403);
    await expect(badRequestOnQueryError(() => Promise.reject(refused))).rejects.toBe(refused);
  });
});

describe('uniqueOrFieldError', () => {
  async function fieldOf(error: Error): Promise<string[] | 'rethrown'> {
    try {
      await uniqueOrFieldError(users, 'Failed to create record.', () => Promise.reject(error));
      return [];
    } catch (caught) {
      if (!(caught instanceof ApiError)) return 'rethrown';
      expect(caught.status).toBe(400);
      return Object.keys(caught.data ?? {});
    }
  }

  it('names the field a unique index guards, on either database', async () => {
    expect(
      await fieldOf(sqliteError('UNIQUE constraint failed: users.email', 'SQLITE_CONSTRAINT')),
    ).toEqual(['email']);
    expect(
      await fieldOf(
        postgresError('duplicate key value violates unique constraint', '23505', 'idx_users_email'),
      ),
    ).toEqual(['email']);
    expect(
      await fieldOf(postgresError('duplicate key value', '23505', 'idx_users_token_key')),
    ).toEqual(['tokenKey']);
    expect(await fieldOf(postgresError('duplicate key value', '23505', 'users_pkey'))).toEqual([
      'id',
    ]);
    expect(
      await fieldOf(sqliteError('UNIQUE constraint failed: users.handle', 'SQLITE_CONSTRAINT')),
    ).toEqual(['handle']);
  });

  it('rethrows anything else', async () => {
    expect(await fieldOf(sqliteError('disk I/O error', 'SQLITE_IOERR'))).toBe('rethrown');
  });
});
