import { toRecordDate } from '@airgrid/domain';
import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canManageMember,
  canManageMembers,
  daysAgo,
  inviteExpiry,
  memberName,
  ownerCount,
  sortMembers,
} from './members-model';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const DAY = 24 * 3600 * 1000;
const usDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('who manages whom', () => {
  it('lets owners and admins manage members, nobody else', () => {
    expect(['owner', 'admin'].map(canManageMembers)).toEqual([true, true]);
    expect(['editor', 'producer', 'viewer', '', undefined].map(canManageMembers)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('never lets anyone manage themselves, and only owners touch owners', () => {
    const owner = { id: 'o', role: 'owner' };
    const admin = { id: 'a', role: 'admin' };
    expect(canManageMember(owner, { id: 'o', role: 'owner' })).toBe(false);
    expect(canManageMember(owner, { id: 'x', role: 'owner' })).toBe(true);
    expect(canManageMember(admin, { id: 'x', role: 'owner' })).toBe(false);
    expect(canManageMember(admin, { id: 'x', role: 'admin' })).toBe(true);
    expect(canManageMember(admin, { id: 'x', role: 'viewer' })).toBe(true);
    expect(canManageMember({ id: 'e', role: 'editor' }, { id: 'x', role: 'viewer' })).toBe(false);
  });

  it('offers owner only to owners', () => {
    expect(assignableRoles('owner')).toEqual(['owner', 'admin', 'editor', 'producer', 'viewer']);
    expect(assignableRoles('admin')).toEqual(['admin', 'editor', 'producer', 'viewer']);
    expect(assignableRoles('editor')).toEqual([]);
  });
});

describe('lists', () => {
  it('sorts owners first, then by name', () => {
    const sorted = sortMembers([
      { role: 'viewer', name: 'Ann', email: '' },
      { role: 'owner', name: 'Zed', email: '' },
      { role: 'admin', name: 'Bob', email: '' },
      { role: 'admin', name: 'Abe', email: '' },
      { role: '', name: 'Gone', email: '' },
    ] as const);
    expect(sorted.map((member) => member.name)).toEqual(['Zed', 'Abe', 'Bob', 'Ann', 'Gone']);
    expect(ownerCount(sorted)).toBe(1);
  });

  it('names a member by name, else email', () => {
    expect(memberName({ name: 'Pat', email: 'p@example.org' })).toBe('Pat');
    expect(memberName({ name: '', email: 'p@example.org' })).toBe('p@example.org');
    expect(memberName({ name: '' })).toBe('Unnamed member');
  });

  it('says how long ago in days, and the date after a month', () => {
    expect(daysAgo('', NOW, usDate)).toBe('Never');
    expect(daysAgo(toRecordDate(NOW - 3600_000), NOW, usDate)).toBe('Today');
    expect(daysAgo(toRecordDate(NOW - DAY), NOW, usDate)).toBe('Yesterday');
    expect(daysAgo(toRecordDate(NOW - 5 * DAY), NOW, usDate)).toBe('5 days ago');
    expect(daysAgo(toRecordDate(NOW - 40 * DAY), NOW, usDate)).toBe('2026-10-17');
  });

  it('says when an invite expires', () => {
    expect(inviteExpiry({ expires: toRecordDate(NOW + 7 * DAY) }, NOW).text).toBe(
      'Expires in 7 days',
    );
    // Just made: a week, not six days and some hours.
    expect(inviteExpiry({ expires: toRecordDate(NOW + 7 * DAY - 5_000) }, NOW).text).toBe(
      'Expires in 7 days',
    );
    expect(inviteExpiry({ expires: toRecordDate(NOW + DAY + 60_000) }, NOW).text).toBe(
      'Expires in 1 day',
    );
    expect(inviteExpiry({ expires: toRecordDate(NOW + 3600_000) }, NOW).text).toBe(
      'Expires within a day',
    );
    expect(inviteExpiry({ expires: toRecordDate(NOW - 1) }, NOW)).toEqual({
      expired: true,
      text: 'Expired',
    });
  });
});
