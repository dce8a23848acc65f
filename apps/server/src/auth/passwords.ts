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

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return hash === '' ? Promise.resolve(false) : bcrypt.compare(password, hash);
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
