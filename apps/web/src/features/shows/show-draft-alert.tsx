import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { DraftShowNote } from '../../shared/shows/draft-show-note';
import { showKeys } from '../../shared/shows/show-keys';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { showQueries, updateShow } from './queries';
import { draftAiringsWarning, type ShowRecord } from './show-model';

/**
 * The show page's warning for a draft with airings to come: how many and when the first is; who
 * may manage the show marks it ready here (the same update as the edit form's status).
 */
export function DraftAiringsAlert({ show, canManage }: { show: ShowRecord; canManage: boolean }) {
  const t = messages();
  const clock = useClockSetting();
  const queryClient = useQueryClient();
  // The airings cards' read: one request for both.
  const airings = useQuery(showQueries.airings(show.id));
  const warning = draftAiringsWarning(show, airings.data ?? [], Date.now(), clock);
  if (!warning) return null;

  const markReady = () =>
    runAction(
      {
        save: () => updateShow(show.id, { status: 'ready' }),
        invalidate: [showKeys.all],
        success: () => t.shows.titleMarkedReady(show.title),
        failure: { summary: t.shows.theShowWasNotMarkedReady, group: 'show-ready' },
      },
      appEffects(queryClient),
    );
  return (
    <DraftShowNote
      heading={t.shows.thisShowIsStillADraft}
      markReady={canManage ? { label: t.shows.markReady, run: markReady } : undefined}
    >
      {t.shows.draftAiringsExplained(warning.count, warning.first, warning.channel)}
    </DraftShowNote>
  );
}
