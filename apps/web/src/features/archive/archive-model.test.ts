import { toRecordDate } from '@airgrid/domain';
import { describe, expect, it } from 'vitest';
import { deletionDate, isArchiveKind, searchArchive } from './archive-model';

describe('the archive page', () => {
  it('knows its kinds', () => {
    expect(['channels', 'shows', 'embeds'].every(isArchiveKind)).toBe(true);
    expect(isArchiveKind('timeslots')).toBe(false);
  });

  it('searches names without minding case or spaces', () => {
    const items = [{ name: 'Morning Show' }, { name: 'Night Owls' }];
    expect(searchArchive(items, '  morning ')).toEqual([{ name: 'Morning Show' }]);
    expect(searchArchive(items, '')).toEqual(items);
    expect(searchArchive(items, 'zzz')).toEqual([]);
  });

  it('dates the deletion by the retention', () => {
    const archived = Date.UTC(2026, 10, 1, 12);
    expect(deletionDate(toRecordDate(archived), 90)).toBe(archived + 90 * 24 * 3600 * 1000);
    expect(deletionDate('', 90)).toBeNull();
  });
});
