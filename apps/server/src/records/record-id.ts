import { createHash, randomInt } from 'node:crypto';
import { RECORD_ID_LENGTH } from '@airgrid/schema';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new random record id: 15 characters of [a-z0-9], like PocketBase's. */
export function newRecordId(): string {
  let id = '';
  for (let i = 0; i < RECORD_ID_LENGTH; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/**
 * A record id derived from a stable key, so seeding the same thing twice yields the same id
 * (that is what makes the demo seed idempotent).
 */
export function stableRecordId(key: string): string {
  const digest = createHash('sha256').update(key).digest();
  let id = '';
  for (let i = 0; i < RECORD_ID_LENGTH; i++) id += ALPHABET[(digest[i] ?? 0) % ALPHABET.length];
  return id;
}
