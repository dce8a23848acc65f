import { isEditorRole, type ShowRecord } from '@airgrid/schema';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { DraftShowNote } from '../../shared/shows/draft-show-note';
import { showKeys } from '../../shared/shows/show-keys';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { markShowReady, timeslotKeys } from './queries';

/**
 * The side panel's warning for an airing of a draft show. Editors may mark the show ready from
 * here; the panel's record is read again and the warning goes.
 */
export function DraftShowAlert({ show, timeslot }: { show: ShowRecord; timeslot: string }) {
  const t = messages();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const markReady = () =>
    runAction(
      {
        save: () => markShowReady(show.id),
        invalidate: [timeslotKeys.record(timeslot), showKeys.all],
        success: () => t.timeslots.titleMarkedReady(show.title),
        failure: { summary: t.timeslots.theShowWasNotMarkedReady, group: 'show-ready' },
      },
      appEffects(queryClient),
    );
  return (
    <DraftShowNote
      heading={t.timeslots.showIsStillADraft}
      markReady={
        isEditorRole(user?.role) ? { label: t.timeslots.markReady, run: markReady } : undefined
      }
    >
      {t.timeslots.draftAiringExplained}
    </DraftShowNote>
  );
}
