import { describe, expect, it } from 'vitest';
import {
  backupFileProblem,
  backupUploadName,
  bucketRows,
  fileSize,
  periodStart,
  statsFilter,
  summarize,
} from './operator-model';

const NOW = Date.UTC(2026, 10, 29, 14, 37, 12);

describe('the request log’s chart', () => {
  it('starts the period so that the current minute or hour is its last', () => {
    expect(new Date(periodStart(NOW, 'hour')).toISOString()).toBe('2026-11-29T13:38:00.000Z');
    expect(new Date(periodStart(NOW, 'day')).toISOString()).toBe('2026-11-28T15:00:00.000Z');
    expect(new Date(periodStart(NOW, 'week')).toISOString()).toBe('2026-11-22T15:00:00.000Z');
  });

  it('narrows the list’s filter to the period and a status class', () => {
    const since = periodStart(NOW, 'day');
    expect(statsFilter('', since)).toBe('created >= "2026-11-28 15:00:00.000Z"');
    expect(statsFilter(' message ~ "a" || level > 0 ', since, 'client')).toBe(
      '(message ~ "a" || level > 0) && created >= "2026-11-28 15:00:00.000Z" && data.status >= 400 && data.status < 500',
    );
    expect(statsFilter('', since, 'server')).toBe(
      'created >= "2026-11-28 15:00:00.000Z" && data.status >= 500',
    );
  });

  it('gives every hour a row, the answered ones being what is not an error', () => {
    const since = periodStart(NOW, 'day');
    const rows = bucketRows(since, 'day', {
      all: [
        { date: '2026-11-28 15:00:00.000Z', total: 10 },
        { date: '2026-11-29 14:00:00.000Z', total: 7 },
      ],
      client: [{ date: '2026-11-28 15:00:00.000Z', total: 3 }],
      server: [{ date: '2026-11-29 14:00:00.000Z', total: 2 }],
    });
    expect(rows).toHaveLength(24);
    expect(rows[0]).toEqual({
      at: '2026-11-28 15:00',
      label: '15:00',
      answered: 7,
      clientErrors: 3,
      serverErrors: 0,
    });
    expect(rows[1]).toMatchObject({ label: '16:00', answered: 0, clientErrors: 0 });
    expect(rows[23]).toMatchObject({ at: '2026-11-29 14:00', answered: 5, serverErrors: 2 });
    expect(summarize(rows)).toEqual({
      total: 17,
      clientErrors: 3,
      serverErrors: 2,
      busiest: rows[0],
    });
    expect(summarize(rows.slice(1, 5)).busiest).toBeNull();
  });

  it('labels a week’s hours with their day', () => {
    const rows = bucketRows(periodStart(NOW, 'week'), 'week', { all: [], client: [], server: [] });
    expect(rows[0]?.label).toBe('11-22 15:00');
    expect(rows.at(-1)?.label).toBe('11-29 14:00');
  });

  it('gives the last hour a bar a minute, matched to the per-minute stats', () => {
    const rows = bucketRows(periodStart(NOW, 'hour'), 'hour', {
      all: [
        { date: '2026-11-29 13:38:00.000Z', total: 4 },
        { date: '2026-11-29 14:37:00.000Z', total: 2 },
      ],
      client: [{ date: '2026-11-29 14:37:00.000Z', total: 1 }],
      server: [],
    });
    expect(rows).toHaveLength(60);
    expect(rows[0]).toMatchObject({ at: '2026-11-29 13:38', label: '13:38', answered: 4 });
    expect(rows[59]).toMatchObject({ label: '14:37', answered: 1, clientErrors: 1 });
    expect(summarize(rows).busiest?.at).toBe('2026-11-29 13:38');
  });
});

describe('a backup chosen for upload', () => {
  it('must be a .zip no larger than the server takes', () => {
    expect(backupFileProblem({ name: 'notes.txt', size: 10 }, 100)).toBe('type');
    expect(backupFileProblem({ name: 'nightly.ZIP', size: 101 }, 100)).toBe('size');
    expect(backupFileProblem({ name: 'nightly.zip', size: 100 }, 100)).toBeNull();
    expect(backupFileProblem({ name: 'nightly.zip', size: 10 ** 12 }, undefined)).toBeNull();
  });

  it('is stored under a name the server takes', () => {
    expect(backupUploadName('airgrid_backup_20261129.zip')).toBe('airgrid_backup_20261129.zip');
    expect(backupUploadName('airgrid backup (1).ZIP')).toBe('airgrid_backup_1_.zip');
    expect(backupUploadName('..hidden.zip')).toBe('hidden.zip');
    expect(backupUploadName('.zip')).toBe('backup.zip');
    expect(backupUploadName(`${'x'.repeat(200)}.zip`)).toHaveLength(154);
  });

  it('sizes read in KB, MB or GB', () => {
    expect(fileSize(100)).toBe('1 KB');
    expect(fileSize(3.5 * 1024 * 1024)).toBe('3.5 MB');
    expect(fileSize(2048 * 1024 * 1024)).toBe('2.0 GB');
  });
});
