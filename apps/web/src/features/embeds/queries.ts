import { queryOptions } from '@tanstack/react-query';
import { pb } from '../../lib/pocketbase';
import type { EmbedRecord } from './embed-model';

// The embeds area's data: its query keys and the SDK calls behind them.

/** Query keys: `all` is the prefix an embed save or delete invalidates. */
export const embedKeys = {
  all: ['embeds'] as const,
  list: (organization: string) => ['embeds', 'list', organization] as const,
};

export function createEmbed(body: Record<string, unknown>) {
  return pb.collection('embeds').create<EmbedRecord>(body);
}

export function updateEmbed(id: string, body: Record<string, unknown>) {
  return pb.collection('embeds').update<EmbedRecord>(id, body);
}

/** Retires the widget: it stops rendering, and waits in the archive to be restored. */
export function archiveEmbed(id: string) {
  return pb.collection('embeds').update<EmbedRecord>(id, { archived: true });
}

export const embedQueries = {
  list: (organization: string) =>
    queryOptions({
      queryKey: embedKeys.list(organization),
      enabled: Boolean(organization),
      queryFn: () =>
        pb.collection('embeds').getFullList<EmbedRecord>({
          filter: pb.filter('organization = {:organization} && archived = false', {
            organization,
          }),
          sort: 'name',
        }),
    }),
};
