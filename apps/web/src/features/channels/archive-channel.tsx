import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { QueryClient } from '@tanstack/react-query';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { CHANNEL_SAVE_INVALIDATES, updateChannel } from './queries';

/**
 * Asks before archiving or restoring a channel, then does it. Archiving is a soft delete: the
 * channel leaves the guide, the feeds and the collections panel, and its schedule is kept.
 */
export function confirmArchive(channel: ChannelRecord, queryClient: QueryClient): void {
  const archive = !channel.archived;
  modals.openConfirmModal({
    title: archive ? `Archive ${channel.name}?` : `Restore ${channel.name}?`,
    children: (
      <Text size="sm">
        {archive
          ? 'It leaves the guide, the feeds and the channel lists. Its schedule is kept, and you can restore it from the archived channels.'
          : 'It comes back to the guide, the feeds and the channel lists with its schedule.'}
      </Text>
    ),
    labels: { confirm: archive ? 'Archive' : 'Restore', cancel: 'Cancel' },
    confirmProps: { color: archive ? 'red' : undefined },
    onConfirm: () =>
      runAction(
        {
          save: () => updateChannel(channel.id, { archived: archive }),
          invalidate: CHANNEL_SAVE_INVALIDATES,
          success: () => (archive ? `${channel.name} archived` : `${channel.name} restored`),
          failure: {
            summary: archive ? 'The channel was not archived' : 'The channel was not restored',
            group: 'channel-archive',
          },
        },
        appEffects(queryClient),
      ),
  });
}
