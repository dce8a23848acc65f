import { Button, Group, NumberInput, Text } from '@mantine/core';
import { IconBan, IconTrash } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import { BATCH_LIMIT, MOVE_STEP_MINUTES, moveMinutesProblem } from './bulk-actions';
import classes from './timeslots.module.css';

/** The toolbar over the list while rows are selected: cancel, delete or move them all. */
export function BulkBar({
  count,
  busy,
  moveBy,
  onMoveBy: setMoveBy,
  onCancel,
  onDelete,
  onMove,
}: {
  /** How many rows are selected. */
  count: number;
  busy: boolean;
  /** The minutes typed to move by: kept by the list while the bar comes and goes. */
  moveBy: number | string;
  onMoveBy: (value: number | string) => void;
  onCancel: () => void;
  onDelete: () => void;
  onMove: (minutes: number) => void;
}) {
  const t = messages();
  const moveProblem = moveMinutesProblem(typeof moveBy === 'number' ? moveBy : Number.NaN);
  return (
    <Group
      className={classes.bulkBar}
      gap="sm"
      align="end"
      py="xs"
      role="toolbar"
      aria-label={t.timeslots.bulkActions}
    >
      <Text fw={600} data-testid="selection-count">
        {t.timeslots.sizeSelected(count)}
      </Text>
      <Button
        variant="default"
        leftSection={<IconBan size={16} />}
        loading={busy}
        onClick={onCancel}
      >
        {t.timeslots.cancelAirings}
      </Button>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} />}
        disabled={busy}
        onClick={onDelete}
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
      <Button disabled={busy || moveProblem !== null} onClick={() => onMove(Number(moveBy))}>
        {t.timeslots.move}
      </Button>
      {count > BATCH_LIMIT && (
        <Text size="xs" c="dimmed" maw={280}>
          {t.timeslots.sizeTimeslotsGoInBatches(count, BATCH_LIMIT)}
        </Text>
      )}
    </Group>
  );
}
