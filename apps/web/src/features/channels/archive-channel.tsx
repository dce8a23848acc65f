import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { QueryClient } from '@tanstack/react-query';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { describeError } from '../../ui/forms/server-errors';
import { toast } from '../../ui/toast';
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
    onConfirm: async () => {
      try {
        await updateChannel(channel.id, { archived: archive });
        for (const queryKey of CHANNEL_SAVE_INVALIDATES) {
          await queryClient.invalidateQueries({ queryKey });
        }
        toast({
          severity: 'success',
          summary: archive ? `${channel.name} archived` : `${channel.name} restored`,
        });
      } catch (failure) {
        toast({
          severity: 'error',
          summary: archive ? 'The channel was not archived' : 'The channel was not restored',
          detail: describeError(failure).error ?? undefined,
          group: 'channel-archive',
        });
      }
    },
  });
}
