import { formatUsDateTime, fromRecordDate } from '@airgrid/domain';
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { useAction } from '../../ui/forms/use-action';
import { deleteTimeslot, timeslotKeys, timeslotQueries } from './queries';
import { deleteSeries } from './series-queries';
import { type EditScope, SCOPE_OPTIONS } from './timeslot-form';
import { recreateFields, type UndoWrite } from './undo';

interface Props {
  /** The timeslot to delete, or null when the dialog is closed. */
  id: string | null;
  onClose: () => void;
  zone: string;
  /** Deleted: the page says so, with an Undo that recreates it. */
  onDone: (summary: string, undo: UndoWrite[]) => void;
}

/** Asks before deleting a timeslot (from the panel's Delete, or the Delete key on a bar). */
export function DeleteTimeslotDialog({ id, onClose, zone, onDone }: Props) {
  const t = messages();
  return (
    <Modal opened={id !== null} onClose={onClose} title={t.timeslots.deleteTimeslot} centered>
      {id !== null && <DialogBody key={id} id={id} onClose={onClose} zone={zone} onDone={onDone} />}
    </Modal>
  );
}

function DialogBody({ id, onClose, zone, onDone }: Props & { id: string }) {
  const t = messages();
  const record = useQuery(timeslotQueries.record(id));
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const action = useAction();
  const [scope, setScope] = useState<EditScope>('this');
  if (record.isPending) return <Loader role="status" aria-label={t.timeslots.loadingTimeslot} />;
  if (record.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(record.error).error}
      </Alert>
    );
  }
  const slot = record.data;
  const title = slot.expand?.show?.title ?? t.timeslots.thisTimeslot;
  const when = formatUsDateTime(fromRecordDate(slot.start) ?? 0, zone);
  const inSeries = slot.recurrence !== '' && slot.occurrence !== '';

  const remove = () => {
    setError(null);
    return action.run({
      save: async (): Promise<{ summary: string; undo: UndoWrite[] }> => {
        if (inSeries && scope !== 'this') {
          // The series operation: its airings go in one transaction (no undo).
          const result = await deleteSeries(slot.recurrence, {
            scope: scope === 'following' ? 'following' : 'series',
            occurrence: slot.occurrence,
          });
          const which =
            scope === 'following' ? t.timeslots.thisAndFollowingAirings : t.timeslots.theSeries;
          return { summary: t.timeslots.seriesDeleted(which, title, result.removed), undo: [] };
        }
        await deleteTimeslot(slot.id);
        return {
          summary: t.timeslots.titleDeleted(title),
          undo: [{ kind: 'create', fields: recreateFields(slot) }],
        };
      },
      // The page says it, with an Undo that recreates a single timeslot.
      onSaved: ({ summary, undo }) => {
        // Gone: its own query leaves the cache, so the refresh that follows does not ask the
        // server for it again (a 404 in the console) while this dialog and the panel close.
        queryClient.removeQueries({ queryKey: timeslotKeys.record(slot.id), exact: true });
        onDone(summary, undo);
        onClose();
      },
      failure: (failure) => setError(describeError(failure).error),
    });
  };

  return (
    <Stack gap="md">
      <Text>
        {t.timeslots.deleteTitleWhen(title, when)}
        {slot.recurrence !== '' && !inSeries ? t.timeslots.onlyThisAiringOfIts : ''}
      </Text>
      {inSeries && (
        <Radio.Group
          label={t.timeslots.partOfASeriesDelete}
          value={scope}
          onChange={(value) => setScope(value as EditScope)}
        >
          <Stack gap={6} mt={4}>
            {SCOPE_OPTIONS.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={action.busy}>
          {t.timeslots.keepIt}
        </Button>
        <Button color="red" onClick={() => void remove()} loading={action.busy} data-autofocus>
          {t.common.delete}
        </Button>
      </Group>
    </Stack>
  );
}
