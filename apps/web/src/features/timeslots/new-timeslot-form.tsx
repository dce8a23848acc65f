import { type ChangeMode, instantToLocal, QUARTER_HOUR_MS } from '@airgrid/domain';
import type { GuideChannel } from '@airgrid/schema';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { messages } from '../../i18n/messages';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { type PlaceResult, placeTimeslot } from './queries';
import type { ShowItem } from './show-list';
import { TimeslotFields } from './timeslot-fields';
import {
  checkedFields,
  durationForShow,
  explainTimeslotFailure,
  type TimeslotValues,
  timeslotProblems,
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
  /** The show to start with (`?show=` of a link "Schedule it"), or ''. */
  initialShow?: string;
  onDone: (summary: string, undo: UndoWrite[]) => void;
}

/** The form's first values: the workspace's date, at the next quarter hour when that is today. */
function initialValues(
  date: string,
  zone: string,
  channels: readonly GuideChannel[],
  show: ShowItem | undefined,
): TimeslotValues {
  const next = instantToLocal(Math.ceil(Date.now() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS, zone);
  return {
    show: show?.id ?? '',
    channel: channels[0]?.id ?? '',
    date,
    time: next.slice(0, 10) === date ? next.slice(11, 16) : '09:00',
    durationMin: show ? durationForShow(show.durationSec) : 60,
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

function FormBody({
  onClose,
  organization,
  zone,
  channels,
  shows,
  date,
  mode,
  onDone,
  initialShow = '',
}: Props) {
  const t = messages();
  const form = useRecordForm<TimeslotValues, PlaceResult>({
    initialValues: () =>
      initialValues(
        date,
        zone,
        channels,
        shows.find((one) => one.id === initialShow),
      ),
    validate: (values) => timeslotProblems(values, zone),
    save: (values) => placeTimeslot({ ...checkedFields(values, zone), organization, mode }),
    // The page says it, with an Undo: the timeslot and what it pushed go back.
    onSaved: (placed, values) => {
      const title = shows.find((one) => one.id === values.show)?.title ?? t.timeslots.timeslot;
      onDone(
        t.timeslots.scheduledPushed(title, placed.changed.length),
        unplace(
          placed.timeslot.id,
          placed.changed,
          new Map(placed.previous.map((span) => [span.id, span])),
        ),
      );
      onClose();
    },
    explain: explainTimeslotFailure,
  });
  const [durationTouched, setDurationTouched] = useState(false);
  // Opened from a link, the form may come before the channels: it takes the first when they do.
  const firstChannel = channels[0]?.id ?? '';
  const { update } = form;
  useEffect(() => {
    if (firstChannel !== '') {
      update((current) =>
        current.channel === '' ? { ...current, channel: firstChannel } : current,
      );
    }
  }, [firstChannel, update]);

  const change = (next: TimeslotValues) => {
    if (next.durationMin !== form.values.durationMin) setDurationTouched(true);
    // A show's running time, rounded up to 15 minutes, until the duration is typed in.
    const show = shows.find((one) => one.id === next.show);
    if (next.show !== form.values.show && show && !durationTouched) {
      next = { ...next, durationMin: durationForShow(show.durationSec) };
    }
    update(() => next);
  };

  return (
    <form onSubmit={form.submit} noValidate aria-label={t.timeslots.newTimeslot}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {mode === 'push' ? t.timeslots.pushIfTheSlotIs : t.timeslots.noOverlapASlotThat}
        </Text>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <TimeslotFields
          values={form.values}
          errors={form.errors}
          onChange={change}
          channels={channels}
          shows={shows}
          zone={zone}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={form.busy}>
            {t.common.close}
          </Button>
          <Button type="submit" loading={form.busy}>
            {t.timeslots.schedule}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
