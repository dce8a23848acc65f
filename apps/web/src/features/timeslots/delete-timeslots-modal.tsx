import type { Clock } from '@airgrid/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { type ListSlot, slotName } from './bulk-actions';

/** Asks before the list deletes one timeslot or several. */
export function DeleteTimeslotsModal({
  ids: confirmDelete,
  slotsById,
  clock,
  onClose,
  onConfirm,
}: {
  /** The timeslots to delete; none while closed. */
  ids: string[] | null;
  slotsById: ReadonlyMap<string, ListSlot>;
  clock: Clock;
  onClose: () => void;
  onConfirm: (ids: string[]) => void;
}) {
  const t = messages();
  return (
    <Modal
      opened={confirmDelete !== null}
      onClose={onClose}
      title={
        confirmDelete?.length === 1
          ? t.timeslots.deleteThisTimeslot
          : t.timeslots.deleteTheseTimeslots
      }
    >
      <Stack>
        <Text size="sm">
          {confirmDelete?.length === 1
            ? t.timeslots.willBeRemoved(
                (() => {
                  const one = slotsById.get(confirmDelete[0] ?? '');
                  return one ? slotName(one, clock) : t.timeslots.theTimeslot;
                })(),
              )
            : t.timeslots.countWillBeRemoved(confirmDelete?.length ?? 0)}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.timeslots.keep}
          </Button>
          <Button color="red" onClick={() => onConfirm(confirmDelete ?? [])}>
            {t.common.delete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
