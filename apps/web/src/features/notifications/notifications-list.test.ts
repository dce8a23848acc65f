import { describe, expect, it } from 'vitest';
import {
  addNotification,
  applyNotificationEvent,
  formatRelativeTime,
  isUnreadNotification,
  mergeNotifications,
  type NotificationRecord,
  notificationTarget,
  removeNotification,
} from './notifications-list';

function notification(id: string, created: string, fields: Partial<NotificationRecord> = {}) {
  return {
    id,
    created,
    updated: created,
    user: 'u00000000000001',
    title: `Title ${id}`,
    body: '',
    read: false,
    type: 'info',
    path: '',
    img: '',
    ...fields,
  } satisfies NotificationRecord;
}

const older = notification('aaaaaaaaaaaaaa1', '2026-03-01 10:00:00.000Z');
const newer = notification('aaaaaaaaaaaaaa2', '2026-03-02 10:00:00.000Z');
const newest = notification('aaaaaaaaaaaaaa3', '2026-03-03 10:00:00.000Z');
const ids = (items: readonly NotificationRecord[]) => items.map((item) => item.id);

describe('addNotification', () => {
  it('keeps the newest first', () => {
    expect(ids(addNotification([newest, older], newer))).toEqual(ids([newest, newer, older]));
  });

  it('adds nothing when the id is already listed', () => {
    const items = [newer, older];
    const again = { ...newer, title: 'A copy' };
    expect(addNotification(items, again)).toBe(items);
  });
});

describe('removeNotification', () => {
  it('drops the id and keeps the rest in order', () => {
    expect(ids(removeNotification([newest, newer, older], newer.id))).toEqual(ids([newest, older]));
  });

  it('returns the same list when the id is not there', () => {
    const items = [newer];
    expect(removeNotification(items, 'missing0000000')).toBe(items);
  });
});

describe('isUnreadNotification', () => {
  it('accepts an unread notification record as the API sends it', () => {
    expect(isUnreadNotification(older)).toBe(true);
  });

  it('refuses what storage may hold instead: read ones, unknown types, other shapes', () => {
    expect(isUnreadNotification({ ...older, read: true })).toBe(false);
    expect(isUnreadNotification({ ...older, type: 'party' })).toBe(false);
    const { title: _title, ...untitled } = older;
    expect(isUnreadNotification(untitled)).toBe(false);
    expect(isUnreadNotification(null)).toBe(false);
    expect(isUnreadNotification('n1')).toBe(false);
  });
});

describe('mergeNotifications', () => {
  it('keeps those that arrived while the list loaded, without duplicates', () => {
    expect(ids(mergeNotifications([newer, older], [newest, newer]))).toEqual(
      ids([newest, newer, older]),
    );
  });

  it('sorts what the server sent and leaves out read ones', () => {
    const read = notification('aaaaaaaaaaaaaa4', '2026-03-04 10:00:00.000Z', { read: true });
    expect(ids(mergeNotifications([older, read, newest], []))).toEqual(ids([newest, older]));
  });
});

describe('applyNotificationEvent', () => {
  it('adds a created notification', () => {
    expect(ids(applyNotificationEvent([older], { action: 'create', record: newer }))).toEqual(
      ids([newer, older]),
    );
  });

  it('adds a created notification only once', () => {
    const items = [newer, older];
    expect(applyNotificationEvent(items, { action: 'create', record: newer })).toBe(items);
  });

  it('drops one read or deleted elsewhere', () => {
    const items = [newer, older];
    const readElsewhere = { ...newer, read: true };
    expect(ids(applyNotificationEvent(items, { action: 'update', record: readElsewhere }))).toEqual(
      ids([older]),
    );
    expect(ids(applyNotificationEvent(items, { action: 'delete', record: older }))).toEqual(
      ids([newer]),
    );
  });

  it('replaces an updated one in place', () => {
    const renamed = { ...older, title: 'Renamed' };
    const updated = applyNotificationEvent([newer, older], { action: 'update', record: renamed });
    expect(updated.map((item) => item.title)).toEqual([newer.title, 'Renamed']);
  });
});

describe('notificationTarget', () => {
  it('reads an app path', () => {
    expect(notificationTarget('/members/abc')).toEqual({ kind: 'app', to: '/members/abc' });
  });

  it('reads a web address', () => {
    expect(notificationTarget('https://example.org/x')).toEqual({
      kind: 'external',
      href: 'https://example.org/x',
    });
  });

  it('opens nothing for an empty path, a protocol-relative one or another scheme', () => {
    expect(notificationTarget('')).toBeNull();
    expect(notificationTarget('//evil.example')).toBeNull();
    expect(notificationTarget('javascript:alert(1)')).toBeNull();
    expect(notificationTarget('members')).toBeNull();
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (seconds: number) => formatRelativeTime(now - seconds * 1000, now);

  it('says how long ago, in the largest whole unit', () => {
    expect(ago(5)).toBe('just now');
    expect(ago(90)).toBe('2 minutes ago');
    expect(ago(60 * 60)).toBe('1 hour ago');
    expect(ago(5 * 3600)).toBe('5 hours ago');
    expect(ago(86_400)).toBe('yesterday');
    expect(ago(3 * 86_400)).toBe('3 days ago');
    expect(ago(14 * 86_400)).toBe('2 weeks ago');
    expect(ago(90 * 86_400)).toBe('3 months ago');
    expect(ago(800 * 86_400)).toBe('2 years ago');
  });

  it('treats a clock slightly ahead of the server as now', () => {
    expect(ago(-10)).toBe('just now');
  });
});
