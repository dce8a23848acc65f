import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { QueryClient } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import type { ChannelRecord } from '../../shared/channels/channel-model';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { CHANNEL_SAVE_INVALIDATES, updateChannel } from './queries';

/**
 * Asks before archiving or restoring a channel, then does it. Archiving is a soft delete: the
 * channel leaves the guide, the feeds and the collections panel, and its schedule is kept.
 */
export function confirmArchive(channel: ChannelRecord, queryClient: QueryClient): void {
  const t = messages();
  const archive = !channel.archived;
  modals.openConfirmModal({
    title: archive ? t.channels.archiveName(channel.name) : t.channels.restoreName(channel.name),
    children: (
      <Text size="sm">
        {archive ? t.channels.itLeavesTheGuideThe : t.channels.itComesBackToThe}
      </Text>
    ),
    labels: { confirm: archive ? t.channels.archive : t.common.restore, cancel: t.common.cancel },
    confirmProps: { color: archive ? 'red' : undefined },
    onConfirm: () =>
      runAction(
        {
          save: () => updateChannel(channel.id, { archived: archive }),
          invalidate: CHANNEL_SAVE_INVALIDATES,
          success: () =>
            archive ? t.channels.nameArchived(channel.name) : t.channels.nameRestored(channel.name),
          failure: {
            summary: archive
              ? t.channels.theChannelWasNotArchived
              : t.channels.theChannelWasNotRestored,
            group: 'channel-archive',
          },
        },
        appEffects(queryClient),
      ),
  });
}
