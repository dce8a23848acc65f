import type { Clock } from '@airgrid/domain';
import { fromRecordDate } from '@airgrid/domain';
import type { GuideChannel } from '@airgrid/schema';
import { Alert, Checkbox, Group, Loader, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { type ListSlot, MOVE_STEP_MINUTES } from './bulk-actions';
import { BulkBar } from './bulk-bar';
import { DeleteTimeslotsModal } from './delete-timeslots-modal';
import { type ListedTimeslot, timeslotQueries } from './queries';
import { TimeslotRow } from './timeslot-row';
import type { UndoWrite } from './undo';
import { useListActions } from './use-list-actions';

interface Props {
  from: number;
  to: number;
  channels: readonly GuideChannel[];
  /** Owners, admins and editors get row actions and multi-select. */
  canEdit: boolean;
  clock: Clock;
  /** Opens the timeslot in the editing panel the chart uses. */
  onEdit: (id: string) => void;
  /** A change went through: the page says so, with an Undo that runs `undo` (as the chart's). */
  onDone: (summary: string, undo: UndoWrite[]) => void;
}

/**
 * The window's timeslots as a table, cancelled ones included (the chart, drawn from the guide,
 * leaves them out): each start on its channel's own clock. Editors get row actions (edit in the
 * chart's timeslot panel, cancel or restore, delete after a confirmation) and
 * multi-select with bulk delete, cancel and move, sent through the batch API. Each says it went
 * through in the page's toast with an Undo, as the chart's changes do.
 */
export function TimeslotsList({ from, to, channels, canEdit, clock, onEdit, onDone }: Props) {
  const t = messages();
  const [channel, setChannel] = useState('');
  // Under the workspace's key, so the page's invalidation refreshes it with the chart.
  const list = useQuery(timeslotQueries.list(from, to, channel));
  const byId = useMemo(() => new Map(channels.map((one) => [one.id, one])), [channels]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState<string[] | null>(null);
  const [moveBy, setMoveBy] = useState<number | string>(MOVE_STEP_MINUTES);

  const slots = useMemo<ListSlot[]>(
    () =>
      (list.data ?? []).map((slot: ListedTimeslot) => ({
        id: slot.id,
        start: fromRecordDate(slot.start) ?? 0,
        durationSec: slot.durationSec,
        status: slot.status,
        title: slot.expand?.show?.title ?? '',
        zone: byId.get(slot.channel)?.timeZone ?? 'UTC',
      })),
    [list.data, byId],
  );
  const slotsById = useMemo(() => new Map(slots.map((slot) => [slot.id, slot])), [slots]);
  // The records as read, for the undo of a change: what it puts back.
  const recordsById = useMemo(
    () => new Map((list.data ?? []).map((record) => [record.id, record])),
    [list.data],
  );
  const { busy, problem, setProblem, run, removeOne, setStatus } = useListActions({
    slotsById,
    recordsById,
    clock,
    onDone,
    onBulkDone: () => setSelected(new Set()),
  });

  // What is selected stays among the rows shown: another window or channel starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on a new window or channel.
  useEffect(() => {
    setSelected(new Set());
    setProblem(null);
  }, [from, to, channel]);
  useEffect(() => {
    setSelected((current) => {
      const kept = [...current].filter((id) => slotsById.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [slotsById]);

  const allIds = slots.map((slot) => slot.id);
  const allChosen = allIds.length > 0 && allIds.every((id) => selected.has(id));
  const someChosen = selected.size > 0 && !allChosen;
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="sm">
      <Group>
        <NativeSelect
          label={t.timeslots.channel}
          data={[
            { value: '', label: t.timeslots.allChannels },
            ...channels.map((one) => ({ value: one.id, label: one.name })),
          ]}
          value={channel}
          onChange={(event) => setChannel(event.currentTarget.value)}
        />
      </Group>
      {canEdit && selected.size > 0 && (
        <BulkBar
          count={selected.size}
          busy={busy}
          moveBy={moveBy}
          onMoveBy={setMoveBy}
          onCancel={() => void run({ kind: 'cancel' }, [...selected])}
          onDelete={() => setConfirmDelete([...selected])}
          onMove={(minutes) => void run({ kind: 'move', minutes }, [...selected])}
        />
      )}
      {problem && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {list.isPending && (
        <Loader role="status" size="sm" aria-label={t.timeslots.loadingTimeslots} />
      )}
      {list.isError && (
        <Alert color="red" role="alert">
          {describeError(list.error).error}
        </Alert>
      )}
      {list.data && list.data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t.timeslots.noTimeslotsInThisWindow}
        </Text>
      )}
      {list.data && list.data.length > 0 && (
        <Table striped highlightOnHover aria-label={t.timeslots.timeslots}>
          <Table.Thead>
            <Table.Tr>
              {canEdit && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t.timeslots.selectAllTimeslots}
                    checked={allChosen}
                    indeterminate={someChosen}
                    onChange={() => setSelected(allChosen ? new Set() : new Set(allIds))}
                  />
                </Table.Th>
              )}
              <Table.Th>{t.timeslots.channel}</Table.Th>
              <Table.Th>{t.timeslots.start}</Table.Th>
              <Table.Th>{t.timeslots.show}</Table.Th>
              <Table.Th>{t.timeslots.duration}</Table.Th>
              <Table.Th>{t.timeslots.status}</Table.Th>
              {canEdit && <Table.Th>{t.timeslots.actions}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data ?? []).map((record) => {
              const slot = slotsById.get(record.id);
              if (!slot) return null;
              return (
                <TimeslotRow
                  key={slot.id}
                  slot={slot}
                  channelName={byId.get(record.channel)?.name}
                  clock={clock}
                  canEdit={canEdit}
                  busy={busy}
                  selected={selected.has(slot.id)}
                  onToggle={() => toggle(slot.id)}
                  onEdit={() => onEdit(slot.id)}
                  onStatus={(status) => void setStatus(slot, status)}
                  onDelete={() => setConfirmDelete([slot.id])}
                />
              );
            })}
          </Table.Tbody>
        </Table>
      )}

      <DeleteTimeslotsModal
        ids={confirmDelete}
        slotsById={slotsById}
        clock={clock}
        onClose={() => setConfirmDelete(null)}
        onConfirm={(ids) => {
          setConfirmDelete(null);
          if (ids.length === 1 && ids[0]) void removeOne(ids[0]);
          else void run({ kind: 'delete' }, ids);
        }}
      />
    </Stack>
  );
}
