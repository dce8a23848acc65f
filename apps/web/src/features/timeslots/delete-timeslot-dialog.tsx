import { formatUsDateTime, fromRecordDate } from '@airgrid/domain';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../ui/forms/server-errors';
import { deleteTimeslot, timeslotQueries } from './queries';
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
  return (
    <Modal opened={id !== null} onClose={onClose} title="Delete timeslot?" centered>
      {id !== null && <DialogBody key={id} id={id} onClose={onClose} zone={zone} onDone={onDone} />}
    </Modal>
  );
}

function DialogBody({ id, onClose, zone, onDone }: Props & { id: string }) {
  const record = useQuery(timeslotQueries.record(id));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (record.isPending) return <Loader aria-label="Loading timeslot" />;
  if (record.isError) {
    return (
      <Alert color="red" role="alert">
        {describeError(record.error).error}
      </Alert>
    );
  }
  const slot = record.data;
  const title = slot.expand?.show?.title ?? 'This timeslot';
  const when = formatUsDateTime(fromRecordDate(slot.start) ?? 0, zone);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteTimeslot(slot.id);
      onDone(`${title} deleted`, [{ kind: 'create', fields: recreateFields(slot) }]);
      onClose();
    } catch (failure) {
      setError(describeError(failure).error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Text>
        Delete {title}, {when}?
        {slot.recurrence !== '' ? ' Only this airing of its series is deleted.' : ''}
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Keep it
        </Button>
        <Button color="red" onClick={() => void remove()} loading={busy} data-autofocus>
          Delete
        </Button>
      </Group>
    </Stack>
  );
}
