import type { CollectionDefinition } from '@airgrid/schema';
import { ApiError } from '../errors/api-error.js';

// What the database drivers' errors mean to a client: a filter that compiles but fails in the
// database is still the client's 400, and a unique-index violation is a field's
// `validation_not_unique`. better-sqlite3 and node-postgres say these things differently.

/** Runs a query; a filter that compiles but fails in the database is still the client's 400. */
export async function badRequestOnQueryError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isQueryError(error))
      throw new ApiError(400, 'Something went wrong while processing your request.');
    throw error;
  }
}

/** True for a unique-index violation: SQLite (better-sqlite3) and PostgreSQL (SQLSTATE 23505) name it differently. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Maps a unique-index violation to `validation_not_unique` on the field it guards. */
export async function uniqueOrFieldError<T>(
  definition: CollectionDefinition,
  message: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const field = uniqueViolationField(definition, error);
    if (field)
      throw new ApiError(400, message, {
        [field]: { code: 'validation_not_unique', message: 'Value must be unique.' },
      });
    throw error;
  }
}

const UNIQUE_INDEX_FIELDS: Record<string, string> = {
  email: 'email',
  token_key: 'tokenKey',
  slug: 'slug',
  organization_slug: 'slug',
  // One record per organization (remittances).
  organization: 'organization',
};

function uniqueViolationField(
  definition: CollectionDefinition,
  error: unknown,
): string | undefined {
  const text = `${(error as { constraint?: string }).constraint ?? ''} ${(error as Error).message ?? ''}`;
  if (!/unique|duplicate key/i.test(text)) return undefined;
  const index = new RegExp(`idx_${definition.name}_(\\w+)`).exec(text)?.[1];
  if (index && UNIQUE_INDEX_FIELDS[index]) return UNIQUE_INDEX_FIELDS[index];
  if (/PRIMARY|_pkey|\.id\b/.test(text)) return 'id';
  const column = new RegExp(`${definition.name}\\.(\\w+)`).exec(text)?.[1];
  return column;
}

function isQueryError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  // SQLite errors from better-sqlite3, and PostgreSQL SQLSTATE classes 22 (data) and 42 (syntax).
  return (
    (typeof code === 'string' && (code.startsWith('SQLITE_ERROR') || /^(22|42)/.test(code))) ||
    (error instanceof Error && error.name === 'SqliteError')
  );
}
