import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_RETENTION_DAYS,
  isArchiveRetention,
  purgeAt,
  readArchiveRetention,
  withArchiveRetention,
} from './archive-retention.js';

describe('archive retention', () => {
  it('is 90 days unless a valid number of days is set', () => {
    expect(readArchiveRetention(undefined)).toBe(90);
    expect(readArchiveRetention({ archiveRetentionDays: 30 })).toBe(30);
    for (const bad of [0, -1, 3651, 1.5, '30', null]) {
      expect(readArchiveRetention({ archiveRetentionDays: bad })).toBe(
        ARCHIVE_RETENTION_DAYS.default,
      );
      expect(isArchiveRetention(bad)).toBe(false);
    }
    expect(isArchiveRetention(1)).toBe(true);
    expect(isArchiveRetention(3650)).toBe(true);
  });

  it('keeps other settings when set, and dates the purge', () => {
    expect(withArchiveRetention({ theme: 'x' }, 7)).toEqual({
      theme: 'x',
      archiveRetentionDays: 7,
    });
    expect(purgeAt(Date.UTC(2026, 0, 1), 31)).toBe(Date.UTC(2026, 1, 1));
  });
});
