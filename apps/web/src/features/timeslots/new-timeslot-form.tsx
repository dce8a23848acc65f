import { type ChangeMode, instantToLocal, QUARTER_HOUR_MS } from '@airgrid/domain';
import type { GuideChannel } from '@airgrid/schema';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { placeTimeslot } from './queries';
import type { ShowItem } from './show-list';
import { TimeslotFields } from './timeslot-fields';
import {
  checkTimeslot,
  durationForShow,
  placeServerErrors,
  type TimeslotErrors,
  type TimeslotValues,
} from './timeslot-form';
import { type UndoWrite, unplace } from './undo';

interface Props {
  opened: boolean;
  onClose: () => void;
  organization: string;
  zone: string;
  channels: readonly GuideChannel[];
  shows: readonly ShowItem[];
  /** The date the workspace shows: the form starts on it. */
  date: string;
  /** The workspace's overlap mode, which the new timeslot obeys. */
  mode: ChangeMode;
  onDone: (summary: string, undo: UndoWrite[]) => void;
}

/** The form's first values: the workspace's date, at the next quarter hour when that is today. */
function initialValues(
  date: string,
  zone: string,
  channels: readonly GuideChannel[],
): TimeslotValues {
  const next = instantToLocal(Math.ceil(Date.now() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS, zone);
  return {
    show: '',
    channel: channels[0]?.id ?? '',
    date,
    time: next.slice(0, 10) === date ? next.slice(11, 16) : '09:00',
    durationMin: 60,
    status: 'scheduled',
    note: '',
    locked: false,
  };
}

/** New timeslot: the fields, placed through the overlap mode like a drop. */
export function NewTimeslotForm(props: Props) {
  const t = messages();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t.timeslots.newTimeslot}>
      {props.opened && <FormBody {...props} />}
    </Modal>
  );
}

function FormBody({ onClose, organization, zone, channels, shows, date, mode, onDone }: Props) {
  const t = messages();
  const [values, setValues] = useState(() => initialValues(date, zone, channels));
  const [durationTouched, setDurationTouched] = useState(false);
  const [errors, setErrors] = useState<TimeslotErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Opened from a link, the form may come before the channels: it takes the first when they do.
  const firstChannel = channels[0]?.id ?? '';
  useEffect(() => {
    if (firstChannel !== '') {
      setValues((current) =>
        current.channel === '' ? { ...current, channel: firstChannel } : current,
      );
    }
  }, [firstChannel]);

  const change = (next: TimeslotValues) => {
    if (next.durationMin !== values.durationMin) setDurationTouched(true);
    // A show's running time, rounded up to 15 minutes, until the duration is typed in.
    const show = shows.find((one) => one.id === next.show);
    if (next.show !== values.show && show && !durationTouched) {
      next = { ...next, durationMin: durationForShow(show.durationSec) };
    }
    setValues(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTimeslot(values, zone);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const placed = await placeTimeslot({ ...checked.fields, organization, mode });
      const title =
        shows.find((one) => one.id === checked.fields.show)?.title ?? t.timeslots.timeslot;
      const pushed = placed.changed.length;
      onDone(
        t.timeslots.scheduledPushed(title, pushed),
        unplace(
          placed.timeslot.id,
          placed.changed,
          new Map(placed.previous.map((span) => [span.id, span])),
        ),
      );
      onClose();
    } catch (error) {
      const described = describeError(error);
      const placedErrors = placeServerErrors(described.fieldErrors);
      setErrors(placedErrors.errors);
      const placedSome = Object.keys(placedErrors.errors).length > 0;
      setFormError(
        [placedSome ? null : described.error, ...placedErrors.rest].filter(Boolean).join(' ') ||
          null,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t.timeslots.newTimeslot}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {mode === 'push' ? t.timeslots.pushIfTheSlotIs : t.timeslots.noOverlapASlotThat}
        </Text>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TimeslotFields
          values={values}
          errors={errors}
          onChange={change}
          channels={channels}
          shows={shows}
          zone={zone}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t.common.close}
          </Button>
          <Button type="submit" loading={busy}>
            {t.timeslots.schedule}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
