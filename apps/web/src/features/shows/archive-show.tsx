import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { QueryClient } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { showKeys } from '../../shared/shows/show-keys';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { updateShow } from './queries';
import type { ShowRecord } from './show-model';

/**
 * Asks before archiving or restoring a show, then sets its status. Archiving keeps the show,
 * its media and its airings; it only leaves the catalogue's default list. Restoring makes it a
 * draft again, so someone checks it before it is marked ready.
 */
export function confirmArchiveShow(show: ShowRecord, queryClient: QueryClient): void {
  const t = messages();
  const archive = show.status !== 'archived';
  modals.openConfirmModal({
    title: archive ? t.shows.archiveTitle(show.title) : t.shows.restoreTitle(show.title),
    children: (
      <Text size="sm">{archive ? t.shows.itLeavesTheCatalogueList : t.shows.itComesBackToThe}</Text>
    ),
    labels: { confirm: archive ? t.shows.archive : t.common.restore, cancel: t.common.cancel },
    confirmProps: { color: archive ? 'red' : undefined },
    onConfirm: () =>
      runAction(
        {
          save: () => updateShow(show.id, { status: archive ? 'archived' : 'draft' }),
          invalidate: [showKeys.all],
          success: () =>
            archive ? t.shows.titleArchived(show.title) : t.shows.titleRestored(show.title),
          failure: {
            summary: archive ? t.shows.theShowWasNotArchived : t.shows.theShowWasNotRestored,
            group: 'show-archive',
          },
        },
        appEffects(queryClient),
      ),
  });
}
