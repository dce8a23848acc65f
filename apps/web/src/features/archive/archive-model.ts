import { fromRecordDate } from '@airgrid/domain';
import { purgeAt } from '@airgrid/schema';
import { messages } from '../../i18n/messages';

const t = messages();

// The archive page's pure parts: the kinds it lists, search, and when each record goes.

export const ARCHIVE_KINDS = ['channels', 'shows', 'embeds'] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];

export const KIND_LABELS: Readonly<Record<ArchiveKind, { plural: string; one: string }>> = {
  channels: { plural: t.archive.channels, one: 'channel' },
  shows: { plural: t.archive.shows, one: 'show' },
  embeds: { plural: t.archive.embeds, one: 'embed' },
};

export function isArchiveKind(value: unknown): value is ArchiveKind {
  return typeof value === 'string' && (ARCHIVE_KINDS as readonly string[]).includes(value);
}

/** The items whose name contains the search, ignoring case and surrounding spaces. */
export function searchArchive<T extends { name: string }>(
  items: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  return needle === ''
    ? [...items]
    : items.filter((item) => item.name.toLowerCase().includes(needle));
}

/** When the daily purge deletes an item for good (epoch ms), or null without a date. */
export function deletionDate(archivedAt: string, retentionDays: number): number | null {
  const at = fromRecordDate(archivedAt);
  return at === null ? null : purgeAt(at, retentionDays);
}
