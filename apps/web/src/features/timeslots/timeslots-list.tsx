import { type Clock, formatDuration, fromRecordDate } from '@airgrid/domain';
import type { GuideChannel } from '@airgrid/schema';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBan, IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { useEffect, useMemo, useState } from 'react';
import { describeError } from '../../ui/forms/server-errors';
import { toast } from '../../ui/toast';
import {
  BATCH_LIMIT,
  type BulkAction,
  batchFailureText,
  bulkSuccessText,
  bulkWrites,
  type ListSlot,
  MOVE_STEP_MINUTES,
  moveMinutesProblem,
  runBatches,
  slotName,
} from './bulk-actions';
import { deleteTimeslot, sendTimeslotBatch, updateTimeslot } from './list-queries';
import { type ListedTimeslot, timeslotKeys, timeslotQueries } from './queries';
import classes from './timeslots.module.css';
import { listStart } from './timeslots-model';

interface Props {
  from: number;
  to: number;
  channels: readonly GuideChannel[];
  /** Owners, admins and editors get row actions and multi-select. */
  canEdit: boolean;
  clock: Clock;
  /** Opens the timeslot in the editing panel the chart uses. */
  onEdit: (id: string) => void;
}

/** The first field message of a refused write (an overlap names the show), else its message. */
function refusalDetail(error: unknown): string {
  const described = describeError(error);
  return Object.values(described.fieldErrors)[0] ?? described.error ?? 'The server refused it.';
}

/**
 * The window's timeslots as a table, cancelled ones included (the chart, drawn from the guide,
 * leaves them out): each start on its channel's own clock. Editors get row actions (edit in the
 * chart's timeslot panel, cancel or restore, delete after a confirmation) and
 * multi-select with bulk delete, cancel and move, sent through the batch API.
 */
export function TimeslotsList({ from, to, channels, canEdit, clock, onEdit }: Props) {
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState('');
  // Under the workspace's key, so the page's invalidation refreshes it with the chart.
  const list = useQuery(timeslotQueries.list(from, to, channel));
  const byId = useMemo(() => new Map(channels.map((one) => [one.id, one])), [channels]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState<string[] | null>(null);
  const [moveBy, setMoveBy] = useState<number | string>(MOVE_STEP_MINUTES);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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

  const refresh = () => queryClient.invalidateQueries({ queryKey: timeslotKeys.all });

  /** Runs an action on timeslots: in batches of 50, each all or nothing. */
  async function run(action: BulkAction, ids: readonly string[]) {
    const chosen = ids.flatMap((id) => slotsById.get(id) ?? []);
    let writes: ReturnType<typeof bulkWrites>;
    try {
      writes = bulkWrites(action, chosen);
    } catch (error) {
      setProblem((error as Error).message);
      return;
    }
    if (writes.length === 0) {
      setProblem('Nothing to do: the chosen timeslots are cancelled already.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await runBatches(writes, sendTimeslotBatch);
      if (outcome.failure) {
        const body =
          outcome.failure.error instanceof ClientResponseError
            ? outcome.failure.error.response
            : { message: refusalDetail(outcome.failure.error) };
        const done =
          outcome.applied > 0
            ? ` The first ${outcome.applied} (in batches of ${BATCH_LIMIT}) were applied.`
            : '';
        setProblem(`${batchFailureText(body, outcome.failure.writes, slotsById, clock)}${done}`);
      } else {
        toast({ severity: 'success', summary: bulkSuccessText(action, outcome.applied) });
        setSelected(new Set());
      }
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  async function removeOne(id: string) {
    const slot = slotsById.get(id);
    setBusy(true);
    setProblem(null);
    try {
      await deleteTimeslot(id);
      toast({ severity: 'success', summary: 'Timeslot deleted' });
    } catch (error) {
      setProblem(
        `${slot ? slotName(slot, clock) : 'The timeslot'} could not be deleted: ${refusalDetail(error)}`,
      );
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  async function setStatus(slot: ListSlot, status: 'scheduled' | 'cancelled') {
    setBusy(true);
    setProblem(null);
    try {
      await updateTimeslot(slot.id, { status });
      toast({
        severity: 'success',
        summary: status === 'cancelled' ? 'Airing cancelled' : 'Airing restored',
      });
    } catch (error) {
      setProblem(`${slotName(slot, clock)} could not be changed: ${refusalDetail(error)}`);
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  const allIds = slots.map((slot) => slot.id);
  const allChosen = allIds.length > 0 && allIds.every((id) => selected.has(id));
  const someChosen = selected.size > 0 && !allChosen;
  const moveProblem = moveMinutesProblem(typeof moveBy === 'number' ? moveBy : Number.NaN);
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
          label="Channel"
          data={[
            { value: '', label: 'All channels' },
            ...channels.map((one) => ({ value: one.id, label: one.name })),
          ]}
          value={channel}
          onChange={(event) => setChannel(event.currentTarget.value)}
        />
      </Group>
      {canEdit && selected.size > 0 && (
        <Group
          className={classes.bulkBar}
          gap="sm"
          align="end"
          py="xs"
          role="toolbar"
          aria-label="Bulk actions"
        >
          <Text fw={600} data-testid="selection-count">
            {selected.size} selected
          </Text>
          <Button
            variant="default"
            leftSection={<IconBan size={16} />}
            loading={busy}
            onClick={() => void run({ kind: 'cancel' }, [...selected])}
          >
            Cancel airings
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={busy}
            onClick={() => setConfirmDelete([...selected])}
          >
            Delete
          </Button>
          <NumberInput
            label="Move by (minutes)"
            description="15-minute steps; negative is earlier"
            step={MOVE_STEP_MINUTES}
            w={200}
            value={moveBy}
            onChange={setMoveBy}
            error={moveBy === '' ? undefined : (moveProblem ?? undefined)}
          />
          <Button
            disabled={busy || moveProblem !== null}
            onClick={() => void run({ kind: 'move', minutes: Number(moveBy) }, [...selected])}
          >
            Move
          </Button>
          {selected.size > BATCH_LIMIT && (
            <Text size="xs" c="dimmed" maw={280}>
              {`${selected.size} timeslots go in batches of ${BATCH_LIMIT}: each batch is all or nothing, and a refused batch stops the ones after it.`}
            </Text>
          )}
        </Group>
      )}
      {problem && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {list.isPending && <Loader role="status" size="sm" aria-label="Loading timeslots" />}
      {list.isError && (
        <Alert color="red" role="alert">
          {describeError(list.error).error}
        </Alert>
      )}
      {list.data && list.data.length === 0 && (
        <Text c="dimmed" size="sm">
          No timeslots in this window.
        </Text>
      )}
      {list.data && list.data.length > 0 && (
        <Table striped highlightOnHover aria-label="Timeslots">
          <Table.Thead>
            <Table.Tr>
              {canEdit && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all timeslots"
                    checked={allChosen}
                    indeterminate={someChosen}
                    onChange={() => setSelected(allChosen ? new Set() : new Set(allIds))}
                  />
                </Table.Th>
              )}
              <Table.Th>Channel</Table.Th>
              <Table.Th>Start</Table.Th>
              <Table.Th>Show</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th>Status</Table.Th>
              {canEdit && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data ?? []).map((record) => {
              const slot = slotsById.get(record.id);
              if (!slot) return null;
              const owner = byId.get(record.channel);
              const name = slotName(slot, clock);
              return (
                <Table.Tr key={slot.id} data-timeslot-id={slot.id}>
                  {canEdit && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${name}`}
                        checked={selected.has(slot.id)}
                        onChange={() => toggle(slot.id)}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>{owner?.name ?? 'Archived channel'}</Table.Td>
                  <Table.Td>{listStart(slot.start, slot.zone, clock)}</Table.Td>
                  <Table.Td>{slot.title}</Table.Td>
                  <Table.Td>{formatDuration(slot.durationSec)}</Table.Td>
                  <Table.Td>
                    <Badge color={slot.status === 'cancelled' ? 'gray' : 'green'} variant="light">
                      {slot.status === 'cancelled' ? 'Cancelled' : 'Scheduled'}
                    </Badge>
                  </Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Edit ${name}`}
                            disabled={busy}
                            onClick={() => onEdit(slot.id)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        {slot.status === 'cancelled' ? (
                          <Tooltip label="Restore the airing">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Restore ${name}`}
                              disabled={busy}
                              onClick={() => void setStatus(slot, 'scheduled')}
                            >
                              <IconRestore size={16} />
                            </ActionIcon>
                          </Tooltip>
                        ) : (
                          <Tooltip label="Cancel the airing">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Cancel ${name}`}
                              disabled={busy}
                              onClick={() => void setStatus(slot, 'cancelled')}
                            >
                              <IconBan size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${name}`}
                            disabled={busy}
                            onClick={() => setConfirmDelete([slot.id])}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}

      <Modal
        opened={confirmDelete !== null}
        onClose={() => setConfirmDelete(null)}
        title={confirmDelete?.length === 1 ? 'Delete this timeslot?' : 'Delete these timeslots?'}
      >
        <Stack>
          <Text size="sm">
            {confirmDelete?.length === 1
              ? `${(() => {
                  const one = slotsById.get(confirmDelete[0] ?? '');
                  return one ? slotName(one, clock) : 'The timeslot';
                })()} will be removed from the schedule. This cannot be undone.`
              : `${confirmDelete?.length ?? 0} timeslots will be removed from the schedule. This cannot be undone.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(null)}>
              Keep
            </Button>
            <Button
              color="red"
              onClick={() => {
                const ids = confirmDelete ?? [];
                setConfirmDelete(null);
                if (ids.length === 1 && ids[0]) void removeOne(ids[0]);
                else void run({ kind: 'delete' }, ids);
              }}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
