import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';

// PocketBase stores bcrypt hashes too, so accounts move between the two unchanged.
const BCRYPT_COST = 10;

/** Passwords shorter than this are refused (PocketBase's default for auth collections). */
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt reads at most 72 bytes; longer passwords are refused rather than silently cut. */
export const MAX_PASSWORD_BYTES = 72;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password at the same cost, made once per process. Checking a password
 * where there is no hash (an unknown account, one without a password) compares against it, so
 * the answer takes as long as for a real account and timing does not tell which emails exist.
 */
function dummy(): Promise<string> {
  dummyHash ??= bcrypt.hash(randomBytes(18).toString('base64'), BCRYPT_COST);
  return dummyHash;
}

/** Makes the dummy hash now (at start-up), so the first unknown sign-in is not slower. */
export function preparePasswordChecks(): void {
  dummy().catch(() => {
    dummyHash = undefined;
  });
}

/** Whether the password matches the hash; with no hash, false after the same bcrypt work. */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(password, await dummy());
    return false;
  }
  return bcrypt.compare(password, hash);
}

/** Why a password cannot be used, or null when it can. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    return `must be at most ${MAX_PASSWORD_BYTES} bytes`;
  }
  return null;
}
