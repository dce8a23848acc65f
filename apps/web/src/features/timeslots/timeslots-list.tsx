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
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { useAction } from '../../ui/forms/use-action';
import {
  BATCH_LIMIT,
  type BatchRun,
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
import { recreateFields, revertFields, type UndoWrite, undoBulk } from './undo';

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

/** The first field message of a refused write (an overlap names the show), else its message. */
function refusalDetail(error: unknown): string {
  const t = messages();
  const described = describeError(error);
  return (
    Object.values(described.fieldErrors)[0] ?? described.error ?? t.timeslots.theServerRefusedIt
  );
}

/** A batch the server refused, after `applied` writes of earlier batches went through. */
class BatchRefused extends Error {
  constructor(
    readonly refusal: NonNullable<BatchRun['failure']>,
    readonly applied: number,
  ) {
    super('A batch was refused.');
  }
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
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState('');
  // Under the workspace's key, so the page's invalidation refreshes it with the chart.
  const list = useQuery(timeslotQueries.list(from, to, channel));
  const byId = useMemo(() => new Map(channels.map((one) => [one.id, one])), [channels]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState<string[] | null>(null);
  const [moveBy, setMoveBy] = useState<number | string>(MOVE_STEP_MINUTES);
  const [problem, setProblem] = useState<string | null>(null);
  const action = useAction();
  const busy = action.busy;

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

  // A refusal leaves the list as the server has it (earlier batches applied, a row deleted
  // meanwhile): the list is read again whatever the outcome.
  const refresh = () => queryClient.invalidateQueries({ queryKey: timeslotKeys.all });
  const refused = (text: string) => {
    setProblem(text);
    void refresh();
  };

  /** Runs an action on timeslots: in batches of 50, each all or nothing. */
  function run(bulk: BulkAction, ids: readonly string[]) {
    const chosen = ids.flatMap((id) => slotsById.get(id) ?? []);
    const records = ids.flatMap((id) => recordsById.get(id) ?? []);
    let writes: ReturnType<typeof bulkWrites>;
    try {
      writes = bulkWrites(bulk, chosen);
    } catch (error) {
      setProblem((error as Error).message);
      return;
    }
    if (writes.length === 0) {
      setProblem(t.timeslots.nothingToDoTheChosen);
      return;
    }
    setProblem(null);
    return action.run({
      save: async () => {
        const outcome = await runBatches(writes, sendTimeslotBatch);
        if (outcome.failure) throw new BatchRefused(outcome.failure, outcome.applied);
        return outcome.applied;
      },
      invalidate: [timeslotKeys.all],
      // Every batch went through: the toast offers to put them all back (one batch if it fits).
      onSaved: (applied) => {
        setSelected(new Set());
        onDone(bulkSuccessText(bulk, applied), undoBulk(bulk, records));
      },
      failure: (failure) => {
        if (!(failure instanceof BatchRefused)) {
          refused(refusalDetail(failure));
          return;
        }
        const { error, writes: refusedWrites } = failure.refusal;
        const body =
          error instanceof ClientResponseError ? error.response : { message: refusalDetail(error) };
        const done =
          failure.applied > 0
            ? t.timeslots.theFirstAppliedInBatches(failure.applied, BATCH_LIMIT)
            : '';
        refused(`${batchFailureText(body, refusedWrites, slotsById, clock)}${done}`);
      },
    });
  }

  function removeOne(id: string) {
    const slot = slotsById.get(id);
    const record = recordsById.get(id);
    setProblem(null);
    return action.run({
      save: () => deleteTimeslot(id),
      invalidate: [timeslotKeys.all],
      onSaved: () =>
        onDone(
          t.timeslots.timeslotDeleted,
          record ? [{ kind: 'create', fields: recreateFields(record) }] : [],
        ),
      failure: (error) =>
        refused(
          t.timeslots.valueCouldNotBeDeleted(
            slot ? slotName(slot, clock) : t.timeslots.theTimeslot,
            refusalDetail(error),
          ),
        ),
    });
  }

  function setStatus(slot: ListSlot, status: 'scheduled' | 'cancelled') {
    const record = recordsById.get(slot.id);
    setProblem(null);
    return action.run({
      save: () => updateTimeslot(slot.id, { status }),
      invalidate: [timeslotKeys.all],
      onSaved: () =>
        onDone(
          status === 'cancelled' ? t.timeslots.airingCancelled : t.timeslots.airingRestored,
          record ? [revertFields(record, { status })] : [],
        ),
      failure: (error) =>
        refused(t.timeslots.slotCouldNotBeChanged(slotName(slot, clock), refusalDetail(error))),
    });
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
        <Group
          className={classes.bulkBar}
          gap="sm"
          align="end"
          py="xs"
          role="toolbar"
          aria-label={t.timeslots.bulkActions}
        >
          <Text fw={600} data-testid="selection-count">
            {t.timeslots.sizeSelected(selected.size)}
          </Text>
          <Button
            variant="default"
            leftSection={<IconBan size={16} />}
            loading={busy}
            onClick={() => void run({ kind: 'cancel' }, [...selected])}
          >
            {t.timeslots.cancelAirings}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={busy}
            onClick={() => setConfirmDelete([...selected])}
          >
            {t.common.delete}
          </Button>
          <NumberInput
            label={t.timeslots.moveByMinutes}
            description={t.timeslots._15MinuteStepsNegativeIs}
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
            {t.timeslots.move}
          </Button>
          {selected.size > BATCH_LIMIT && (
            <Text size="xs" c="dimmed" maw={280}>
              {t.timeslots.sizeTimeslotsGoInBatches(selected.size, BATCH_LIMIT)}
            </Text>
          )}
        </Group>
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
              const owner = byId.get(record.channel);
              const name = slotName(slot, clock);
              return (
                <Table.Tr key={slot.id} data-timeslot-id={slot.id}>
                  {canEdit && (
                    <Table.Td>
                      <Checkbox
                        aria-label={t.timeslots.selectName(name)}
                        checked={selected.has(slot.id)}
                        onChange={() => toggle(slot.id)}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>{owner?.name ?? t.timeslots.archivedChannel}</Table.Td>
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
                            onClick={() => onEdit(slot.id)}
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
                              onClick={() => void setStatus(slot, 'scheduled')}
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
                              onClick={() => void setStatus(slot, 'cancelled')}
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
            <Button variant="default" onClick={() => setConfirmDelete(null)}>
              {t.timeslots.keep}
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
              {t.common.delete}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
