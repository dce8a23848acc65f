import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { QueryClient } from '@tanstack/react-query';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { showKeys, updateShow } from './queries';
import type { ShowRecord } from './show-model';

/**
 * Asks before archiving or restoring a show, then sets its status. Archiving keeps the show,
 * its media and its airings; it only leaves the catalogue's default list. Restoring makes it a
 * draft again, so someone checks it before it is marked ready.
 */
export function confirmArchiveShow(show: ShowRecord, queryClient: QueryClient): void {
  const archive = show.status !== 'archived';
  modals.openConfirmModal({
    title: archive ? `Archive ${show.title}?` : `Restore ${show.title}?`,
    children: (
      <Text size="sm">
        {archive
          ? 'It leaves the catalogue list (turn on Show archived to see it). Its media and airings are kept, and you can restore it here.'
          : 'It comes back to the catalogue as a draft, with its media and airings.'}
      </Text>
    ),
    labels: { confirm: archive ? 'Archive' : 'Restore', cancel: 'Cancel' },
    confirmProps: { color: archive ? 'red' : undefined },
    onConfirm: () =>
      runAction(
        {
          save: () => updateShow(show.id, { status: archive ? 'archived' : 'draft' }),
          invalidate: [showKeys.all],
          success: () => (archive ? `${show.title} archived` : `${show.title} restored`),
          failure: {
            summary: archive ? 'The show was not archived' : 'The show was not restored',
            group: 'show-archive',
          },
        },
        appEffects(queryClient),
      ),
  });
}
