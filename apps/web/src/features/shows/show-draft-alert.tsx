import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import { showKeys } from '../../shared/shows/show-keys';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { showQueries, updateShow } from './queries';
import { draftAiringsWarning, type ShowRecord } from './show-model';

/**
 * The show page's warning for a draft with airings to come: drafts air as scheduled and viewers
 * see them, so it says how many and when the first is; who may manage the show marks it ready
 * here (the same update as the edit form's status).
 */
export function DraftAiringsAlert({ show, canManage }: { show: ShowRecord; canManage: boolean }) {
  const t = messages();
  const clock = useClockSetting();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  // The airings cards' read: one request for both.
  const airings = useQuery(showQueries.airings(show.id));
  const warning = draftAiringsWarning(show, airings.data ?? [], Date.now(), clock);
  if (!warning) return null;

  const markReady = async () => {
    setPending(true);
    await runAction(
      {
        save: () => updateShow(show.id, { status: 'ready' }),
        invalidate: [showKeys.all],
        success: () => t.shows.titleMarkedReady(show.title),
        failure: { summary: t.shows.theShowWasNotMarkedReady, group: 'show-ready' },
      },
      appEffects(queryClient),
    );
    setPending(false);
  };

  return (
    <Alert color="yellow" variant="light" role="note" icon={<IconAlertTriangle size={18} />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" fw={700}>
          {t.shows.thisShowIsStillADraft}
        </Text>
        <Text size="sm">
          {t.shows.draftAiringsExplained(warning.count, warning.first, warning.channel)}
        </Text>
        {canManage && (
          <Button size="xs" variant="default" loading={pending} onClick={() => void markReady()}>
            {t.shows.markReady}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
