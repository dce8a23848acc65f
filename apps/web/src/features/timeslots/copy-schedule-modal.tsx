import { addDays, mondayOfWeek, todayIn } from '@airgrid/domain';
import type { CopyResult, GuideChannel } from '@airgrid/schema';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { describeError } from '../../ui/forms/server-errors';
import { toast } from '../../ui/toast';
import { type CopyLength, copyEnd, copyTargets } from './series-model';
import { copySchedule } from './series-queries';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The organization's zone: the default dates are its today and this week's Monday. */
  zone: string;
  channels: readonly GuideChannel[];
  /** The copies were made: the page reads its window again. */
  onCopied: () => void;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "03/09/2026" for "2026-03-09"; what is not a date is shown as typed. */
function usDate(date: string): string {
  return DATE.test(date) ? `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}` : date;
}

/** "12 airings" / "1 airing". */
function airings(count: number): string {
  return `${count} airing${count === 1 ? '' : 's'}`;
}

/**
 * "Copy schedule": a day or a week of chosen channels copied to other dates, each airing at the
 * same time on its channel's clock. Checking asks the server for every copy and collision
 * without writing; the copy itself is one transaction, all or none (or all but the collisions,
 * when the person chooses to skip them).
 */
export function CopyScheduleModal({ opened, onClose, zone, channels, onCopied }: Props) {
  const [length, setLength] = useState<CopyLength>('week');
  const [from, setFrom] = useState(() => mondayOfWeek(Date.now(), zone));
  const [to, setTo] = useState(() => addDays(mondayOfWeek(Date.now(), zone), 7));
  const [count, setCount] = useState<number | string>(1);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [checked, setChecked] = useState<CopyResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const chosen = picked ?? channels.map((one) => one.id);

  const reset = () => {
    setChecked(null);
    setError(null);
    setFieldErrors({});
  };
  const change = (update: () => void) => {
    update();
    reset();
  };

  const body = () => {
    const copies = Number(count);
    const errors: Record<string, string> = {};
    if (!DATE.test(from)) errors.from = 'Choose the first day to copy.';
    if (!DATE.test(to)) errors.to = 'Choose the date the copy starts on.';
    if (!Number.isInteger(copies) || copies < 1 || copies > 53) {
      errors.count = 'From 1 to 53 copies.';
    }
    if (chosen.length === 0) errors.channels = 'Choose at least one channel.';
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return null;
    return {
      from,
      to: copyEnd(from, length),
      channels: chosen,
      targets: copyTargets(to, copies, length),
    };
  };

  const run = async (mode: 'check' | 'copy' | 'skip') => {
    const request = body();
    if (!request) return;
    setBusy(true);
    setError(null);
    try {
      const result = await copySchedule({
        ...request,
        dryRun: mode === 'check',
        skipCollisions: mode === 'skip',
      });
      if (mode === 'check') {
        setChecked(result);
        return;
      }
      toast({
        severity: 'success',
        summary: `Copied ${airings(result.created)}`,
        ...(result.skipped > 0
          ? { detail: `${airings(result.skipped)} left out: they collided.` }
          : {}),
      });
      onCopied();
      close();
    } catch (failure) {
      const described = describeError(failure);
      const { collisions: _collisions, ...fields } = described.fieldErrors;
      setFieldErrors(fields);
      setError(described.error ?? 'Not copied.');
      setChecked(null);
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    reset();
    onClose();
  };

  const unit = length === 'week' ? 'week' : 'day';
  const collisions = checked?.collisions ?? [];
  return (
    <Modal opened={opened} onClose={close} title="Copy schedule" size="lg">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="What to copy"
          data={[
            { value: 'day', label: 'A day' },
            { value: 'week', label: 'A week' },
          ]}
          value={length}
          onChange={(value) =>
            change(() => {
              const next = value as CopyLength;
              setLength(next);
              const start =
                next === 'week' ? mondayOfWeek(Date.now(), zone) : todayIn(zone, Date.now());
              setFrom(start);
              setTo(addDays(start, next === 'week' ? 7 : 1));
            })
          }
        />
        <Group grow align="start" wrap="nowrap" gap="xs">
          <TextInput
            type="date"
            label={length === 'week' ? 'Week starting' : 'Day'}
            miw={0}
            value={from}
            error={fieldErrors.from}
            onChange={(event) => {
              const value = event.currentTarget.value;
              change(() => setFrom(value));
            }}
          />
          <TextInput
            type="date"
            label="Copy to"
            miw={0}
            value={to}
            error={fieldErrors.to ?? fieldErrors.targets}
            onChange={(event) => {
              const value = event.currentTarget.value;
              change(() => setTo(value));
            }}
          />
          <NumberInput
            label={`${unit === 'week' ? 'Weeks' : 'Days'} in a row`}
            miw={0}
            min={1}
            max={53}
            value={count}
            error={fieldErrors.count}
            onChange={(value) => change(() => setCount(value))}
          />
        </Group>
        <Text size="xs" c="dimmed" mt={-6} data-testid="copy-summary">
          Copies{' '}
          {length === 'week' ? `${usDate(from)}–${usDate(copyEnd(from, 'week'))}` : usDate(from)} to{' '}
          {Number(count) > 1 ? `${count} ${unit}s in a row from ${usDate(to)}` : usDate(to)}, each
          airing at the same time on its channel’s clock.
        </Text>
        <Checkbox.Group
          label="Channels"
          value={chosen}
          error={fieldErrors.channels}
          onChange={(value) => change(() => setPicked(value))}
        >
          <Group gap="sm" mt={4}>
            {channels.map((one) => (
              <Checkbox key={one.id} value={one.id} label={one.name} />
            ))}
          </Group>
        </Checkbox.Group>

        {error && (
          <Alert color="red" role="alert" title="Not copied">
            {error}
          </Alert>
        )}
        {checked && collisions.length === 0 && (
          <Alert color="green" title="Ready to copy" data-testid="copy-check">
            {checked.copies === 0
              ? 'There is nothing scheduled to copy on those days.'
              : `${airings(checked.copies)} will be copied; nothing is in the way.`}
          </Alert>
        )}
        {checked && collisions.length > 0 && (
          <Alert
            color="orange"
            title={`${airings(collisions.length)} would collide`}
            data-testid="copy-check"
          >
            <List size="sm">
              {collisions.map((collision) => (
                <List.Item key={`${collision.channel}-${collision.start}-${collision.timeslot}`}>
                  {collision.message}
                </List.Item>
              ))}
            </List>
            <Text size="sm" mt="xs">
              Move or delete what is in the way and check again, or copy the rest and leave these
              out.
            </Text>
          </Alert>
        )}

        <Group justify="end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          {(!checked || collisions.length > 0) && (
            <Button
              variant={checked ? 'default' : 'filled'}
              loading={busy && !checked}
              onClick={() => void run('check')}
            >
              {checked ? 'Check again' : 'Check for collisions'}
            </Button>
          )}
          {checked && collisions.length > 0 && checked.copies > 0 && (
            <Button color="orange" loading={busy} onClick={() => void run('skip')}>
              Copy the other {airings(checked.copies)}
            </Button>
          )}
          {checked && collisions.length === 0 && checked.copies > 0 && (
            <Button loading={busy} onClick={() => void run('copy')}>
              Copy {airings(checked.copies)}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
