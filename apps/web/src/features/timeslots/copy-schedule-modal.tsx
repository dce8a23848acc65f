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
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { useAction } from '../../ui/forms/use-action';
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
  return messages().timeslots.airingCount(count);
}

/**
 * "Copy schedule": a day or a week of chosen channels copied to other dates, each airing at the
 * same time on its channel's clock. Checking asks the server for every copy and collision
 * without writing; the copy itself is one transaction, all or none (or all but the collisions,
 * when the person chooses to skip them).
 */
export function CopyScheduleModal({ opened, onClose, zone, channels, onCopied }: Props) {
  const t = messages();
  const [length, setLength] = useState<CopyLength>('week');
  const [from, setFrom] = useState(() => mondayOfWeek(Date.now(), zone));
  const [to, setTo] = useState(() => addDays(mondayOfWeek(Date.now(), zone), 7));
  const [count, setCount] = useState<number | string>(1);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [checked, setChecked] = useState<CopyResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const action = useAction();
  const busy = action.busy;
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
    if (!DATE.test(from)) errors.from = t.timeslots.chooseTheFirstDayTo;
    if (!DATE.test(to)) errors.to = t.timeslots.chooseTheDateTheCopy;
    if (!Number.isInteger(copies) || copies < 1 || copies > 53) {
      errors.count = t.timeslots.from1To53Copies;
    }
    if (chosen.length === 0) errors.channels = t.timeslots.chooseAtLeastOneChannel;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return null;
    return {
      from,
      to: copyEnd(from, length),
      channels: chosen,
      targets: copyTargets(to, copies, length),
    };
  };

  /** Checking is a dry run: what would be copied and what collides, said in the modal. */
  const run = (mode: 'check' | 'copy' | 'skip') => {
    const request = body();
    if (!request) return;
    setError(null);
    return action.run({
      save: () =>
        copySchedule({ ...request, dryRun: mode === 'check', skipCollisions: mode === 'skip' }),
      success: (result) =>
        mode === 'check'
          ? null
          : {
              summary: t.timeslots.copiedCreated(airings(result.created)),
              ...(result.skipped > 0
                ? { detail: t.timeslots.skippedLeftOutTheyCollided(airings(result.skipped)) }
                : {}),
            },
      onSaved: (result) => {
        if (mode === 'check') {
          setChecked(result);
          return;
        }
        onCopied();
        close();
      },
      failure: (failure) => {
        const described = describeError(failure);
        const { collisions: _collisions, ...fields } = described.fieldErrors;
        setFieldErrors(fields);
        setError(described.error ?? t.timeslots.notCopied);
        setChecked(null);
      },
    });
  };

  const close = () => {
    reset();
    onClose();
  };

  const unit = length === 'week' ? 'week' : 'day';
  const collisions = checked?.collisions ?? [];
  return (
    <Modal opened={opened} onClose={close} title={t.timeslots.copySchedule} size="lg">
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t.timeslots.whatToCopy}
          data={[
            { value: 'day', label: t.timeslots.aDay },
            { value: 'week', label: t.timeslots.aWeek },
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
            label={length === 'week' ? t.timeslots.weekStarting : t.timeslots.day}
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
            label={t.timeslots.copyTo}
            miw={0}
            value={to}
            error={fieldErrors.to ?? fieldErrors.targets}
            onChange={(event) => {
              const value = event.currentTarget.value;
              change(() => setTo(value));
            }}
          />
          <NumberInput
            label={unit === 'week' ? t.timeslots.weeksInARow : t.timeslots.daysInARow}
            miw={0}
            min={1}
            max={53}
            value={count}
            error={fieldErrors.count}
            onChange={(value) => change(() => setCount(value))}
          />
        </Group>
        <Text size="xs" c="dimmed" mt={-6} data-testid="copy-summary">
          {t.timeslots.copySummary(
            length === 'week' ? `${usDate(from)}–${usDate(copyEnd(from, 'week'))}` : usDate(from),
            Number(count) > 1 ? t.timeslots.inARowFrom(count, unit, usDate(to)) : usDate(to),
          )}
        </Text>
        <Checkbox.Group
          label={t.timeslots.channels}
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
          <Alert color="red" role="alert" title={t.timeslots.notCopiedTitle}>
            {error}
          </Alert>
        )}
        {checked && collisions.length === 0 && (
          <Alert color="green" title={t.timeslots.readyToCopy} data-testid="copy-check">
            {checked.copies === 0
              ? t.timeslots.thereIsNothingScheduledTo
              : t.timeslots.copiesWillBeCopiedNothing(airings(checked.copies))}
          </Alert>
        )}
        {checked && collisions.length > 0 && (
          <Alert
            color="orange"
            title={t.timeslots.lengthWouldCollide(airings(collisions.length))}
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
              {t.timeslots.moveOrDeleteWhatIs}
            </Text>
          </Alert>
        )}

        <Group justify="end">
          <Button variant="default" onClick={close}>
            {t.common.cancel}
          </Button>
          {(!checked || collisions.length > 0) && (
            <Button
              variant={checked ? 'default' : 'filled'}
              loading={busy && !checked}
              onClick={() => void run('check')}
            >
              {checked ? t.timeslots.checkAgain : t.timeslots.checkForCollisions}
            </Button>
          )}
          {checked && collisions.length > 0 && checked.copies > 0 && (
            <Button color="orange" loading={busy} onClick={() => void run('skip')}>
              {t.timeslots.copyTheOtherCopies(airings(checked.copies))}
            </Button>
          )}
          {checked && collisions.length === 0 && checked.copies > 0 && (
            <Button loading={busy} onClick={() => void run('copy')}>
              {t.timeslots.copyCopies(airings(checked.copies))}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
