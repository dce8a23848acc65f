import { readArchiveRetention, withArchiveRetention } from '@airgrid/schema';
import { queryOptions } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { pb } from '../../lib/pocketbase';
import { archiveKeys } from '../../shared/archive/queries';
import type { ArchiveKind } from './archive-model';

// The archive's data: each kind's archived records, the organization's retention, and the
// writes that restore, delete for good, or change the retention. Its query keys are in
// shared/archive/queries.ts, since other areas invalidate them.

/** What a record of the archive shows: its name, and when it was archived. */
export interface ArchivedItem {
  id: string;
  name: string;
  archivedAt: string;
}

const ARCHIVED_FILTER: Record<ArchiveKind, string> = {
  channels: 'archived = true',
  shows: 'status = "archived"',
  embeds: 'archived = true',
};

const NAME_FIELD: Record<ArchiveKind, string> = {
  channels: 'name',
  shows: 'title',
  embeds: 'name',
};

export const archiveQueries = {
  list: (kind: ArchiveKind, organization: string) =>
    queryOptions({
      queryKey: archiveKeys.list(kind, organization),
      queryFn: async (): Promise<ArchivedItem[]> => {
        const records = await pb.collection(kind).getFullList<RecordModel>({
          filter: pb.filter(`organization = {:organization} && ${ARCHIVED_FILTER[kind]}`, {
            organization,
          }),
          sort: '-archivedAt',
          fields: `id,${NAME_FIELD[kind]},archivedAt`,
        });
        return records.map((record) => ({
          id: record.id,
          name: String(record[NAME_FIELD[kind]] ?? ''),
          archivedAt: String(record.archivedAt ?? ''),
        }));
      },
      enabled: organization !== '',
    }),
  /** The organization's retention in days (90 unless it set another). */
  retention: (organization: string) =>
    queryOptions({
      queryKey: archiveKeys.retention(organization),
      queryFn: async () => {
        const record = await pb.collection('organizations').getOne(organization, {
          fields: 'id,settings',
        });
        return { days: readArchiveRetention(record.settings), settings: record.settings };
      },
      enabled: organization !== '',
    }),
};

/** Brings the record back where it was: a channel or widget unarchived, a show ready. */
export function restore(kind: ArchiveKind, id: string) {
  const body = kind === 'shows' ? { status: 'ready' } : { archived: false };
  return pb.collection(kind).update(id, body);
}

export function deleteForGood(kind: ArchiveKind, id: string) {
  return pb.collection(kind).delete(id);
}

export function saveRetention(organization: string, settings: unknown, days: number) {
  return pb
    .collection('organizations')
    .update(organization, { settings: withArchiveRetention(settings, days) });
}
