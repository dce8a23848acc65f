import { type Clock, formatDuration } from '@airgrid/domain';
import { ActionIcon, Badge, Checkbox, Group, Table, Tooltip } from '@mantine/core';
import { IconBan, IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import { type ListSlot, slotName } from './bulk-actions';
import { listStart } from './timeslots-model';

/** One timeslot of the list; to editors, with its checkbox and its actions. */
export function TimeslotRow({
  slot,
  channelName,
  clock,
  canEdit,
  busy,
  selected,
  onToggle,
  onEdit,
  onStatus,
  onDelete,
}: {
  slot: ListSlot;
  /** Its channel's name; none when the channel is archived. */
  channelName: string | undefined;
  clock: Clock;
  canEdit: boolean;
  busy: boolean;
  selected: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onStatus: (status: 'scheduled' | 'cancelled') => void;
  onDelete: () => void;
}) {
  const t = messages();
  const name = slotName(slot, clock);
  return (
    <Table.Tr key={slot.id} data-timeslot-id={slot.id}>
      {canEdit && (
        <Table.Td>
          <Checkbox
            aria-label={t.timeslots.selectName(name)}
            checked={selected}
            onChange={onToggle}
          />
        </Table.Td>
      )}
      <Table.Td>{channelName ?? t.timeslots.archivedChannel}</Table.Td>
      <Table.Td>{listStart(slot.start, slot.zone, clock)}</Table.Td>
      <Table.Td>{slot.title}</Table.Td>
      <Table.Td>{formatDuration(slot.durationSec, 'length', { units: true })}</Table.Td>
      <Table.Td>
        <Badge color={slot.status === 'cancelled' ? 'gray' : 'green'} variant="light">
          {slot.status === 'cancelled' ? t.timeslots.cancelled : t.timeslots.scheduled}
        </Badge>
      </Table.Td>
      {canEdit && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t.common.edit}>
              <ActionIcon
                variant="subtle"
                aria-label={t.timeslots.editName(name)}
                disabled={busy}
                onClick={onEdit}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            {slot.status === 'cancelled' ? (
              <Tooltip label={t.timeslots.restoreTheAiring}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t.timeslots.restoreName(name)}
                  disabled={busy}
                  onClick={() => onStatus('scheduled')}
                >
                  <IconRestore size={16} />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Tooltip label={t.timeslots.cancelTheAiring}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t.timeslots.cancelName(name)}
                  disabled={busy}
                  onClick={() => onStatus('cancelled')}
                >
                  <IconBan size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={t.common.delete}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t.timeslots.deleteName(name)}
                disabled={busy}
                onClick={onDelete}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
