import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import { DEFAULT_PASSWORD_HASH_COST } from '../config.js';

// PocketBase stores bcrypt hashes too, so accounts move between the two unchanged.
let hashCost = DEFAULT_PASSWORD_HASH_COST;

/**
 * Sets the cost of the hashes this process makes from now on (the server does at start-up, from
 * its config). A check compares at the cost stored in the hash, so existing passwords keep
 * working whatever it is set to.
 */
export function setPasswordHashCost(cost: number): void {
  if (cost === hashCost) return;
  hashCost = cost;
  dummyHash = undefined;
}

// The length rules live in @airgrid/domain, so the web forms check them before sending.
export { passwordProblem } from '@airgrid/domain';

export function hashPassword(password: string, cost = hashCost): Promise<string> {
  return bcrypt.hash(password, cost);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password at the same cost, made once per process. Checking a password
 * where there is no hash (an unknown account, one without a password) compares against it, so
 * the answer takes as long as for a real account and timing does not tell which emails exist.
 */
function dummy(): Promise<string> {
  dummyHash ??= bcrypt.hash(randomBytes(18).toString('base64'), hashCost);
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
