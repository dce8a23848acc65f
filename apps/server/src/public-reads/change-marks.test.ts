import { describe, expect, it } from 'vitest';
import type { RecordEvent } from '../records/record-events.js';
import { OrganizationChangeMarks } from './change-marks.js';

const event = (collection: string, record: Record<string, unknown>): RecordEvent => ({
  action: 'update',
  collection,
  record,
});

describe('OrganizationChangeMarks', () => {
  it('marks the organization a schedule record belongs to, and only that one', () => {
    const marks = new OrganizationChangeMarks();
    const before = marks.sequence;
    marks.observe([event('timeslots', { id: 't1', organization: 'org-a' })]);
    expect(marks.isUnchangedSince('org-a', before)).toBe(false);
    expect(marks.isUnchangedSince('org-b', before)).toBe(true);
    expect(marks.isUnchangedSince('org-a', marks.sequence)).toBe(true);
  });

  it('reads an organization record by its own id', () => {
    const marks = new OrganizationChangeMarks();
    marks.observe([event('organizations', { id: 'org-a', name: 'Renamed' })]);
    expect(marks.markOf('org-a')).toBe(1);
  });

  it('ignores collections no public read is built from', () => {
    const marks = new OrganizationChangeMarks();
    marks.observe([event('notifications', { id: 'n1', organization: 'org-a' })]);
    expect(marks.sequence).toBe(0);
    expect(marks.markOf('org-a')).toBe(0);
  });

  it('makes every organization stale when a change names none', () => {
    const marks = new OrganizationChangeMarks();
    marks.observe([event('shows', { id: 's1' })]);
    expect(marks.isUnchangedSince('org-a', 0)).toBe(false);
    expect(marks.isUnchangedSince('org-b', 0)).toBe(false);
  });
});
