import { isEditorRole, type ShowRecord } from '@airgrid/schema';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { showKeys } from '../../shared/shows/show-keys';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { markShowReady, timeslotKeys } from './queries';

/**
 * The side panel's warning for an airing of a draft show: it airs all the same, and viewers see
 * it. Editors may mark the show ready from here; the panel's record is read again and the
 * warning goes.
 */
export function DraftShowAlert({ show, timeslot }: { show: ShowRecord; timeslot: string }) {
  const t = messages();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const markReady = async () => {
    setPending(true);
    await runAction(
      {
        save: () => markShowReady(show.id),
        invalidate: [timeslotKeys.record(timeslot), showKeys.all],
        success: () => t.timeslots.titleMarkedReady(show.title),
        failure: { summary: t.timeslots.theShowWasNotMarkedReady, group: 'show-ready' },
      },
      appEffects(queryClient),
    );
    setPending(false);
  };

  // Its first line is bold text rather than the Alert's title: a title names the note, and a name
  // with "show" in it would answer the panel's getByLabel('Show') beside the Show select.
  return (
    <Alert color="yellow" variant="light" role="note" icon={<IconAlertTriangle size={18} />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" fw={700}>
          {t.timeslots.showIsStillADraft}
        </Text>
        <Text size="sm">{t.timeslots.draftAiringExplained}</Text>
        {isEditorRole(user?.role) && (
          <Button size="xs" variant="default" loading={pending} onClick={() => void markReady()}>
            {t.timeslots.markReady}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
