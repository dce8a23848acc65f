// How long an organization keeps what it archives (`organizations.settings.archiveRetentionDays`)
// before the daily purge deletes it for good. The server checks and applies it; the archive
// pages show it.

export const ARCHIVE_RETENTION_DAYS = { default: 90, min: 1, max: 3650 } as const;

export const ARCHIVE_RETENTION_MESSAGE = `Keep archived records between ${ARCHIVE_RETENTION_DAYS.min} and ${ARCHIVE_RETENTION_DAYS.max} days (a whole number).`;

const DAY_MS = 24 * 3600 * 1000;

/** Whether the value is an acceptable retention: a whole number of days in range. */
export function isArchiveRetention(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= ARCHIVE_RETENTION_DAYS.min &&
    value <= ARCHIVE_RETENTION_DAYS.max
  );
}

/** The organization's retention in days: its setting when valid, else the default (90). */
export function readArchiveRetention(settings: unknown): number {
  const value =
    typeof settings === 'object' && settings !== null
      ? (settings as { archiveRetentionDays?: unknown }).archiveRetentionDays
      : undefined;
  return isArchiveRetention(value) ? value : ARCHIVE_RETENTION_DAYS.default;
}

/** The settings with this retention, keeping every other setting. */
export function withArchiveRetention(settings: unknown, days: number): Record<string, unknown> {
  const base =
    typeof settings === 'object' && settings !== null && !Array.isArray(settings)
      ? (settings as Record<string, unknown>)
      : {};
  return { ...base, archiveRetentionDays: days };
}

/** When a record archived at `archivedAtMs` is deleted for good (epoch ms). */
export function purgeAt(archivedAtMs: number, retentionDays: number): number {
  return archivedAtMs + retentionDays * DAY_MS;
}
