import bcrypt from 'bcrypt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hashPassword,
  preparePasswordChecks,
  setPasswordHashCost,
  verifyPassword,
} from './passwords.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct-horse-battery');
    expect(await verifyPassword('correct-horse-battery', hash)).toBe(true);
    expect(await verifyPassword('wrong-password', hash)).toBe(false);
  });

  it('does the same bcrypt work when there is no hash, and refuses', async () => {
    preparePasswordChecks();
    const compare = vi.spyOn(bcrypt, 'compare');
    for (const missing of ['', undefined]) {
      expect(await verifyPassword('correct-horse-battery', missing)).toBe(false);
    }
    expect(compare).toHaveBeenCalledTimes(2);
    // Against a real hash of the same cost ($2b$10$...), made once for the process.
    const [first, second] = compare.mock.calls.map((call) => String(call[1]));
    expect(first).toMatch(/^\$2[aby]\$10\$/);
    expect(second).toBe(first);
  });
});

describe('setPasswordHashCost', () => {
  afterEach(() => setPasswordHashCost(10));

  it('sets the cost of new hashes, and the unknown-account check follows it', async () => {
    setPasswordHashCost(4);
    const cheap = await hashPassword('correct-horse-battery');
    expect(cheap).toMatch(/^\$2[aby]\$04\$/);
    const compare = vi.spyOn(bcrypt, 'compare');
    expect(await verifyPassword('correct-horse-battery', undefined)).toBe(false);
    expect(String(compare.mock.calls[0]?.[1])).toMatch(/^\$2[aby]\$04\$/);
  });

  it('leaves existing hashes checkable: each keeps the cost it was made with', async () => {
    const made = await hashPassword('correct-horse-battery');
    setPasswordHashCost(4);
    expect(await verifyPassword('correct-horse-battery', made)).toBe(true);
    expect(await verifyPassword('wrong-password', made)).toBe(false);
  });
});
