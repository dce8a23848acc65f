import { BaseAuthStore, type RecordModel } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { createAuthSnapshot, SIGNED_OUT } from './auth-snapshot';

const NOW_S = Math.floor(Date.now() / 1000);

function token(exp: number): string {
  const payload = Buffer.from(JSON.stringify({ id: 'u1234567890abcd', exp })).toString('base64');
  return `eyJhbGciOiJIUzI1NiJ9.${payload.replace(/=+$/, '')}.signature`;
}

const user: RecordModel = {
  id: 'u1234567890abcd',
  collectionId: '_pb_users_auth_',
  collectionName: 'users',
  email: 'producer@example.org',
};

// The browser store parses local storage on every read; this one does the same to the record.
class ReparsingAuthStore extends BaseAuthStore {
  override get record() {
    const record = super.record;
    return record ? { ...record } : null;
  }
}

describe('createAuthSnapshot', () => {
  it('is signed out with no token: the very snapshot a server render uses', () => {
    const auth = createAuthSnapshot(new BaseAuthStore());
    expect(auth.getSnapshot()).toBe(SIGNED_OUT);
    expect(SIGNED_OUT).toEqual({ isSignedIn: false, user: null });
  });

  it('is that snapshot again after signing out', () => {
    const store = new BaseAuthStore();
    const auth = createAuthSnapshot(store);
    store.save(token(NOW_S + 3600), user);
    expect(auth.getSnapshot()).not.toBe(SIGNED_OUT);
    store.clear();
    expect(auth.getSnapshot()).toBe(SIGNED_OUT);
  });

  it('returns the same snapshot until the store changes, even if reads make new records', () => {
    const store = new ReparsingAuthStore();
    store.save(token(NOW_S + 3600), user);
    const auth = createAuthSnapshot(store);

    const first = auth.getSnapshot();
    expect(first.isSignedIn).toBe(true);
    expect(first.user?.email).toBe('producer@example.org');
    expect(auth.getSnapshot()).toBe(first);
  });

  it('gives a new snapshot when the user signs in, and tells subscribers', () => {
    const store = new BaseAuthStore();
    const auth = createAuthSnapshot(store);
    const before = auth.getSnapshot();
    let notified = 0;
    auth.subscribe(() => notified++);

    store.save(token(NOW_S + 3600), user);

    expect(notified).toBe(1);
    expect(auth.getSnapshot()).not.toBe(before);
    expect(auth.getSnapshot().isSignedIn).toBe(true);
  });

  it('picks up a refreshed record saved with the same token', () => {
    const store = new BaseAuthStore();
    const sameToken = token(NOW_S + 3600);
    store.save(sameToken, user);
    const auth = createAuthSnapshot(store);
    auth.getSnapshot();

    store.save(sameToken, { ...user, email: 'renamed@example.org' });

    expect(auth.getSnapshot().user?.email).toBe('renamed@example.org');
  });

  it('is signed out after clear, and stops notifying after unsubscribe', () => {
    const store = new BaseAuthStore();
    store.save(token(NOW_S + 3600), user);
    const auth = createAuthSnapshot(store);
    let notified = 0;
    const unsubscribe = auth.subscribe(() => notified++);

    store.clear();
    expect(auth.getSnapshot()).toEqual({ isSignedIn: false, user: null });
    expect(notified).toBe(1);

    unsubscribe();
    store.save(token(NOW_S + 3600), user);
    expect(notified).toBe(1);
  });

  it('treats an expired token as signed out', () => {
    const store = new BaseAuthStore();
    store.save(token(NOW_S - 60), user);
    expect(createAuthSnapshot(store).getSnapshot().isSignedIn).toBe(false);
  });
});
